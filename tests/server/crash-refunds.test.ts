import { afterEach, describe, expect, it } from 'vitest';
import { managedBookingResponseSchema } from '../../src/contract/manage-booking';
import { API_BASE, API_PATHS, MANAGE_TOKEN_HEADER } from '../../src/contract/paths';
import { pricedBooking, postApi, weekAheadForm } from '../support/priced-journey';
import { DEMO_HEADERS, spawnServer, type ServerProcess } from '../support/server-process';
import { fakeStripeConfig, startFakeStripe } from './fakes/stripe-server';
import { testDatabaseKinds } from './helpers';
import { createProcessDatabase, QUICK_LOCK_TAKEOVER_MS, sleep, waitFor } from './process-fixtures';

/**
 * Refunds through kill -9 (issue 35): the real server process, Stripe a local fake speaking its
 * wire format to the SDK. Two paid bookings are cancelled while the process cannot hear Stripe:
 * for the first Stripe makes the refund but its answer is lost, for the second Stripe never
 * gets to it; the process is killed with both refunds in flight. After a restart the job
 * queue's refund pass asks again with each refund's own idempotency key: each payment is
 * refunded once, in full, and the passenger's page says so.
 */
const WEBHOOK_SECRET = 'whsec_crash_refunds';

const byValue = (a: number, b: number) => a - b;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface PaidBooking {
  number: string;
  token: string;
  pence: number;
}

/** A guest's card booking, paid on the fake's Checkout and booked by the return to our site. */
async function paidBooking(
  base: string,
  pay: (sessionId: string) => void,
  email: string,
): Promise<PaidBooking> {
  const form = weekAheadForm('Heathrow Airport Terminal 5', 'Gatwick Airport South Terminal');
  const { body, pence } = await pricedBooking(base, form);
  const registrationData = {
    firstName: 'Crash',
    surname: 'Refund',
    email,
    number: '+44 7700 900123',
  };
  const booking = { ...body, registrationData, selected_passenger: 'guest_login' };
  const checkout = (await postApi(base, API_PATHS.createCheckoutSession, {
    ...booking,
    amount: pence,
    frontend_url: base,
  })) as { sessionId: string };
  pay(checkout.sessionId);
  const booked = (await postApi(base, API_PATHS.booking, {
    payment_method: 'card',
    stripe_session_id: checkout.sessionId,
    selectedVehicleData: {},
    bookingType: 'milleage',
  })) as { data: { booking: { booking_number: string }; manage_token: string } };
  return { number: booked.data.booking.booking_number, token: booked.data.manage_token, pence };
}

function manageFetch(base: string, booking: PaidBooking, path = '', init: RequestInit = {}) {
  return fetch(`${base}${API_BASE}/manage-booking/${booking.number}${path}`, {
    ...init,
    headers: {
      ...DEMO_HEADERS,
      'content-type': 'application/json',
      [MANAGE_TOKEN_HEADER]: booking.token,
    },
  });
}

/** The passenger cancels; the answer may never come (the process is killed), so none is awaited. */
function cancel(base: string, booking: PaidBooking): void {
  manageFetch(base, booking, '/cancel', { method: 'POST', body: '{}' }).catch(() => undefined);
}

/** The refunds the passenger's page lists, as `status:pence`. */
async function refundsShown(base: string, booking: PaidBooking): Promise<string[]> {
  const response = await manageFetch(base, booking);
  const { booking: managed } = managedBookingResponseSchema.parse(await response.json());
  return managed.payments
    .filter((entry) => entry.kind === 'refund')
    .map((entry) => `${entry.status}:${Math.round(entry.amount * 100)}`);
}

describe.each(testDatabaseKinds())('refunds through kill -9 on %s', (kind) => {
  it('refunds each cancelled payment once after the restart, answered or not', async () => {
    const stripe = await startFakeStripe();
    cleanups.push(() => stripe.close());
    const data = await createProcessDatabase(kind, {
      seeded: true,
      lockStaleMs: QUICK_LOCK_TAKEOVER_MS,
    });
    cleanups.push(() => data.remove());
    const env = {
      ...data.env,
      ...fakeStripeConfig(stripe, WEBHOOK_SECRET),
      BOOKING_LIMIT_PER_ADDRESS: '0',
      BOOKING_LIMIT_PER_EMAIL: '0',
      // A call in flight holds its refund for 2 × 3 s + 2 s; the pass runs every second.
      STRIPE_TIMEOUT_MS: '3000',
      REFUND_RETRY_MS: '1000',
    };
    const start = async (): Promise<ServerProcess> => {
      const server = await spawnServer({ env, timeoutMs: 120_000 });
      cleanups.push(() => server.stop());
      return server;
    };
    const first = await start();
    const pay = (sessionId: string) => void stripe.pay(sessionId);
    const answered = await paidBooking(first.url, pay, 'crash-refund-1@example.com');
    const unheard = await paidBooking(first.url, pay, 'crash-refund-2@example.com');

    // Stripe refunds the first, and the answer is lost on the way back.
    stripe.loseAnswers(true);
    cancel(first.url, answered);
    await waitFor('the first refund made', () => stripe.refunds.size === 1, 30_000);
    // Stripe hears nothing more: the second refund's request is held, never carried out.
    stripe.stall();
    cancel(first.url, unheard);
    // Its own request, not the first refund's retry (the SDK tries a call twice).
    const unheardKey = `ridebook-refund-${unheard.number}-`;
    await waitFor(
      'the second refund asked for',
      () => stripe.stalledKeys.some((key) => key.startsWith(unheardKey)),
      30_000,
    );
    await first.kill();
    expect(stripe.refunds.size).toBe(1);

    stripe.loseAnswers(false);
    stripe.resume();
    const second = await start();
    await waitFor(
      'both refunds settled on the passengers’ pages',
      async () =>
        (await refundsShown(second.url, answered)).join() === `succeeded:${answered.pence}` &&
        (await refundsShown(second.url, unheard)).join() === `succeeded:${unheard.pence}`,
      60_000,
    );
    await sleep(2_000);
    // One refund per payment, in full: the first asked again with its key was replayed.
    const made = [...stripe.refunds.values()].map((refund) => refund.amount);
    expect(made.sort(byValue)).toEqual([answered.pence, unheard.pence].sort(byValue));
    const keys = stripe.refundRequests.map((request) => request.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect(keys.length).toBeGreaterThan(2);
  }, 300_000);
});
