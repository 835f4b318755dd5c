import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passengerLoginResponseSchema } from '../../src/contract/corporate';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { ACCOUNT_MESSAGES, CORPORATE_MESSAGES } from '../../src/domain/messages';
import { ATTEMPT_LIMITS } from '../../src/server/services/limits/attempt-counters';
import { addPassenger } from './accounts-fixtures';
import { API_HEADERS, startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';

const PASSWORD = 'Correct horse 1987';

describe.each(testDatabaseKinds())('changing a corporate email on %s', (kind) => {
  let t: TestApp;
  let accounts = 0;

  function call(
    method: 'POST' | 'PATCH',
    path: string,
    options: { token?: string; body?: unknown; ip: string },
  ) {
    return t.app.inject({
      method,
      url: `${API_BASE}${path}`,
      headers: {
        ...API_HEADERS,
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      payload: JSON.stringify(options.body ?? {}),
      remoteAddress: options.ip,
    });
  }

  const login = (email: string, password: string, ip: string) =>
    call('POST', API_PATHS.checkPassengerLogin, { body: { email, password }, ip });

  async function signIn(email: string, ip: string): Promise<string> {
    const res = await login(email, PASSWORD, ip);
    expect(res.statusCode, res.body).toBe(200);
    return passengerLoginResponseSchema.parse(res.json()).access_token;
  }

  const isLive = async (token: string, ip: string) =>
    (await call('POST', API_PATHS.passengerValidateToken, { token, ip })).statusCode;

  /** A passenger of its own for each test, signed in on two devices, from an address of its own. */
  async function newPassenger() {
    accounts += 1;
    const email = `traveller${accounts}@example.co.uk`;
    const id = await addPassenger(t, { email, password: PASSWORD });
    const ip = `198.51.100.${accounts}`;
    const laptop = await signIn(email, ip);
    const phone = await signIn(email, ip);
    const update = (token: string, body: Record<string, unknown>, from = ip) =>
      call('PATCH', API_PATHS.updatePassenger, {
        token,
        ip: from,
        body: { passenger_id: id, name: 'Alice Smith', phone: '+44 7700 900123', ...body },
      });
    return { id, email, ip, laptop, phone, update };
  }

  const row = (id: number) =>
    t.db.handle.db
      .selectFrom('passengers')
      .select(['email', 'email_key', 'first_name', 'phone', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const mailsTo = (recipient: string) =>
    t.db.handle.db
      .selectFrom('outbox')
      .select(['kind', 'subject', 'text_body', 'html_body'])
      .where('recipient', '=', recipient)
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { MAIL_POLL_INTERVAL_MS: '0' },
      rateLimitNameSpace: `email-change-${Math.random()}-`,
    });
  });
  afterAll(async () => t?.close());

  it('refuses a new email without the current password, or with a wrong one, changing nothing', async () => {
    const p = await newPassenger();
    const before = await row(p.id);
    const newEmail = 'thief@example.net';

    const missing = await p.update(p.phone, { email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      message: CORPORATE_MESSAGES.currentPasswordRequired,
      errors: [{ path: 'current_password', message: CORPORATE_MESSAGES.currentPasswordRequired }],
    });
    const empty = await p.update(p.phone, { email: newEmail, current_password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(missing.json().errors);

    const wrong = await p.update(p.phone, { email: newEmail, current_password: 'a guess' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      message: CORPORATE_MESSAGES.currentPasswordWrong,
      errors: [{ path: 'current_password', message: CORPORATE_MESSAGES.currentPasswordWrong }],
    });
    // A wrong password says nothing of whether the new email is free.
    await addPassenger(t, { email: 'taken@example.co.uk', password: PASSWORD });
    const takenGuess = await p.update(p.phone, {
      email: 'taken@example.co.uk',
      current_password: 'a guess',
    });
    expect(takenGuess.body).toBe(wrong.body);

    expect(await row(p.id)).toEqual(before);
    expect(await mailsTo(p.email)).toEqual([]);
    expect(await isLive(p.laptop, p.ip)).toBe(200);
    expect(await isLive(p.phone, p.ip)).toBe(200);
    expect((await login(newEmail, PASSWORD, p.ip)).statusCode).toBe(401);
  });

  it('with the right password changes the email, mails the old address and signs out every other device', async () => {
    const p = await newPassenger();
    const newEmail = 'Alice.New@Example.org';
    const ok = await p.update(p.phone, { email: ` ${newEmail} `, current_password: PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      message: CORPORATE_MESSAGES.profileUpdated,
      passenger: {
        passenger_id: p.id,
        passenger_name: 'Alice Smith',
        passenger_email: newEmail,
        passenger_contact_no: '+44 7700 900123',
      },
    });
    expect(ok.body).not.toContain(PASSWORD);
    expect((await row(p.id)).email_key).toBe('alice.new@example.org');

    // The old address is told, and what to do if it was not them.
    const [notice, ...others] = await mailsTo(p.email);
    expect(others).toEqual([]);
    expect(notice!.kind).toBe('email-changed');
    expect(notice!.subject).toBe('Your account email was changed');
    expect(notice!.text_body).toContain(`from ${p.email} to A***@Example.org`);
    expect(notice!.text_body).toMatch(/If you didn't make this change, contact us/);
    expect(notice!.text_body).toContain('+44 20 3865 4120');
    expect(notice!.html_body).toContain('A***@Example.org');
    expect(await mailsTo(newEmail)).toEqual([]);

    // The device that made the change stays signed in; the other one is signed out.
    expect(await isLive(p.phone, p.ip)).toBe(200);
    expect(await isLive(p.laptop, p.ip)).toBe(401);
    const after = await p.update(p.phone, { email: newEmail, name: 'Alice Jones' });
    expect(after.statusCode, after.body).toBe(200);

    expect((await login(p.email, PASSWORD, p.ip)).statusCode).toBe(401);
    expect((await login(newEmail, PASSWORD, p.ip)).statusCode).toBe(200);
  });

  it('still changes the name and phone on the token alone, mailing and signing out nobody', async () => {
    const p = await newPassenger();
    // The same email, typed in other case and with spaces, is not a change of email.
    const res = await p.update(p.phone, {
      name: 'Alice Hart-Smith',
      email: ` ${p.email.toUpperCase()} `,
      phone: '+44 7700 900999',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().passenger).toMatchObject({
      passenger_name: 'Alice Hart-Smith',
      passenger_contact_no: '+44 7700 900999',
    });
    expect(await row(p.id)).toMatchObject({
      first_name: 'Alice Hart-Smith',
      phone: '+44 7700 900999',
      email_key: p.email,
    });
    expect(await mailsTo(p.email)).toEqual([]);
    expect(await isLive(p.laptop, p.ip)).toBe(200);
    expect(await isLive(p.phone, p.ip)).toBe(200);
  });

  it("counts wrong current passwords in sign-in's per-email limit", async () => {
    const p = await newPassenger();
    // Guesses from many addresses, as a thief holding a stolen token would spread them.
    for (let i = 0; i < ATTEMPT_LIMITS.password.perEmail; i += 1) {
      const res = await p.update(
        p.phone,
        { email: 'thief@example.net', current_password: `guess ${i}` },
        `192.0.2.${accounts * 20 + i}`,
      );
      expect(res.statusCode, res.body).toBe(400);
    }
    const limitedUpdate = await p.update(
      p.phone,
      { email: 'thief@example.net', current_password: PASSWORD },
      '192.0.2.250',
    );
    expect(limitedUpdate.statusCode).toBe(429);
    expect(limitedUpdate.headers['retry-after']).toMatch(/^\d+$/);
    expect(limitedUpdate.json()).toEqual({
      success: false,
      message: ACCOUNT_MESSAGES.tooManyRequests,
    });
    const limitedSignIn = await login(p.email, PASSWORD, '203.0.113.250');
    expect(limitedSignIn.statusCode).toBe(429);
    expect((await row(p.id)).email_key).toBe(p.email);
  });

  it("counts wrong current passwords in sign-in's per-address limit", async () => {
    const p = await newPassenger();
    const attacker = '203.0.113.66';
    for (let i = 0; i < ATTEMPT_LIMITS.password.perAddress; i += 1) {
      const res = await p.update(
        p.phone,
        { email: 'thief@example.net', current_password: `guess ${i}` },
        attacker,
      );
      // The per-email limit runs out first; both are counted on every try.
      expect([400, 429]).toContain(res.statusCode);
    }
    const limitedSignIn = await login(`someone.else${accounts}@example.co.uk`, 'x', attacker);
    expect(limitedSignIn.statusCode).toBe(429);
  });
});
