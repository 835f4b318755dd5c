import { describe, expect, it } from 'vitest';
import {
  guardTarget,
  nextStepTarget,
  stepFromPath,
  type FlowStep,
  type GuardDrafts,
} from '../../src/web/features/booking/state/flow-guards';

const none: GuardDrafts = {};
const prices: GuardDrafts = { PriceDetails: {} };
const vehicle: GuardDrafts = { PriceDetails: {}, selectedVehicleData: {} };
const registered: GuardDrafts = { ...vehicle, registrationData: {} };
// A selection or registration left without prices counts for nothing.
const orphans: GuardDrafts = { selectedVehicleData: {}, registrationData: {} };

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
    ['payment', { PriceDetails: {}, registrationData: {} }, '/quotationview'],
    ['payment', registered, '/paymentview'],
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
    // The last step and pages off the flow have no next step.
    ['/paymentview', registered, null],
    ['/ourfleet', registered, null],
  ])('from %s with %j leads to %s', (path, drafts, target) => {
    expect(nextStepTarget(path, drafts)).toBe(target);
  });
});
