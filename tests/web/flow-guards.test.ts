import { describe, expect, it } from 'vitest';
import {
  detailsState,
  guardTarget,
  nextStepTarget,
  stepFromPath,
  type FlowStep,
  type GuardDrafts,
} from '../../src/web/features/booking/state/flow-guards';
import { registration } from './payment-fixtures';

const none: GuardDrafts = {};
const prices: GuardDrafts = { PriceDetails: {} };
const vehicle: GuardDrafts = { PriceDetails: {}, selectedVehicleData: {} };
const guest = registration();
const registered: GuardDrafts = { ...vehicle, registrationData: guest };
// A selection or registration left without prices counts for nothing.
const orphans: GuardDrafts = { selectedVehicleData: {}, registrationData: guest };
// Choosing New Client saves the form as it is: empty, which is no finished step.
const emptyNewClient: GuardDrafts = {
  ...vehicle,
  registrationMode: 'new_client',
  registrationData: registration({ firstName: '', surname: '', email: '', number: '' }),
};

describe('step guards', () => {
  it.each<[FlowStep, GuardDrafts, string]>([
    ['quote', none, '/booktripview'],
    ['quote', registered, '/booktripview'],
    ['quotation', none, '/'],
    ['quotation', orphans, '/'],
    ['quotation', prices, '/quotationview'],
    ['personalDetails', none, '/'],
    ['personalDetails', orphans, '/'],
    ['personalDetails', prices, '/quotationview'],
    ['personalDetails', vehicle, '/personalDetailView'],
    ['payment', none, '/'],
    ['payment', orphans, '/'],
    ['payment', prices, '/quotationview'],
    ['payment', vehicle, '/personalDetailView'],
    ['payment', { PriceDetails: {}, registrationData: guest }, '/quotationview'],
    ['payment', registered, '/paymentview'],
    ['payment', emptyNewClient, '/personalDetailView'],
  ])('a click on %s with %j goes to %s', (step, drafts, target) => {
    expect(guardTarget(step, drafts)).toBe(target);
  });
});

describe('current step', () => {
  it.each([
    ['/booktripview', 'quote'],
    ['/quotationview', 'quotation'],
    ['/QuotationView/', 'quotation'],
    ['/personalDetailView', 'personalDetails'],
    ['/paymentview', 'payment'],
    ['/stripecheckout', 'payment'],
    ['/checkout', 'payment'],
    ['/', undefined],
    ['/ourfleet', undefined],
  ])('%s is step %s', (path, step) => {
    expect(stepFromPath(path)).toBe(step);
  });
});

describe('Next step button', () => {
  it.each<[string, GuardDrafts, string | null]>([
    // From Quote: on to the results once priced; never to home.
    ['/booktripview', prices, '/quotationview'],
    ['/booktripview', none, null],
    // From the results: personal details is a target the spec hides the button for.
    ['/quotationview', vehicle, null],
    ['/quotationview', prices, null],
    // From personal details: on to payment once registered, else nowhere new.
    ['/personalDetailView', registered, '/paymentview'],
    ['/personalDetailView', vehicle, null],
    ['/personalDetailView', emptyNewClient, null],
    // The last step and pages off the flow have no next step.
    ['/paymentview', registered, null],
    ['/ourfleet', registered, null],
  ])('from %s with %j leads to %s', (path, drafts, target) => {
    expect(nextStepTarget(path, drafts)).toBe(target);
  });
});

describe('personal details done', () => {
  const newClient = (overrides: Parameters<typeof registration>[0] = {}): GuardDrafts => ({
    ...vehicle,
    registrationMode: 'new_client',
    registrationData: registration({
      password: 'correct horse battery',
      privacyAccepted: true,
      termsAccepted: true,
      ...overrides,
    }),
  });

  it.each<[string, GuardDrafts, string]>([
    ['a complete guest', registered, 'valid'],
    ['a complete new client', newClient(), 'valid'],
    ['nothing saved', vehicle, 'invalid'],
    ['an empty new client', emptyNewClient, 'invalid'],
    ['a new client without the terms', newClient({ termsAccepted: false }), 'invalid'],
    ['a new client with a short password', newClient({ password: 'short' }), 'invalid'],
    ['a bad email', newClient({ email: 'amelia@' }), 'invalid'],
    ['no number', newClient({ number: '' }), 'invalid'],
    ['a number with letters', newClient({ number: 'call me' }), 'invalid'],
    // The password was given and a reload dropped it: the payment page asks for it again.
    ['a dropped password', newClient({ password: '', passwordDropped: true }), 'passwordLost'],
    // Never given at all: the details step is not finished.
    ['a password never given', newClient({ password: '' }), 'invalid'],
    [
      'a dropped password with a bad email',
      newClient({ password: '', passwordDropped: true, email: 'x' }),
      'invalid',
    ],
  ])('%s is %s', (_name, drafts, state) => {
    expect(detailsState(drafts)).toBe(state);
  });
});
