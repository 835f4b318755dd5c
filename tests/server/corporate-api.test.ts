import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corporateBookingsResponseSchema,
  passengerLoginResponseSchema,
} from '../../src/contract/corporate';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { ACCOUNT_MESSAGES, CORPORATE_MESSAGES } from '../../src/domain/messages';
import { DEMO_CORPORATE } from '../../src/server/db/seed-data/corporate';
import { hashSessionToken } from '../../src/server/services/accounts/session-tokens';
import { ATTEMPT_LIMITS } from '../../src/server/services/limits/attempt-counters';
import { ALICE, addPassenger } from './accounts-fixtures';
import { API_HEADERS, startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';

const DAY = 86_400_000;

describe.each(testDatabaseKinds())('corporate area on %s', (kind) => {
  let t: TestApp;
  let now = new Date('2026-11-21T12:00:00Z');
  let aliceId: number;
  let demoId: number;

  function call(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    options: { token?: string; body?: unknown; ip?: string } = {},
  ) {
    return t.app.inject({
      method,
      url: `${API_BASE}${path}`,
      headers: {
        ...API_HEADERS,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
      remoteAddress: options.ip ?? '198.51.100.10',
    });
  }

  async function login(email: string, password: string, ip?: string) {
    const res = await call('POST', API_PATHS.checkPassengerLogin, {
      body: { email, password },
      ip,
    });
    return res;
  }

  async function tokenFor(email: string, password: string): Promise<string> {
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    return passengerLoginResponseSchema.parse(res.json()).access_token;
  }

  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { MAIL_POLL_INTERVAL_MS: '0' },
      clock: () => now,
      rateLimitNameSpace: `corporate-${Math.random()}-`,
    });
    aliceId = await addPassenger(t);
    const demo = await t.db.handle.db
      .selectFrom('passengers')
      .select('id')
      .where('email_key', '=', DEMO_CORPORATE.email)
      .executeTakeFirstOrThrow();
    demoId = demo.id;
  });
  afterAll(async () => t?.close());

  it('signs in, and stores only the hash of the token', async () => {
    const res = await login(DEMO_CORPORATE.email.toUpperCase(), DEMO_CORPORATE.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = passengerLoginResponseSchema.parse(res.json());
    expect(Buffer.from(body.access_token, 'base64url')).toHaveLength(32);
    expect(new Date(body.expires_at).getTime()).toBe(now.getTime() + 30 * DAY);
    expect(body.passenger).toEqual({
      passenger_id: demoId,
      passenger_name: 'Eleanor Hart',
      passenger_email: DEMO_CORPORATE.email,
      passenger_contact_no: '+44 7700 900456',
    });
    expect(res.body).not.toMatch(/password|argon2/);
    const rows = await t.db.handle.db.selectFrom('passenger_sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(body.access_token);
    expect(rows.map((row) => row.token_hash)).toContain(hashSessionToken(body.access_token));
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const wrong = await login(ALICE.email, 'Correct horse 1988', '198.51.100.20');
    const unknown = await login('nobody@example.co.uk', ALICE.password, '198.51.100.20');
    const expected = { success: false, message: CORPORATE_MESSAGES.invalidCredentials };
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(expected);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it('validates a live token, refuses a bad one, and revokes on logout', async () => {
    const token = await tokenFor(ALICE.email, ALICE.password);
    const valid = await call('POST', API_PATHS.passengerValidateToken, { token });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ success: true, valid: true });

    const bad = await call('POST', API_PATHS.passengerValidateToken, { token: 'not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({
      success: false,
      valid: false,
      message: CORPORATE_MESSAGES.signInRequired,
    });

    const out = await call('POST', API_PATHS.passengerLogout, { token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await call('POST', API_PATHS.passengerValidateToken, { token })).statusCode).toBe(401);
    expect((await call('POST', API_PATHS.passengerLogout, { token })).statusCode).toBe(401);
  });

  it('lets a token lapse 30 days after sign-in', async () => {
    const token = await tokenFor(ALICE.email, ALICE.password);
    const started = now;
    try {
      now = new Date(started.getTime() + 30 * DAY - 1000);
      expect((await call('POST', API_PATHS.passengerValidateToken, { token })).statusCode).toBe(
        200,
      );
      now = new Date(started.getTime() + 30 * DAY + 1000);
      expect((await call('POST', API_PATHS.passengerValidateToken, { token })).statusCode).toBe(
        401,
      );
    } finally {
      now = started;
    }
  });

  it("lists the passenger's own bookings newest first, and nobody else's", async () => {
    const token = await tokenFor(DEMO_CORPORATE.email, DEMO_CORPORATE.password);
    const path = (id: string | number) => API_PATHS.getBooking.replace(':passenger_id', String(id));
    const res = await call('GET', path(demoId), { token });
    expect(res.statusCode).toBe(200);
    const { data } = corporateBookingsResponseSchema.parse(res.json());
    expect(data).toHaveLength(12);
    const created = data.map((b) => b.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(new Set(data.map((b) => b.ride_type))).toEqual(new Set(['Q', 'H']));
    expect(new Set(data.map((b) => b.payment_method))).toEqual(new Set(['card', 'car']));
    expect(data.some((b) => b.booking_stops.length === 2)).toBe(true);
    // Each with its place in the lifecycle: the demo's past rides done, the rest confirmed.
    expect(new Set(data.map((b) => b.status))).toEqual(new Set(['completed', 'confirmed']));
    const returning = data.find((b) => b.booking_number === '710000010')!;
    expect(returning.return_time).toBe('21:30');
    expect(returning.pick_up_time).toBe('12:00');
    expect(returning.booking_details).toMatchObject({ luggages: 3, special_luggages: 2 });
    expect(res.body).not.toMatch(/password|token|"form"|argon2/);

    const other = await call('GET', path(aliceId), { token });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ success: false, message: CORPORATE_MESSAGES.notYourAccount });
    expect((await call('GET', path(987654), { token })).statusCode).toBe(403);
    expect((await call('GET', path(demoId))).statusCode).toBe(401);
    const malformed = await call('GET', path('12abc'), { token });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].path).toBe('passenger_id');
    expect((await call('GET', path(0), { token })).statusCode).toBe(400);
  });

  it('updates only its own profile, with a valid and unused email', async () => {
    const email = 'bob.jones@example.co.uk';
    const bobId = await addPassenger(t, { email, password: 'Another good phrase 42' });
    const token = await tokenFor(email, 'Another good phrase 42');
    // A new email needs the current password (corporate-email-change.test.ts).
    const update = (body: Record<string, unknown>) =>
      call('PATCH', API_PATHS.updatePassenger, {
        token,
        body: { current_password: 'Another good phrase 42', ...body },
      });

    const ok = await update({
      passenger_id: bobId,
      name: 'Robert Jones',
      email: ' Robert.Jones@Example.co.uk ',
      phone: '+44 7700 900999',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      message: CORPORATE_MESSAGES.profileUpdated,
      passenger: {
        passenger_id: bobId,
        passenger_name: 'Robert Jones',
        passenger_email: 'Robert.Jones@Example.co.uk',
        passenger_contact_no: '+44 7700 900999',
      },
    });
    expect(ok.body).not.toMatch(/password|argon2/);
    const row = await t.db.handle.db
      .selectFrom('passengers')
      .select(['email_key', 'first_name', 'last_name'])
      .where('id', '=', bobId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      email_key: 'robert.jones@example.co.uk',
      first_name: 'Robert Jones',
      last_name: '',
    });

    const forbidden = await update({ passenger_id: aliceId, name: 'X', email: 'x@example.com' });
    expect(forbidden.statusCode).toBe(403);
    const taken = await update({ passenger_id: bobId, name: 'Rob', email: ALICE.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, message: CORPORATE_MESSAGES.emailTaken });
    const badEmail = await update({ passenger_id: bobId, name: 'Rob', email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors[0].path).toBe('email');
    const noToken = await call('PATCH', API_PATHS.updatePassenger, {
      body: { passenger_id: bobId, name: 'Rob', email },
    });
    expect(noToken.statusCode).toBe(401);
  });

  it('limits sign-in attempts per email, whichever address they come from', async () => {
    const email = 'target@example.co.uk';
    for (let i = 0; i < ATTEMPT_LIMITS.password.perEmail; i += 1) {
      const res = await login(email, `guess ${i}`, `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(' TARGET@example.co.uk', 'one more', '192.0.2.200');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.tooManyRequests });
  });

  it('limits sign-in attempts per address, whichever email they name', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < ATTEMPT_LIMITS.password.perAddress; i += 1) {
      const res = await login(`walker${i}@example.co.uk`, 'a guess', address);
      expect(res.statusCode).toBe(401);
    }
    const limited = await login('fresh@example.co.uk', 'a guess', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.tooManyRequests });
    // Another address naming the same email is still heard.
    expect((await login('fresh@example.co.uk', 'a guess', '203.0.113.8')).statusCode).toBe(401);
  });
});
