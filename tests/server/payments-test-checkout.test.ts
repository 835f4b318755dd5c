import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingNumberResponseSchema,
  bookingResponseSchema,
  createCheckoutSessionResponseSchema,
  getPaymentIdResponseSchema,
  secretKeyResponseSchema,
} from '../../src/contract/bookings';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { API_HEADERS, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  bookingBody,
  clearBookings,
  countMail,
  countRows,
  newClientRegistration,
  postApi,
  quoteFor,
  startBookingApp,
} from './booking-fixtures';
import { pence, withSettings } from './quote-fixtures';

/** The site's origin as app.inject presents it (Host: localhost:80). */
const SITE = 'http://localhost';

describe.each(testDatabaseKinds())('card payment with the test provider on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startBookingApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await clearBookings(t);
  });

  /** A checkout request for a fresh quote, and the quote. */
  async function checkoutBody(overrides: Record<string, unknown> = {}) {
    const { quote } = await quoteFor(t);
    const { payment_method: _car, ...inputs } = bookingBody({
      selectedVehicleData: { quote_id: quote.quote_id },
    });
    return {
      quote,
      body: { ...inputs, amount: pence(quote.final_price), frontend_url: SITE, ...overrides },
    };
  }

  async function createSession(body: Record<string, unknown>, key?: string) {
    const res = await postApi(
      t,
      'createCheckoutSession',
      body,
      key ? { 'idempotency-key': key } : {},
    );
    expect(res.statusCode, res.body).toBe(200);
    return createCheckoutSessionResponseSchema.parse(res.json());
  }

  it('tells the browser the provider and a publishable marker key', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_PATHS.secretKey}`,
      headers: API_HEADERS,
    });
    expect(secretKeyResponseSchema.parse(res.json())).toEqual({
      success: true,
      publishable_key: 'pk_test_local',
      provider: 'test',
    });
  });

  it('pays on the local page, returns to the success URL and books once', async () => {
    const { body, quote } = await checkoutBody();
    const session = await createSession(body);
    expect(session.url).toBe(`${SITE}/test-checkout/${session.sessionId}`);

    const page = await t.app.inject({ method: 'GET', url: `/test-checkout/${session.sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('TEST MODE — no real card is charged');
    const amount = `£${quote.final_price.toFixed(2)}`;
    expect(page.body).toContain(`<button type="submit" class="pay">Pay ${amount}</button>`);
    expect(page.body).toContain('>Cancel</button>');
    expect(page.body).not.toContain('<script');
    // Names the app's icon, so the browser does not ask for a /favicon.ico.
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    // Not paid yet: no payment id, and a booking is refused.
    const unpaid = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_PATHS.getPaymentId}?session_id=${session.sessionId}`,
      headers: API_HEADERS,
    });
    expect(unpaid.statusCode).toBe(404);
    const early = await postApi(t, 'booking', {
      ...body,
      payment_method: 'card',
      stripe_session_id: session.sessionId,
    });
    expect(early.statusCode).toBe(402);
    expect(early.json().message).toBe(BOOKING_MESSAGES.paymentNotCompleted);

    const pay = await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${session.sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`${SITE}/payment-success?session_id=${session.sessionId}`);

    const paymentId = getPaymentIdResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `${API_BASE}${API_PATHS.getPaymentId}?session_id=${session.sessionId}`,
          headers: API_HEADERS,
        })
      ).json(),
    ).paymentId;
    expect(paymentId).toMatch(/^pi_test_local_/);

    // The result page books with the session id; reloading it books nothing more.
    const card = {
      payment_method: 'card',
      stripe_session_id: session.sessionId,
      paymentId,
      selectedVehicleData: {},
      bookingType: 'milleage',
    };
    const firstRes = await postApi(t, 'booking', card);
    expect(firstRes.statusCode, firstRes.body).toBe(200);
    const first = bookingResponseSchema.parse(firstRes.json()).data;
    // Sent again without the first request's key: the booking's number only (issue 17).
    const second = bookingNumberResponseSchema.parse((await postApi(t, 'booking', card)).json());
    expect(second.data.booking.booking_number).toBe(first.booking.booking_number);
    expect(first.booking).toMatchObject({
      payment_method: 'card',
      payment_status: 'paid',
      total_booking_amount: quote.final_price,
    });
    expect(await countRows(t, 'bookings')).toBe(1);
    expect(await countMail(t, 'booking-confirmation')).toBe(1);
    // Paying again (a double click) changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${session.sessionId}/pay`,
    });
    expect(again.statusCode).toBe(303);
    expect(await countRows(t, 'bookings')).toBe(1);
  });

  it('cancels back to the cancel URL without booking', async () => {
    const { body } = await checkoutBody();
    const session = await createSession(body);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${session.sessionId}/cancel`,
    });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`${SITE}/payment-cancel`);
    const page = await t.app.inject({ method: 'GET', url: `/test-checkout/${session.sessionId}` });
    expect(page.body).not.toContain('class="pay"');
    const pay = await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${session.sessionId}/pay`,
    });
    expect(pay.headers.location).toBe(`${SITE}/payment-cancel`);
    expect(await countRows(t, 'bookings')).toBe(0);
  });

  it('refuses an amount that is not the server price (409), storing no session', async () => {
    const { body } = await checkoutBody();
    const res = await postApi(t, 'createCheckoutSession', {
      ...body,
      amount: (body.amount as number) - 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOOKING_MESSAGES.amountMismatch);
    expect(await countRows(t, 'checkout_sessions')).toBe(0);
  });

  it('refuses a frontend_url of another site (400), storing no session', async () => {
    const { body } = await checkoutBody();
    for (const url of [
      'https://evil.example',
      `${SITE}.evil.example`,
      `${SITE}/x?next=//evil`,
      'javascript:alert(1)',
    ]) {
      const res = await postApi(t, 'createCheckoutSession', { ...body, frontend_url: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].path).toBe('frontend_url');
    }
    expect(await countRows(t, 'checkout_sessions')).toBe(0);
  });

  it('refuses card payment when SHOWCARD is not yes', async () => {
    const { body } = await checkoutBody();
    await withSettings(t, { SHOWCARD: 'no' }, async () => {
      const res = await postApi(t, 'createCheckoutSession', body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BOOKING_MESSAGES.payByCardNotAllowed);
    });
  });

  it('checks a new client as a booking would: a taken email is not told, and only the password hash is kept', async () => {
    const { body } = await checkoutBody({
      registrationData: newClientRegistration(),
      selected_passenger: 'new_client',
    });
    const session = await createSession(body);
    const row = await t.db.handle.db
      .selectFrom('checkout_sessions')
      .select('pending')
      .where('id', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    const pending = JSON.stringify(row.pending);
    expect(pending).not.toContain('cobol-compiler-1959');
    expect(pending).toContain('$argon2id$');

    // Paying registers the account with the booking.
    await t.app.inject({ method: 'POST', url: `/test-checkout/${session.sessionId}/pay` });
    expect(await countRows(t, 'passengers')).toBe(1);
    const taken = await postApi(t, 'createCheckoutSession', body);
    expect(taken.statusCode).toBe(200);
  });

  it('answers the same session to a repeat with the same Idempotency-Key', async () => {
    const { body } = await checkoutBody();
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([createSession(body, key), createSession(body, key)]);
    expect(b).toEqual(a);
    expect(await countRows(t, 'checkout_sessions')).toBe(1);
  });
});
