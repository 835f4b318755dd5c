import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_SESSION_COOKIE, driverMeResponseSchema } from '../../src/contract/driver';
import { DRIVER_MESSAGES } from '../../src/domain/driver-messages';
import { ACCOUNT_MESSAGES } from '../../src/domain/messages';
import { DEMO_DRIVER_LOGINS } from '../../src/server/db/seed-data/operator-accounts';
import { ATTEMPT_LIMITS } from '../../src/server/services/limits/attempt-counters';
import { startBookingApp } from './booking-fixtures';
import {
  DRIVER_PASSWORD,
  driverCall,
  driverSignIn,
  giveDriverLogin,
  seededDriver,
} from './driver-fixtures';
import { testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { FIXED_NOW } from './quote-fixtures';

const HOUR = 3_600_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe.each(testDatabaseKinds())("the driver app's sign-in on %s", (kind) => {
  let t: TestApp;
  let sophie: { id: number; company_id: number; email: string; password: string };

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    const row = await seededDriver(t, 'Sophie Turner');
    const login = await giveDriverLogin(t, row.id, 'sophie.turner@heathrow-executive.example');
    sophie = { ...row, ...login };
  });
  afterAll(async () => t?.close());

  const sessionRow = (token: string) =>
    t.db.handle.db
      .selectFrom('driver_sessions')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();

  it('signs in with an httpOnly, SameSite=Strict cookie of its own whose token is stored only hashed', async () => {
    const res = await driverCall(t, 'POST', '/driver/login', {
      body: { email: sophie.email.toUpperCase(), password: DRIVER_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const me = driverMeResponseSchema.parse(res.json()).data;
    expect(me).toMatchObject({
      id: sophie.id,
      name: 'Sophie Turner',
      first_name: 'Sophie',
      email: sophie.email,
      company_id: sophie.company_id,
      company_name: 'Heathrow Executive Cars',
      on_duty: false,
      vehicle: 'Toyota Corolla, silver, LC22 HRT',
      // The VAPID public key the app subscribes to Web Push with (driver-push.test.ts).
      push_public_key: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
    });
    // The usual vehicle in words, its plate at least ("Toyota Corolla, silver, LC22 HRT").
    expect(me.vehicle).toMatch(/LC22 HRT$/);
    expect(me.company_phone).not.toBe('');
    const cookie = res.cookies.find((c) => c.name === DRIVER_SESSION_COOKIE)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: 12 * 3600,
    });
    expect(cookie.secure).toBeFalsy();
    const stored = await sessionRow(cookie.value);
    expect(stored).toMatchObject({ driver_id: sophie.id, revoked_at: null });
    const dump = JSON.stringify(
      await t.db.handle.db.selectFrom('driver_sessions').selectAll().execute(),
    );
    expect(dump).not.toContain(cookie.value);

    const again = await driverCall(t, 'GET', '/driver/me', { session: cookie.value });
    expect(again.statusCode, again.body).toBe(200);
    expect(driverMeResponseSchema.parse(again.json()).data.id).toBe(sophie.id);
  });

  it("lets the README's demo drivers in with the published password", async () => {
    expect(DEMO_DRIVER_LOGINS.map((d) => [d.email, d.password, d.name, d.company])).toEqual([
      [
        'james.okafor@heathrow-executive.example',
        'Driver-Demo-2026',
        'James Okafor',
        'Heathrow Executive Cars',
      ],
      [
        'callum.fraser@northern-star.example',
        'Driver-Demo-2026',
        'Callum Fraser',
        'Northern Star Chauffeurs',
      ],
    ]);
    for (const demo of DEMO_DRIVER_LOGINS) {
      const res = await driverCall(t, 'POST', '/driver/login', { body: demo });
      expect(res.statusCode, res.body).toBe(200);
      expect(driverMeResponseSchema.parse(res.json()).data).toMatchObject({
        name: demo.name,
        company_name: demo.company,
        email: demo.email,
      });
      const licence = await t.db.handle.db
        .selectFrom('drivers')
        .select('licence_expiry')
        .where('email', '=', demo.email)
        .executeTakeFirstOrThrow();
      // Valid well into the future (half a year on from the seed at least): Assign takes them.
      const halfAYear = new Date(Date.now() + 180 * 24 * HOUR).toISOString().slice(0, 10);
      expect(licence.licence_expiry > halfAYear).toBe(true);
    }
  });

  it('gives one 401 for a wrong password, an unknown email and a driver never invited', async () => {
    const hannah = await seededDriver(t, 'Hannah Lewis');
    await t.db.handle.db
      .updateTable('drivers')
      .set({ email: 'not.invited@thames-valley.example', password_hash: null })
      .where('id', '=', hannah.id)
      .execute();
    for (const body of [
      { email: sophie.email, password: 'Not her password 1' },
      { email: 'nobody@heathrow-executive.example', password: DRIVER_PASSWORD },
      { email: 'not.invited@thames-valley.example', password: DRIVER_PASSWORD },
    ]) {
      const res = await driverCall(t, 'POST', '/driver/login', {
        body,
        remoteAddress: '192.0.2.7',
      });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ success: false, message: DRIVER_MESSAGES.invalidCredentials });
      expect(res.cookies.find((c) => c.name === DRIVER_SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('answers 401 without a session and names the fields of a bad sign-in', async () => {
    const none = await driverCall(t, 'GET', '/driver/me');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, message: DRIVER_MESSAGES.signInRequired });
    const forged = await driverCall(t, 'GET', '/driver/me', { session: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(401);
    // A console session is not a driver's.
    const consoleSession = await signIn(t, dispatcherOf('Heathrow Executive Cars'));
    const asConsole = await driverCall(t, 'GET', '/driver/me', { session: consoleSession });
    expect(asConsole.statusCode).toBe(401);

    const bad = await driverCall(t, 'POST', '/driver/login', { body: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json() as { errors: { path: string }[] }).errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const session = await driverSignIn(t, sophie);
    const out = await driverCall(t, 'POST', '/driver/logout', { session });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === DRIVER_SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect((await driverCall(t, 'GET', '/driver/me', { session })).statusCode).toBe(401);
  });

  it('refuses a state-changing call from another origin with a 403', async () => {
    const session = await driverSignIn(t, sophie);
    for (const [path, body] of [
      ['/driver/login', { email: sophie.email, password: DRIVER_PASSWORD }],
      ['/driver/logout', {}],
    ] as const) {
      const res = await driverCall(t, 'POST', path, {
        session,
        body,
        origin: 'https://evil.example',
      });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ success: false, message: DRIVER_MESSAGES.crossOrigin });
    }
    const forget = await driverCall(t, 'DELETE', '/driver/push-subscription', {
      session,
      body: { endpoint: 'https://push.example/send/sophie' },
      origin: 'https://evil.example',
    });
    expect(forget.statusCode).toBe(403);
    // The refused sign-out ended nothing.
    expect((await driverCall(t, 'GET', '/driver/me', { session })).statusCode).toBe(200);
  });

  it('ends a session after 12 idle hours, each use moving the end on', async () => {
    const session = await driverSignIn(t, sophie);
    const expiry = async () => new Date((await sessionRow(session))!.expires_at).getTime();
    const setExpiry = (at: number) =>
      t.db.handle.db
        .updateTable('driver_sessions')
        .set({ expires_at: new Date(at) })
        .where('token_hash', '=', sha256(session))
        .execute();
    expect(await expiry()).toBe(FIXED_NOW.getTime() + 12 * HOUR);
    await setExpiry(FIXED_NOW.getTime() + HOUR);
    expect((await driverCall(t, 'GET', '/driver/me', { session })).statusCode).toBe(200);
    expect(await expiry()).toBe(FIXED_NOW.getTime() + 12 * HOUR);
    await setExpiry(FIXED_NOW.getTime() - 60_000);
    expect((await driverCall(t, 'GET', '/driver/me', { session })).statusCode).toBe(401);
  });

  it("ends a driver's sessions at once when the console deactivates them, for good", async () => {
    const daniel = await seededDriver(t, 'Daniel Price');
    const login = await giveDriverLogin(t, daniel.id, 'daniel.price@thames-valley.example');
    const [phone, tablet] = [await driverSignIn(t, login), await driverSignIn(t, login)];
    const dispatcher = await signIn(t, dispatcherOf('Thames Valley Private Hire'));
    const off = await consoleCall(t, 'PATCH', `/operator/drivers/${daniel.id}`, {
      session: dispatcher,
      body: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    for (const session of [phone, tablet]) {
      expect((await sessionRow(session))!.revoked_at).not.toBeNull();
      expect((await driverCall(t, 'GET', '/driver/me', { session })).statusCode).toBe(401);
    }
    const refused = await driverCall(t, 'POST', '/driver/login', { body: login });
    expect(refused.statusCode).toBe(401);
    // Reactivated, they sign in again; the old sessions stay ended.
    const on = await consoleCall(t, 'PATCH', `/operator/drivers/${daniel.id}`, {
      session: dispatcher,
      body: { active: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await driverCall(t, 'GET', '/driver/me', { session: phone })).statusCode).toBe(401);
    await driverSignIn(t, login);
  });

  it("closes the app of a deactivated company's drivers", async () => {
    const grace = await seededDriver(t, 'Grace Liu');
    const login = await giveDriverLogin(t, grace.id, 'grace.liu@northern-star.example');
    const session = await driverSignIn(t, login);
    const company = () =>
      t.db.handle.db.updateTable('companies').where('id', '=', grace.company_id);
    await company().set({ active: false }).execute();
    try {
      expect((await driverCall(t, 'GET', '/driver/me', { session })).statusCode).toBe(401);
      expect((await sessionRow(session))!.revoked_at).not.toBeNull();
      const refused = await driverCall(t, 'POST', '/driver/login', { body: login });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ success: false, message: DRIVER_MESSAGES.companyInactive });
    } finally {
      await company().set({ active: true }).execute();
    }
  });

  it('counts wrong passwords under the sign-in limits every other sign-in has', async () => {
    const marek = await seededDriver(t, 'Marek Nowak');
    const login = await giveDriverLogin(t, marek.id, 'marek.nowak@heathrow-executive.example');
    const { perEmail } = ATTEMPT_LIMITS.password;
    for (let i = 0; i < perEmail; i += 1) {
      const res = await driverCall(t, 'POST', '/driver/login', {
        body: { email: login.email, password: `guess number ${i}` },
        remoteAddress: `192.0.2.${i + 20}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await driverCall(t, 'POST', '/driver/login', {
      body: login,
      remoteAddress: '192.0.2.99',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
