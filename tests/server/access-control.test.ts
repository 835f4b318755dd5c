import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingRecordSchema,
  bookingResponseSchema,
  createCheckoutSessionResponseSchema,
  passengerDetailsSchema,
} from '../../src/contract/bookings';
import { passengerLoginResponseSchema } from '../../src/contract/corporate';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { ACCOUNT_MESSAGES, BOOKING_MESSAGES, CORPORATE_MESSAGES } from '../../src/domain/messages';
import { TEST_CHECKOUT_PATH } from '../../src/server/services/payments/test-provider';
import { ALICE, addPassenger } from './accounts-fixtures';
import {
  bookingBody,
  guestRegistration,
  offersFor,
  quoteFor,
  startBookingApp,
} from './booking-fixtures';
import { API_HEADERS, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { FIXED_NOW, mileageForm, pence } from './quote-fixtures';
import { freshAddress } from './submissions-fixtures';

/**
 * Issue 6, item 4: ids that belong to someone else (or to nobody) are refused on every call
 * that takes one; no answer carries a hash, a token or an internal field; a booking body
 * cannot set its own price, status, owner, id or time. The corporate area's own checks
 * (corporate-api.test.ts) and the price tampering of bookings-pay-in-car.test.ts are not
 * repeated here.
 */

const BOB = { email: 'bob.brown@example.co.uk', password: 'Bobs own long phrase 4' };
const SITE = 'http://localhost';

/** Keys no answer may hold, at any depth: secrets, hashes and stored internals. */
const FORBIDDEN_KEYS = new Set([
  'password',
  'password_hash',
  'passwordHash',
  'new_password',
  'token_hash',
  'tokenHash',
  'code',
  'code_hash',
  'codeHash',
  'request_hash',
  'requestHash',
  'email_key',
  'pending',
  'form',
  'registration_mode',
  'checkout_session_id',
  'category_id',
  'booking_id',
  'price_pence',
  'total_pence',
  'revoked_at',
  'attempts',
]);

/** Every key in a JSON value, with its path. */
function keysOf(value: unknown, path = ''): { key: string; path: string }[] {
  const found: { key: string; path: string }[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    for (const [key, child] of Object.entries(next.value)) {
      const at = next.path ? `${next.path}.${key}` : key;
      found.push({ key, path: at });
      pending.push({ value: child, path: at });
    }
  }
  return found;
}

interface Seen {
  what: string;
  status: number;
  body: string;
}

describe.each(testDatabaseKinds())('access control on %s', (kind) => {
  let t: TestApp;
  let aliceId: number;
  let bobId: number;
  let aliceToken: string;
  let bobToken: string;
  /** Every answer of this file, walked for leaks at the end. */
  const seen: Seen[] = [];

  async function call(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    options: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      form?: boolean;
    } = {},
  ) {
    const res = await t.app.inject({
      method,
      url: url.startsWith('/test-checkout') ? url : `${API_BASE}${url}`,
      headers: {
        ...API_HEADERS,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
      ...(options.form ? { payload: '' } : {}),
      remoteAddress: freshAddress(),
    });
    seen.push({ what: `${method} ${url}`, status: res.statusCode, body: res.body });
    return res;
  }

  async function login(email: string, password: string): Promise<string> {
    const res = await call('POST', API_PATHS.checkPassengerLogin, { body: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    return passengerLoginResponseSchema.parse(res.json()).access_token;
  }

  async function count(
    table: 'bookings' | 'checkout_sessions' | 'passengers' | 'outbox' | 'idempotency_keys',
  ) {
    const row = await t.db.handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function counts() {
    return {
      bookings: await count('bookings'),
      checkout_sessions: await count('checkout_sessions'),
      passengers: await count('passengers'),
      outbox: await count('outbox'),
      idempotency_keys: await count('idempotency_keys'),
    };
  }

  async function passengerRow(id: number) {
    return t.db.handle.db
      .selectFrom('passengers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    t = await startBookingApp(kind, {
      MAIL_POLL_INTERVAL_MS: '0',
      QUOTE_RATE_LIMIT_PER_MINUTE: '0',
    });
    aliceId = await addPassenger(t);
    bobId = await addPassenger(t, BOB);
    aliceToken = await login(ALICE.email, ALICE.password);
    bobToken = await login(BOB.email, BOB.password);
  });
  afterAll(async () => t?.close());

  it("refuses another passenger's id and a made-up id in the profile update, changing nothing", async () => {
    const bobBefore = await passengerRow(bobId);
    for (const passenger_id of [bobId, String(bobId), 987_654, '0987654']) {
      const res = await call('PATCH', API_PATHS.updatePassenger, {
        token: aliceToken,
        body: {
          passenger_id,
          name: 'Mallory',
          email: 'mallory@example.com',
          phone: '+44 7700 900000',
        },
      });
      expect(res.statusCode, `${passenger_id}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ success: false, message: CORPORATE_MESSAGES.notYourAccount });
    }
    expect(await passengerRow(bobId)).toEqual(bobBefore);
    // The bookings list answers the same to both kinds of id (and says nothing of either).
    for (const id of [bobId, 987_654]) {
      const res = await call('GET', API_PATHS.getBooking.replace(':passenger_id', String(id)), {
        token: aliceToken,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: CORPORATE_MESSAGES.notYourAccount });
    }
  });

  it("signs out only the token's own session; a made-up token is refused", async () => {
    const aliceSecond = await login(ALICE.email, ALICE.password);
    const out = await call('POST', API_PATHS.passengerLogout, { token: aliceSecond });
    expect(out.statusCode).toBe(200);
    for (const token of [aliceToken, bobToken]) {
      expect((await call('POST', API_PATHS.passengerValidateToken, { token })).statusCode).toBe(
        200,
      );
    }
    const madeUp = Buffer.alloc(32, 7).toString('base64url');
    expect((await call('POST', API_PATHS.passengerLogout, { token: madeUp })).statusCode).toBe(401);
    expect(
      (await call('POST', API_PATHS.passengerValidateToken, { token: madeUp })).statusCode,
    ).toBe(401);
  });

  it("refuses one passenger's reset code for another's email, and a made-up code", async () => {
    const sent = await call('POST', API_PATHS.forgotPassword, {
      body: { email: ALICE.email, type: 'website' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await t.db.handle.db
      .selectFrom('outbox')
      .select('text_body')
      .where('recipient', '=', ALICE.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
    expect(code).toBeDefined();
    const bobBefore = await passengerRow(bobId);
    const invalid = { success: false, message: ACCOUNT_MESSAGES.codeInvalid };

    const verify = await call('POST', API_PATHS.verifyCode, { body: { email: BOB.email, code } });
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toEqual(invalid);
    const reset = await call('POST', API_PATHS.resetPassword, {
      body: { email: BOB.email, code, new_password: 'Mallory takes over 77', type: 'website' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual(invalid);
    const unknown = await call('POST', API_PATHS.resetPassword, {
      body: { email: 'nobody@example.co.uk', code, new_password: 'Mallory takes over 77' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(invalid);
    const madeUp = code === '000000' ? '111111' : '000000';
    const guessed = await call('POST', API_PATHS.verifyCode, {
      body: { email: ALICE.email, code: madeUp },
    });
    expect(guessed.statusCode).toBe(400);

    expect(await passengerRow(bobId)).toEqual(bobBefore);
    expect(
      (await call('POST', API_PATHS.passengerValidateToken, { token: bobToken })).statusCode,
    ).toBe(200);
    // Alice's code still works for Alice: the refusals above were about whose it is.
    const own = await call('POST', API_PATHS.verifyCode, { body: { email: ALICE.email, code } });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("refuses a made-up checkout session, and another visitor's unpaid one, on every call that takes one", async () => {
    const { quote } = await quoteFor(t);
    const { payment_method: _car, ...inputs } = bookingBody({
      selectedVehicleData: { quote_id: quote.quote_id },
    });
    const opened = await call('POST', API_PATHS.createCheckoutSession, {
      body: { ...inputs, amount: pence(quote.final_price), frontend_url: SITE },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const aliceSession = createCheckoutSessionResponseSchema.parse(opened.json()).sessionId;
    const before = await counts();
    const notFound = { success: false, message: BOOKING_MESSAGES.checkoutSessionNotFound };

    const madeUp = `cs_test_local_${randomUUID()}`;
    const bookCard = (sessionId: string) =>
      call('POST', API_PATHS.booking, {
        body: {
          ...bookingBody({
            selectedVehicleData: { quote_id: quote.quote_id },
            registrationData: guestRegistration({ email: 'mallory@example.com' }),
          }),
          payment_method: 'card',
          stripe_session_id: sessionId,
        },
      });
    const unknownBooking = await bookCard(madeUp);
    expect(unknownBooking.statusCode).toBe(404);
    expect(unknownBooking.json()).toEqual(notFound);
    const unpaid = await bookCard(aliceSession);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json()).toEqual({
      success: false,
      message: BOOKING_MESSAGES.paymentNotCompleted,
    });

    for (const id of [madeUp, aliceSession]) {
      const paymentId = await call(
        'GET',
        `${API_PATHS.getPaymentId}?session_id=${encodeURIComponent(id)}`,
      );
      expect(paymentId.statusCode).toBe(404);
      expect(paymentId.json()).toEqual(notFound);
    }
    for (const action of ['', '/pay', '/cancel']) {
      const res = await call(action ? 'POST' : 'GET', `${TEST_CHECKOUT_PATH}/${madeUp}${action}`, {
        form: action !== '',
      });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect(await counts()).toEqual(before);
    const session = await t.db.handle.db
      .selectFrom('checkout_sessions')
      .select('status')
      .where('id', '=', aliceSession)
      .executeTakeFirstOrThrow();
    expect(session.status).toBe('open');
  });

  it("gives nothing of another client's answer to an Idempotency-Key reused with another body", async () => {
    const key = randomUUID();
    const { quote } = await quoteFor(t);
    const first = await call('POST', API_PATHS.booking, {
      headers: { 'idempotency-key': key },
      body: bookingBody({ selectedVehicleData: { quote_id: quote.quote_id } }),
    });
    expect(first.statusCode, first.body).toBe(200);
    const booked = bookingResponseSchema.parse(first.json()).data;
    const before = await counts();
    const other = await call('POST', API_PATHS.booking, {
      headers: { 'idempotency-key': key },
      body: bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id },
        registrationData: guestRegistration({ email: 'mallory@example.com', firstName: 'Mallory' }),
      }),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      success: false,
      message: BOOKING_MESSAGES.idempotencyKeyReused,
    });
    expect(other.body).not.toContain(booked.booking.booking_number);
    expect(other.body).not.toContain(booked.passengerDetails.passenger_email);
    expect(await counts()).toEqual(before);
  });

  it('prices a booking naming a made-up quote id on the server, and does not store the id', async () => {
    const form = mileageForm();
    const [offer] = await offersFor(t, form);
    const made = randomUUID();
    const res = await call('POST', API_PATHS.booking, {
      body: bookingBody({
        form,
        selectedVehicleData: {
          quote_id: made,
          vehicle_id: offer!.vehicle_id,
          company_id: offer!.company_id,
        },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { booking } = bookingResponseSchema.parse(res.json()).data;
    expect(booking.total_booking_amount).toBe(offer!.final_price);
    const row = await t.db.handle.db
      .selectFrom('bookings')
      .select(['quote_id', 'total_pence'])
      .where('booking_number', '=', booking.booking_number)
      .executeTakeFirstOrThrow();
    expect(row.quote_id).not.toBe(made);
    expect(row.total_pence).toBe(pence(offer!.final_price));
  });

  /** Fields a client has no say in, at every level of a booking body. */
  function forged(bobPassengerId: number) {
    return {
      id: 999_999,
      booking_id: 999_999,
      booking_number: '000000001',
      status: 'cancelled',
      payment_status: 'paid',
      payment_id: 'pi_forged',
      checkout_session_id: 'cs_forged',
      passenger_id: bobPassengerId,
      created_at: '2000-01-01T00:00:00Z',
      currency: 'USD',
      price: 0.01,
      final_price: 0.01,
      total_booking_amount: 0.01,
      price_pence: 1,
      total_pence: 1,
      breakdown: { final_price: 0.01 },
      quote_id: randomUUID(),
    };
  }

  it.each([
    ['a guest', 'guest_login' as const],
    ['an existing client', 'existing_client' as const],
  ])(
    'keeps the server price, status, time and owner of a booking by %s whose body says otherwise',
    async (_who, mode) => {
      const { quote, offer } = await quoteFor(t);
      const fake = forged(bobId);
      const registration =
        mode === 'guest_login'
          ? guestRegistration({ ...fake, email: 'carol@example.co.uk' })
          : { ...fake, email: ALICE.email, password: ALICE.password };
      const body = bookingBody({
        form: { ...mileageForm(), ...fake },
        selectedVehicleData: { ...fake, quote_id: quote.quote_id, detail: offer },
        registrationData: registration,
        mode,
        extra: { ...fake, company_id: 1, category_id: 1, payment_method: 'car' },
      });
      const res = await call('POST', API_PATHS.booking, { body });
      expect(res.statusCode, res.body).toBe(200);
      const data = bookingResponseSchema.parse(res.json()).data;
      const owner = mode === 'guest_login' ? null : aliceId;

      // The answer: exactly the contract's fields, the server's values.
      expect(Object.keys(data.booking).sort()).toEqual(
        Object.keys(bookingRecordSchema.shape).sort(),
      );
      expect(Object.keys(data.passengerDetails).sort()).toEqual(
        Object.keys(passengerDetailsSchema.shape).sort(),
      );
      expect(data.booking).toMatchObject({
        payment_status: 'pay_in_car',
        payment_method: 'car',
        total_booking_amount: quote.final_price,
        currency: '£',
        created_at: FIXED_NOW.toISOString(),
      });
      expect(data.booking.booking_number).not.toBe(fake.booking_number);
      expect(data.passengerDetails.passenger_id).toBe(owner);

      // What is stored.
      const row = await t.db.handle.db
        .selectFrom('bookings')
        .selectAll()
        .where('booking_number', '=', data.booking.booking_number)
        .executeTakeFirstOrThrow();
      expect(row.id).not.toBe(fake.id);
      expect(row).toMatchObject({
        // A new booking waits for the operator, whatever the body says.
        status: 'pending',
        payment_status: 'pay_in_car',
        payment_method: 'car',
        checkout_session_id: null,
        payment_id: null,
        passenger_id: owner,
        company_id: offer.company_id,
        category_id: offer.vehicle_id,
        quote_id: quote.quote_id,
        total_pence: pence(quote.final_price),
        currency: '£',
      });
      expect(new Date(row.created_at).getTime()).toBe(FIXED_NOW.getTime());
      expect(JSON.stringify(row.form)).not.toMatch(/forged|999999|0\.01/);
      const details = await t.db.handle.db
        .selectFrom('booking_passengers')
        .selectAll()
        .where('booking_id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(details.passenger_id).toBe(owner);
      expect(
        await t.db.handle.db
          .selectFrom('bookings')
          .select('id')
          .where('id', '=', fake.id)
          .execute(),
      ).toEqual([]);
    },
  );

  it('exposes no hash, token, secret or stored internal in any answer above', async () => {
    // A few more answers for the walk: every read-only call, a passenger's own data, failures.
    for (const path of [
      API_PATHS.settingsFlat,
      API_PATHS.fetchVehicles,
      API_PATHS.fetchCompanies,
      `${API_PATHS.aiAddresses}?q=heathrow`,
      API_PATHS.secretKey,
      API_PATHS.embedConfig,
    ]) {
      expect((await call('GET', path)).statusCode).toBe(200);
    }
    const own = await call('GET', API_PATHS.getBooking.replace(':passenger_id', String(aliceId)), {
      token: aliceToken,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.length).toBeGreaterThan(0);
    await call('POST', API_PATHS.checkPassengerEmail, { body: ALICE });
    await call('POST', API_PATHS.checkPassengerEmail, {
      body: { ...ALICE, password: 'wrong one' },
    });
    await call('PATCH', API_PATHS.updatePassenger, {
      token: bobToken,
      body: { passenger_id: bobId, name: 'Bob Brown', email: BOB.email, phone: '+44 7700 900321' },
    });
    await call('POST', API_PATHS.sendInstantEmail, { body: { passenger_email: 'x' } });
    await call('POST', API_PATHS.contactUs, { body: {} });

    const db = t.db.handle.db;
    const secrets = [
      ...(await db.selectFrom('passengers').select('password_hash as v').execute()),
      ...(await db.selectFrom('passenger_sessions').select('token_hash as v').execute()),
      ...(await db.selectFrom('reset_codes').select('code_hash as v').execute()),
      ...(await db.selectFrom('idempotency_keys').select('request_hash as v').execute()),
    ].map((row) => row.v);
    expect(secrets.length).toBeGreaterThan(5);
    const passwords = [ALICE.password, BOB.password];
    const tokens = [aliceToken, bobToken];

    expect(seen.length).toBeGreaterThan(40);
    for (const answer of seen) {
      const where = `${answer.what} -> ${answer.status}`;
      for (const secret of [...secrets, ...passwords]) {
        expect(answer.body.includes(secret), `${where} holds a secret`).toBe(false);
      }
      if (!answer.what.endsWith(API_PATHS.checkPassengerLogin)) {
        for (const token of tokens)
          expect(answer.body.includes(token), `${where} holds a token`).toBe(false);
      }
      expect(answer.body, where).not.toMatch(/argon2|\$2[aby]\$/);
      if (!answer.body.startsWith('{') && !answer.body.startsWith('[')) continue;
      const keys = keysOf(JSON.parse(answer.body)).filter(({ key }) => FORBIDDEN_KEYS.has(key));
      expect(keys, where).toEqual([]);
    }
  });
});
