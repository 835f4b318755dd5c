import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { bookingNumberResponseSchema } from '../../src/contract/bookings';
import { API_PATHS } from '../../src/contract/paths';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { PAYMENT_CHANNEL_NAME } from '../../src/web/lib/checkout-redirect';
import { saveBookingDraft } from '../../src/web/features/booking/state/booking-drafts';
import { db } from '../../src/web/offline/db';
import { renderApp, preloadPages } from './helpers';
import { PENDING_NOTE } from '../../src/web/features/booking/confirmation/payment-result-page';
import {
  answerPaymentCalls,
  bookingAnswer,
  CHECKOUT_SESSION_ID,
  MANAGE_TOKEN,
  registration,
  seedBookingReadyToPay,
} from './payment-fixtures';
import { clearDrafts, quotationSettings } from './quotation-fixtures';

preloadPages('/payment-success');

const SUCCESS_PATH = `/payment-success?session_id=${CHECKOUT_SESSION_ID}`;

beforeEach(async () => {
  await clearDrafts();
  window.sessionStorage.clear();
});

const cardAnswer = () => ({
  body: bookingAnswer({ booking: { payment_method: 'card', payment_status: 'paid' } }),
});

/** The server's answer to a card booking repeated without the first request's key. */
const numberOnlyAnswer = () =>
  z.parse(bookingNumberResponseSchema, {
    success: true,
    message: BOOKING_MESSAGES.bookingAlreadyConfirmed,
    data: { booking: { booking_number: 'RB7K2M9Q' } },
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The value shown beside `label` in the details list. */
function valueOf(label: string, scope: HTMLElement = document.body): string | null {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

async function forgetDraftsInMemory() {
  const { resetBookingDraftsForTests } =
    await import('../../src/web/features/booking/state/booking-drafts');
  resetBookingDraftsForTests();
}

describe('payment success', () => {
  it("finalises the checkout session and shows every field of the spec's booking details", async () => {
    const { callsTo, violations } = answerPaymentCalls({ booking: cardAnswer });
    await seedBookingReadyToPay({
      mode: 'new_client',
      data: registration({
        password: 'kept in memory only',
        privacyAccepted: true,
        termsAccepted: true,
      }),
    });
    renderApp(SUCCESS_PATH);

    expect(
      await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou }),
    ).toBeTruthy();
    expect(screen.getByText(BOOKING_MESSAGES.quoteConfirmed)).toBeTruthy();
    expect(screen.getByText(BOOKING_MESSAGES.emailSent)).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Booking Details' });
    expect(valueOf('Reference ID', details)).toBe('RB7K2M9Q');
    expect(valueOf('Booking Type', details)).toBe('Normal Booking');
    const outward = within(details).getByRole('region', { name: 'Outward Journey' });
    expect(valueOf('Pickup Address', outward)).toBe(
      'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
    );
    expect(valueOf('Drop Off', outward)).toBe("London King's Cross Station, London N1 9AL");
    expect(valueOf('Pickup Date', outward)).toBe('21/11/2030');
    expect(valueOf('Pickup Time', outward)).toBe('15:05');
    const back = within(details).getByRole('region', { name: 'Return Journey' });
    expect(valueOf('Return From', back)).toBe("London King's Cross Station, London N1 9AL");
    expect(valueOf('Return To', back)).toBe('Heathrow Airport Terminal 5, Hounslow TW6 2GA');
    expect(valueOf('Return Date', back)).toBe('24/11/2030');
    expect(valueOf('Return Time', back)).toBe('09:30');
    expect(valueOf('Payment Method', details)).toBe('Pay by Card');
    expect(valueOf('Status', details)).toBe('Pending');
    expect(valueOf('Total Booking Amount', details)).toBe('£91.50');
    expect(within(details).queryByText('Hourly Duration')).toBeNull();
    const stops = within(details).getByRole('region', { name: 'Stops during travel' });
    expect(valueOf('Address', stops)).toBe('221B Baker Street');
    expect(valueOf('Post Code', stops)).toBe('NW1 6XE');
    const passenger = within(details).getByRole('region', { name: 'Passenger Details' });
    expect(valueOf('Email', passenger)).toBe('amelia.hughes@example.co.uk');
    expect(valueOf('Phone', passenger)).toBe('+44 7700 900123');
    expect(valueOf('Name', passenger)).toBe('Amelia Hughes');
    expect(valueOf('Additional Info', passenger)).toBe('Two suitcases');
    expect(valueOf('Total Passengers', passenger)).toBe('2');

    // Where the booking is, the car, who runs it and the flight, and the way to manage it.
    expect(screen.getByText('Booking status: Pending')).toBeTruthy();
    expect(screen.getByText(PENDING_NOTE)).toBeTruthy();
    const ride = within(details).getByRole('region', { name: 'Your Ride' });
    expect(valueOf('Vehicle', ride)).toBe('2 x Saloon');
    expect(valueOf('Operator', ride)).toBe('Heathrow Cars Ltd');
    expect(valueOf('Flight Number', ride)).toBe('BA283');
    expect(within(ride).queryByText('Return Flight Number')).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage your booking' }).getAttribute('href')).toBe(
      `/manage-booking/RB7K2M9Q?token=${MANAGE_TOKEN}`,
    );

    const [paymentIdCall] = callsTo(API_PATHS.getPaymentId);
    expect(paymentIdCall?.query.get('session_id')).toBe(CHECKOUT_SESSION_ID);
    const [call] = callsTo(API_PATHS.booking);
    expect(violations).toEqual([]);
    // A random key: the session id (in the address bar) must not be enough to replay it.
    expect(call?.idempotencyKey).toMatch(UUID);
    expect(call?.body).toMatchObject({
      payment_method: 'card',
      stripe_session_id: CHECKOUT_SESSION_ID,
      paymentId: 'pi_test_9',
      selected_passenger: 'new_client',
      selectedVehicle: 2,
      registrationData: { email: 'amelia.hughes@example.co.uk', password: '' },
    });
    // After success every saved draft goes; settings (the query cache) stay.
    await waitFor(async () => expect(await db.drafts.count()).toBe(0));
    expect(screen.getByText('£91.50')).toBeTruthy();
  });

  it('a reload sends the same request with the same key and shows the same booking', async () => {
    const { callsTo } = answerPaymentCalls({ booking: cardAnswer });
    await seedBookingReadyToPay();
    const first = renderApp(SUCCESS_PATH);
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    await waitFor(async () => expect(await db.drafts.count()).toBe(0));
    first.unmount();

    await forgetDraftsInMemory();
    renderApp(SUCCESS_PATH);
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    expect(valueOf('Reference ID')).toBe('RB7K2M9Q');
    const [a, b] = callsTo(API_PATHS.booking);
    expect(b?.idempotencyKey).toBe(a?.idempotencyKey);
    expect(b?.body).toEqual(a?.body);
    // The payment id was asked for once; the kept request carries it.
    expect(callsTo(API_PATHS.getPaymentId)).toHaveLength(1);
  });

  it('finalises a session opened in a tab that holds no booking drafts', async () => {
    const { callsTo, violations } = answerPaymentCalls({ booking: cardAnswer });
    renderApp(SUCCESS_PATH);
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    expect(valueOf('Reference ID')).toBe('RB7K2M9Q');
    expect(violations).toEqual([]);
    expect(callsTo(API_PATHS.booking)[0]?.body).toMatchObject({
      payment_method: 'card',
      stripe_session_id: CHECKOUT_SESSION_ID,
      paymentId: 'pi_test_9',
    });
  });

  it('says when the booking cannot be confirmed yet and retries safely', async () => {
    const { callsTo } = answerPaymentCalls({
      booking: (_call, index) => (index === 0 ? 'network-error' : cardAnswer()),
    });
    await seedBookingReadyToPay();
    const { user } = renderApp(SUCCESS_PATH);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'We could not confirm your booking yet',
      }),
    ).toBeTruthy();
    expect(await db.drafts.get('selectedVehicleData')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    const [first, second] = callsTo(API_PATHS.booking).map((call) => call.idempotencyKey);
    expect(first).toMatch(UUID);
    expect(second).toBe(first);
  });

  it('shows the reference when the server answers with the booking number only', async () => {
    answerPaymentCalls({ booking: () => ({ body: numberOnlyAnswer() }) });
    await seedBookingReadyToPay();
    renderApp(SUCCESS_PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou }),
    ).toBeTruthy();
    expect(screen.getByText('Reference ID: RB7K2M9Q')).toBeTruthy();
    expect(screen.getByText(BOOKING_MESSAGES.bookingAlreadyConfirmed)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Booking Details' })).toBeNull();
    // The booking is made: the drafts go, as after a full answer.
    await waitFor(async () => expect(await db.drafts.count()).toBe(0));
  });

  it('after a reload answered with the number only, shows the details this tab kept', async () => {
    answerPaymentCalls({
      booking: (_call, index) => (index === 0 ? cardAnswer() : { body: numberOnlyAnswer() }),
    });
    await seedBookingReadyToPay();
    const first = renderApp(SUCCESS_PATH);
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    await waitFor(async () => expect(await db.drafts.count()).toBe(0));
    first.unmount();

    await forgetDraftsInMemory();
    renderApp(SUCCESS_PATH);
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    const details = await screen.findByRole('region', { name: 'Booking Details' });
    expect(valueOf('Reference ID', details)).toBe('RB7K2M9Q');
    expect(valueOf('Email', details)).toBe('amelia.hughes@example.co.uk');
  });

  it('shows an hourly booking with its duration and no return journey', async () => {
    answerPaymentCalls({
      booking: () => ({
        body: bookingAnswer({
          booking: {
            ride_type: 'H',
            journey_type: 'hourly',
            drop_off_address: '',
            return_pickup_address: null,
            return_dropoff_address: null,
            return_date: null,
            return_time: null,
            hourly_duration: 6,
            payment_method: 'card',
            payment_status: 'paid',
          },
          bookingStops: [],
        }),
      }),
    });
    await seedBookingReadyToPay({ bookingType: 'hourly' });
    renderApp(SUCCESS_PATH);
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    expect(valueOf('Booking Type')).toBe('Hourly Booking');
    expect(valueOf('Hourly Duration')).toBe('6 hours');
    expect(screen.queryByRole('region', { name: 'Return Journey' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Stops during travel' })).toBeNull();
  });

  it.each([
    ['yes', '£92'],
    ['no', '£91.50'],
  ])('with ROUND_OFF %s shows the total as %s', async (roundOff, shown) => {
    answerPaymentCalls({
      settings: quotationSettings({ ROUND_OFF: roundOff }),
      booking: cardAnswer,
    });
    await seedBookingReadyToPay();
    renderApp(SUCCESS_PATH);
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    await waitFor(() => expect(valueOf('Total Booking Amount')).toBe(shown));
  });

  it('after Pay in Car a reload still shows the booking this tab was given', async () => {
    answerPaymentCalls();
    await seedBookingReadyToPay();
    const first = renderApp('/paymentview');
    await first.user.click(await screen.findByRole('button', { name: BOOKING_MESSAGES.payInCar }));
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    first.unmount();

    await forgetDraftsInMemory();
    renderApp('/payment-success?booking=RB7K2M9Q');
    await screen.findByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou });
    expect(valueOf('Reference ID')).toBe('RB7K2M9Q');
    expect(valueOf('Payment Method')).toBe('Pay in Car');
  });
});

describe('the checkout window of a framed booking', () => {
  it('reports the result to the page that opened it instead of booking itself', async () => {
    const { calls } = answerPaymentCalls({ booking: cardAnswer });
    const postMessage = vi.fn();
    window.name = 'ridebook-checkout';
    Object.defineProperty(window, 'opener', { value: { postMessage }, configurable: true });
    const heard: unknown[] = [];
    const channel = new BroadcastChannel(PAYMENT_CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => heard.push(event.data);
    try {
      renderApp(SUCCESS_PATH);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Payment complete' }),
      ).toBeTruthy();
      const result = {
        type: 'ridebook-checkout-result',
        status: 'success',
        sessionId: CHECKOUT_SESSION_ID,
      };
      expect(postMessage).toHaveBeenCalledWith(result, window.location.origin);
      await waitFor(() => expect(heard).toContainEqual(result));
      expect(calls).toEqual([]);
    } finally {
      channel.close();
      window.name = '';
      Object.defineProperty(window, 'opener', { value: null, configurable: true });
    }
  });
});

describe('payment canceled', () => {
  it.each([
    '/payment-cancel',
    `/payment-success?session_id=${CHECKOUT_SESSION_ID}&status=canceled`,
  ])(
    "%s says so in the spec's words and leads back to payment with the drafts kept",
    async (path) => {
      const { calls } = answerPaymentCalls();
      await seedBookingReadyToPay();
      await saveBookingDraft('paymentAttempts', {
        card: { key: '3f1c2a9e-1111-4222-8333-944455556666', fingerprint: '{}' },
      });
      const { user, router } = renderApp(path);
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: BOOKING_MESSAGES.paymentCanceledTitle,
        }),
      ).toBeTruthy();
      expect(screen.getByText(BOOKING_MESSAGES.paymentCanceled)).toBeTruthy();
      expect(screen.getByText(BOOKING_MESSAGES.paymentCanceledHelp)).toBeTruthy();
      expect(screen.queryByText(BOOKING_MESSAGES.thankYou)).toBeNull();
      // The abandoned checkout's key goes, so paying again opens a new session.
      await waitFor(async () => expect(await db.drafts.get('paymentAttempts')).toBeUndefined());
      expect(calls).toEqual([]);

      await user.click(screen.getByRole('link', { name: 'Back to Payment' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/paymentview'));
      expect(await screen.findByRole('button', { name: BOOKING_MESSAGES.payByCard })).toBeTruthy();
    },
  );
});

describe('payment success with nothing to show', () => {
  it('says no booking was found, confirms nothing and leads home', async () => {
    const { calls } = answerPaymentCalls();
    renderApp('/payment-success');
    expect(await screen.findByRole('heading', { level: 1, name: 'No booking found' })).toBeTruthy();
    expect(screen.queryByText(BOOKING_MESSAGES.quoteConfirmed)).toBeNull();
    expect(screen.queryByText(BOOKING_MESSAGES.thankYou)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(calls).toEqual([]);
  });
});
