import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCheckoutSessionResponseSchema } from '../../src/contract/bookings';
import type { SelectedVehiclePriceResponse } from '../../src/contract/quotes';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { requestHash } from '../../src/server/lib/idempotency';
import { fakeStripeConfig, startFakeStripe } from './fakes/stripe-server';
import type { FakeStripe } from './fakes/stripe-server';
import { API_HEADERS, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  bookingBody,
  clearBookings,
  countRows,
  postApi,
  quoteFor,
  startBookingApp,
} from './booking-fixtures';
import { cancelResponseSchema } from '../../src/contract/manage-booking';
import { ledger, mailedToken, manageCall, view } from './manage-booking-fixtures';
import { FIXED_NOW, pence } from './quote-fixtures';
import { startTestApp, tempDir } from './helpers';

const SITE = 'http://localhost';
const WEBHOOK_SECRET = 'whsec_test_local_secret';

/** The app paying through `fake`, with the provider's timeout per try. */
async function startApp(kind: 'pglite' | 'postgres', fake: FakeStripe, timeoutMs: number) {
  return startBookingApp(kind, {
    ...fakeStripeConfig(fake, WEBHOOK_SECRET),
    STRIPE_TIMEOUT_MS: String(timeoutMs),
  });
}

function checkoutBody(quote: SelectedVehiclePriceResponse) {
  const { payment_method: _car, ...inputs } = bookingBody({
    selectedVehicleData: { quote_id: quote.quote_id },
  });
  return { ...inputs, amount: pence(quote.final_price), frontend_url: SITE };
}

function openCheckout(t: TestApp, quote: SelectedVehiclePriceResponse, key?: string) {
  const body = checkoutBody(quote);
  return postApi(t, 'createCheckoutSession', body, key ? { 'idempotency-key': key } : {});
}

describe.each(testDatabaseKinds())('a card provider that does not answer, on %s', (kind) => {
  describe('while a checkout call is out', () => {
    let t: TestApp;
    let fake: FakeStripe;
    beforeAll(async () => {
      fake = await startFakeStripe();
      // Longer than the test: the fake answers when the test resumes it.
      t = await startApp(kind, fake, 60_000);
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    it('answers other visitors, and a repeat of the key waits for the first call', async () => {
      const { quote } = await quoteFor(t);
      const { quote: carQuote } = await quoteFor(t);
      const key = randomUUID();
      fake.stall();
      const hanging = openCheckout(t, quote, key);
      await expect.poll(() => fake.stalledRequests).toBe(1);
      // A double click: the same key while the first call is out.
      const repeat = openCheckout(t, quote, key);

      const settings = await t.app.inject({
        method: 'GET',
        url: `${API_BASE}${API_PATHS.settingsFlat}`,
        headers: API_HEADERS,
      });
      expect(settings.statusCode).toBe(200);
      const inCar = await postApi(
        t,
        'booking',
        bookingBody({ selectedVehicleData: { quote_id: carQuote.quote_id } }),
      );
      expect(inCar.statusCode, inCar.body).toBe(200);
      expect(fake.stalledRequests).toBe(1);

      fake.resume();
      const [first, second] = await Promise.all([hanging, repeat]);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      const session = createCheckoutSessionResponseSchema.parse(first.json());
      expect(createCheckoutSessionResponseSchema.parse(second.json())).toEqual(session);
      expect(fake.creates).toHaveLength(1);
      expect(await countRows(t, 'checkout_sessions')).toBe(1);
    });
  });

  describe('after its timeout', () => {
    let t: TestApp;
    let fake: FakeStripe;
    beforeAll(async () => {
      fake = await startFakeStripe();
      t = await startApp(kind, fake, 200);
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });
    beforeEach(async () => {
      fake.resume();
      await clearBookings(t);
    });

    it('answers 503 with a message after one retry, and the same key may try again', async () => {
      const { quote } = await quoteFor(t);
      const key = randomUUID();
      fake.stall();
      const res = await openCheckout(t, quote, key);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        message: BOOKING_MESSAGES.paymentProviderUnavailable,
      });
      // The first try and one retry.
      expect(fake.stalledRequests).toBe(2);
      expect(await countRows(t, 'checkout_sessions')).toBe(0);

      fake.resume();
      const retry = await openCheckout(t, quote, key);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(await countRows(t, 'checkout_sessions')).toBe(1);
    });

    it('answers 409 to a repeat whose key stays held by a call elsewhere, calling nothing', async () => {
      const { quote } = await quoteFor(t);
      const key = randomUUID();
      const calls = fake.creates.length;
      // Another process claimed the key and is still waiting on the provider.
      await t.db.handle.db
        .insertInto('idempotency_keys')
        .values({
          scope: 'checkout-session',
          key,
          request_hash: requestHash(checkoutBody(quote)),
          status_code: 0,
          response: 'null',
          expires_at: new Date('2100-01-01T00:00:00Z'),
        })
        .execute();
      const res = await openCheckout(t, quote, key);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: BOOKING_MESSAGES.requestInProgress });
      expect(fake.creates).toHaveLength(calls);
      expect(await countRows(t, 'checkout_sessions')).toBe(0);
    });

    it('answers 503 when it cannot confirm a payment, for POST /booking and GET /get-payment-id', async () => {
      const { quote } = await quoteFor(t);
      const opened = await openCheckout(t, quote);
      expect(opened.statusCode, opened.body).toBe(200);
      const { sessionId } = createCheckoutSessionResponseSchema.parse(opened.json());
      fake.pay(sessionId);
      fake.stall();

      const unavailable = { success: false, message: BOOKING_MESSAGES.paymentProviderUnavailable };
      const paymentId = await t.app.inject({
        method: 'GET',
        url: `${API_BASE}${API_PATHS.getPaymentId}?session_id=${sessionId}`,
        headers: API_HEADERS,
      });
      expect(paymentId.statusCode).toBe(503);
      expect(paymentId.json()).toEqual(unavailable);
      const card = {
        payment_method: 'card',
        stripe_session_id: sessionId,
        selectedVehicleData: {},
        bookingType: 'milleage',
      };
      const key = randomUUID();
      const booking = await postApi(t, 'booking', card, { 'idempotency-key': key });
      expect(booking.statusCode).toBe(503);
      expect(booking.json()).toEqual(unavailable);
      expect(await countRows(t, 'bookings')).toBe(0);

      fake.resume();
      const booked = await postApi(t, 'booking', card, { 'idempotency-key': key });
      expect(booked.statusCode, booked.body).toBe(200);
      expect(await countRows(t, 'bookings')).toBe(1);
    });
  });
  describe('a refund it does not answer', () => {
    let t: TestApp;
    let fake: FakeStripe;
    let removeData: () => Promise<void>;
    beforeAll(async () => {
      fake = await startFakeStripe();
      const data = await tempDir('ridebook-slow-refund');
      removeData = data.remove;
      // A clock that runs, from the fixed day, so the refund's retry time comes.
      const started = Date.now();
      t = await startTestApp(kind, {
        clock: () => new Date(FIXED_NOW.getTime() + (Date.now() - started)),
        env: {
          DATA_DIR: data.dir,
          ...fakeStripeConfig(fake, WEBHOOK_SECRET),
          STRIPE_TIMEOUT_MS: '200',
          REFUND_RETRY_MS: '100',
          BOOKING_LIMIT_PER_EMAIL: '0',
          BOOKING_LIMIT_PER_ADDRESS: '0',
          MAIL_POLL_INTERVAL_MS: '0',
        },
      });
    });
    afterAll(async () => {
      fake?.resume();
      await t?.close();
      await fake?.close();
      await removeData?.();
    });

    it('says the cancellation refund is pending, not failed, and makes it once when the provider answers', async () => {
      const { quote } = await quoteFor(t);
      const opened = await openCheckout(t, quote);
      expect(opened.statusCode, opened.body).toBe(200);
      const { sessionId } = createCheckoutSessionResponseSchema.parse(opened.json());
      fake.pay(sessionId);
      const booked = await postApi(t, 'booking', {
        payment_method: 'card',
        stripe_session_id: sessionId,
        selectedVehicleData: {},
        bookingType: 'milleage',
      });
      expect(booked.statusCode, booked.body).toBe(200);
      const number = (booked.json() as { data: { booking: { booking_number: string } } }).data
        .booking.booking_number;
      const token = await mailedToken(t, number);

      fake.stall();
      const res = await manageCall(t, 'POST', `/${number}/cancel`, { token, body: {} });
      expect(res.statusCode, res.body).toBe(200);
      const answer = cancelResponseSchema.parse(res.json());
      expect(answer.refund).toEqual({ amount: quote.final_price, status: 'pending' });
      expect((await view(t, number, token)).payments.map((p) => [p.kind, p.status])).toEqual([
        ['charge', 'succeeded'],
        ['refund', 'pending'],
      ]);

      fake.resume();
      await expect
        .poll(async () => (await ledger(t, number)).rows.find((r) => r.kind === 'refund')?.state, {
          timeout: 10_000,
        })
        .toBe('succeeded');
      const after = await ledger(t, number);
      expect(after.booking.paid_pence).toBe(0);
      expect(after.balanced).toBe(true);
      // Every try carried the one key: the provider refunds once, however many calls it got.
      const keys = new Set(fake.refundRequests.map((request) => request.idempotencyKey));
      expect(keys.size).toBe(1);
      expect(fake.refunds.size).toBe(1);
    }, 30_000);
  });
});
