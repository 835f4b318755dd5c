import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingResponseSchema,
  createCheckoutSessionResponseSchema,
  getPaymentIdResponseSchema,
  secretKeyResponseSchema,
} from '../../src/contract/bookings';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { fakeStripeConfig, startFakeStripe } from './fakes/stripe-server';
import type { FakeStripe } from './fakes/stripe-server';
import { API_HEADERS, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  bookingBody,
  clearBookings,
  countMail,
  countRows,
  postApi,
  quoteFor,
  startBookingApp,
} from './booking-fixtures';
import { pence } from './quote-fixtures';

const SITE = 'http://localhost';
const WEBHOOK_SECRET = 'whsec_test_local_secret';
/** Only its webhook helpers are used: they sign as Stripe does. */
const signer = new Stripe('sk_test_signer_only');

describe.each(testDatabaseKinds())('card payment through Stripe on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startBookingApp(kind, fakeStripeConfig(fake, WEBHOOK_SECRET));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await clearBookings(t);
  });

  async function openSession(key?: string) {
    const { quote } = await quoteFor(t);
    const { payment_method: _car, ...inputs } = bookingBody({
      selectedVehicleData: { quote_id: quote.quote_id },
    });
    const body = { ...inputs, amount: pence(quote.final_price), frontend_url: SITE };
    const res = await postApi(
      t,
      'createCheckoutSession',
      body,
      key ? { 'idempotency-key': key } : {},
    );
    expect(res.statusCode, res.body).toBe(200);
    return { quote, session: createCheckoutSessionResponseSchema.parse(res.json()) };
  }

  function webhook(payload: string, signature: string) {
    return t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_PATHS.stripeWebhook}`,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  const sign = (payload: string, timestamp?: number) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });

  const bookCard = (sessionId: string) =>
    postApi(t, 'booking', {
      payment_method: 'card',
      stripe_session_id: sessionId,
      selectedVehicleData: {},
      bookingType: 'milleage',
    });

  it('answers the publishable key and creates Checkout sessions with the SDK', async () => {
    const keyRes = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_PATHS.secretKey}`,
      headers: API_HEADERS,
    });
    expect(secretKeyResponseSchema.parse(keyRes.json())).toMatchObject({
      publishable_key: 'pk_test_local_fake',
      provider: 'stripe',
    });
    const key = crypto.randomUUID();
    const { quote, session } = await openSession(key);
    const created = fake.sessions.get(session.sessionId);
    expect(created?.url).toBe(session.url);
    const request = fake.creates.at(-1);
    expect(request?.authorization).toBe('Bearer sk_test_local_fake');
    expect(request?.idempotencyKey).toBe(`checkout-session-${key}`);
    expect(request?.params).toMatchObject({
      mode: 'payment',
      success_url: `${SITE}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/payment-cancel`,
      line_items: {
        0: {
          quantity: '1',
          price_data: { currency: 'gbp', unit_amount: String(pence(quote.final_price)) },
        },
      },
      metadata: { booking_type: 'milleage', quote_id: quote.quote_id },
    });
  });

  it('books once when the webhook fires 10 times at once together with POST /booking', async () => {
    const { session, quote } = await openSession();
    const early = await bookCard(session.sessionId);
    expect(early.statusCode).toBe(402);

    fake.pay(session.sessionId);
    const payload = fake.completedEvent(session.sessionId);
    const [booked, ...hooks] = await Promise.all([
      bookCard(session.sessionId),
      ...Array.from({ length: 10 }, () => webhook(payload, sign(payload))),
    ]);
    for (const res of hooks) expect(res.statusCode, res.body).toBe(200);
    expect(booked?.statusCode, booked?.body).toBe(200);
    const data = bookingResponseSchema.parse(booked?.json()).data;
    expect(data.booking).toMatchObject({
      payment_method: 'card',
      payment_status: 'paid',
      total_booking_amount: quote.final_price,
    });
    expect(await countRows(t, 'bookings')).toBe(1);
    expect(await countMail(t, 'booking-confirmation')).toBe(1);
    const row = await t.db.handle.db
      .selectFrom('bookings')
      .select(['checkout_session_id', 'payment_id'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      checkout_session_id: session.sessionId,
      payment_id: fake.sessions.get(session.sessionId)?.payment_intent,
    });
    const paymentId = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_PATHS.getPaymentId}?session_id=${session.sessionId}`,
      headers: API_HEADERS,
    });
    expect(getPaymentIdResponseSchema.parse(paymentId.json()).paymentId).toBe(row.payment_id);
  });

  it('asks Stripe for the payment id of a session paid before its webhook', async () => {
    const { session } = await openSession();
    fake.pay(session.sessionId);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_PATHS.getPaymentId}?session_id=${session.sessionId}`,
      headers: API_HEADERS,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paymentId).toBe(fake.sessions.get(session.sessionId)?.payment_intent);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_PATHS.getPaymentId}?session_id=cs_test_unknown`,
      headers: API_HEADERS,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a bad signature and a stale timestamp with 400 and does nothing', async () => {
    const { session } = await openSession();
    fake.pay(session.sessionId);
    const payload = fake.completedEvent(session.sessionId);
    const forged = signer.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_someone_else',
    });
    const stale = sign(payload, Math.floor(Date.now() / 1000) - 10 * 60);
    const tampered = sign(payload).replace(
      /v1=([0-9a-f])/,
      (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`,
    );
    for (const signature of [forged, stale, tampered, '']) {
      const res = await webhook(payload, signature);
      expect(res.statusCode, signature).toBe(400);
    }
    expect(await countRows(t, 'bookings')).toBe(0);
    expect(await countMail(t, 'booking-confirmation')).toBe(0);
    const row = await t.db.handle.db
      .selectFrom('checkout_sessions')
      .select('status')
      .where('id', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });

  it('refuses a payment of the wrong amount, by webhook or by POST /booking', async () => {
    const { session, quote } = await openSession();
    fake.pay(session.sessionId, { amountTotal: pence(quote.final_price) - 100 });
    const payload = fake.completedEvent(session.sessionId);
    const hook = await webhook(payload, sign(payload));
    expect(hook.statusCode).toBe(409);
    const booked = await bookCard(session.sessionId);
    expect(booked.statusCode).toBe(409);
    expect(booked.json().message).toBe(BOOKING_MESSAGES.amountMismatch);
    expect(await countRows(t, 'bookings')).toBe(0);
    expect(await countMail(t, 'booking-confirmation')).toBe(0);
  });

  it('acknowledges events it does not act on, and sessions that are not ours', async () => {
    const other = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    expect((await webhook(other, sign(other))).statusCode).toBe(200);
    const { session } = await openSession();
    fake.pay(session.sessionId);
    const payload = fake
      .completedEvent(session.sessionId)
      .replaceAll(session.sessionId, 'cs_test_not_ours');
    expect((await webhook(payload, sign(payload))).statusCode).toBe(200);
    expect(await countRows(t, 'bookings')).toBe(0);
  });
});
