import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { ACCOUNT_MESSAGES, BOOKING_MESSAGES } from '../../src/domain/messages';
import { ATTEMPT_LIMITS } from '../../src/server/services/limits/attempt-counters';
import { addPassenger, postAccount } from './accounts-fixtures';
import { API_HEADERS, startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';

const OLD_PASSWORD = 'Correct horse 1987';
const NEW_PASSWORD = 'Thames barrier at dusk';

describe.each(testDatabaseKinds())('forgot password on %s', (kind) => {
  let t: TestApp;
  let now = new Date('2026-11-21T10:00:00Z');
  const advanceMinutes = (minutes: number) => {
    now = new Date(now.getTime() + minutes * 60_000);
  };
  let accounts = 0;
  /** A passenger of its own for each test, and an address of its own for its requests. */
  async function newPassenger() {
    accounts += 1;
    const email = `reset${accounts}@example.co.uk`;
    await addPassenger(t, { email, password: OLD_PASSWORD });
    return { email, address: `198.51.100.${accounts}` };
  }
  /** The code in the latest reset mail queued for `email`, as the passenger reads it. */
  async function codeFromOutbox(email: string): Promise<string> {
    const row = await t.db.handle.db
      .selectFrom('outbox')
      .select(['text_body', 'html_body', 'subject'])
      .where('recipient', '=', email)
      .where('kind', '=', 'reset-code')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /Your reset code is (\d{6})\./.exec(row.text_body)?.[1];
    if (!code) throw new Error(`no code in ${row.text_body}`);
    expect(row.html_body).toContain(code);
    return code;
  }
  function otherCode(code: string) {
    return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  }
  const signIn = (email: string, password: string, address: string) =>
    postAccount(t, 'checkPassengerEmail', { email, password }, address);

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { MAIL_POLL_INTERVAL_MS: '0' }, clock: () => now });
  });
  afterAll(async () => t?.close());

  it('sends a code, verifies it, resets the password and signs in with the new one only', async () => {
    const { email, address } = await newPassenger();
    const sent = await postAccount(t, 'forgotPassword', { email, type: 'website' }, address);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.codeSent });
    const code = await codeFromOutbox(email);

    // The code is stored only as a hash.
    const stored = await t.db.handle.db.selectFrom('reset_codes').select('code_hash').execute();
    expect(stored.every((row) => !row.code_hash.includes(code))).toBe(true);

    const verified = await postAccount(t, 'verifyCode', { email, code }, address);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.codeVerified });
    // Verifying does not use the code up: the screen goes on to the new password with it.
    expect((await postAccount(t, 'verifyCode', { email, code }, address)).statusCode).toBe(200);

    const reset = await postAccount(
      t,
      'resetPassword',
      { email, code, new_password: NEW_PASSWORD, type: 'website' },
      address,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.resetDone });

    expect((await signIn(email, NEW_PASSWORD, address)).json()).toMatchObject({
      success: true,
      message: BOOKING_MESSAGES.emailFound,
    });
    expect((await signIn(email, OLD_PASSWORD, address)).json()).toEqual({
      success: false,
      message: BOOKING_MESSAGES.emailNotFound,
    });

    // Single use: the same code cannot reset again, nor verify.
    const again = await postAccount(
      t,
      'resetPassword',
      { email, code, new_password: 'Another fine password', type: 'website' },
      address,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.codeInvalid });
    expect((await postAccount(t, 'verifyCode', { email, code }, address)).statusCode).toBe(400);
    expect((await signIn(email, NEW_PASSWORD, address)).json().success).toBe(true);
  });

  it('signs the passenger out of every corporate session once the password is reset', async () => {
    const { email, address } = await newPassenger();
    const tokens: string[] = [];
    for (let device = 0; device < 2; device += 1) {
      const login = await postAccount(
        t,
        'checkPassengerLogin',
        { email, password: OLD_PASSWORD },
        address,
      );
      expect(login.statusCode).toBe(200);
      tokens.push(login.json().access_token);
    }
    const isValid = async (token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `${API_BASE}${API_PATHS.passengerValidateToken}`,
          headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
          remoteAddress: address,
        })
      ).json().valid;
    expect(await Promise.all(tokens.map(isValid))).toEqual([true, true]);

    await postAccount(t, 'forgotPassword', { email, type: 'website' }, address);
    const code = await codeFromOutbox(email);
    // A wrong code changes nothing: the sessions live on.
    const wrong = await postAccount(
      t,
      'resetPassword',
      { email, code: otherCode(code), new_password: NEW_PASSWORD, type: 'website' },
      address,
    );
    expect(wrong.statusCode).toBe(400);
    expect(await Promise.all(tokens.map(isValid))).toEqual([true, true]);

    const reset = await postAccount(
      t,
      'resetPassword',
      { email, code, new_password: NEW_PASSWORD, type: 'website' },
      address,
    );
    expect(reset.statusCode).toBe(200);
    expect(await Promise.all(tokens.map(isValid))).toEqual([false, false]);
  });

  it('answers 404 Email not found for an email with no account', async () => {
    const res = await postAccount(
      t,
      'forgotPassword',
      { email: 'stranger@example.co.uk', type: 'website' },
      '203.0.113.50',
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.emailNotFound });
    const queued = await t.db.handle.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', 'stranger@example.co.uk')
      .execute();
    expect(queued).toEqual([]);
  });

  it('refuses a code 10 minutes after it was sent', async () => {
    const { email, address } = await newPassenger();
    await postAccount(t, 'forgotPassword', { email, type: 'website' }, address);
    const code = await codeFromOutbox(email);
    advanceMinutes(9.9);
    expect((await postAccount(t, 'verifyCode', { email, code }, address)).statusCode).toBe(200);
    advanceMinutes(0.1);
    const expired = await postAccount(t, 'verifyCode', { email, code }, address);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.codeExpired });
    const reset = await postAccount(
      t,
      'resetPassword',
      { email, code, new_password: NEW_PASSWORD, type: 'website' },
      address,
    );
    expect(reset.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.codeExpired });
    expect((await signIn(email, OLD_PASSWORD, address)).json().success).toBe(true);
  });

  it('kills a code after 5 wrong tries, even when the right one comes next', async () => {
    const { email, address } = await newPassenger();
    await postAccount(t, 'forgotPassword', { email, type: 'website' }, address);
    const code = await codeFromOutbox(email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await postAccount(t, 'verifyCode', { email, code: otherCode(code) }, address);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.codeInvalid });
    }
    expect((await postAccount(t, 'verifyCode', { email, code }, address)).json()).toEqual({
      success: false,
      message: ACCOUNT_MESSAGES.codeInvalid,
    });
    const reset = await postAccount(
      t,
      'resetPassword',
      { email, code, new_password: NEW_PASSWORD, type: 'website' },
      address,
    );
    expect(reset.statusCode).toBe(400);
    expect((await signIn(email, OLD_PASSWORD, address)).json().success).toBe(true);

    // A new code works again.
    await postAccount(t, 'forgotPassword', { email, type: 'website' }, address);
    const fresh = await codeFromOutbox(email);
    expect((await postAccount(t, 'verifyCode', { email, code: fresh }, address)).statusCode).toBe(
      200,
    );
  });

  it('counts wrong guesses sent at the same moment, so racing does not buy extra tries', async () => {
    const { email, address } = await newPassenger();
    await postAccount(t, 'forgotPassword', { email, type: 'website' }, address);
    const code = await codeFromOutbox(email);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postAccount(
          t,
          'verifyCode',
          { email, code: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0') },
          address,
        ),
      ),
    );
    expect(guesses.every((res) => res.statusCode === 400)).toBe(true);
    const [row] = await t.db.handle.db
      .selectFrom('reset_codes')
      .innerJoin('passengers', 'passengers.id', 'reset_codes.passenger_id')
      .select('reset_codes.attempts')
      .where('passengers.email', '=', email)
      .execute();
    expect(row?.attempts).toBe(5);
    expect((await postAccount(t, 'verifyCode', { email, code }, address)).statusCode).toBe(400);
  });

  it('makes an earlier code useless once a new one is sent', async () => {
    const { email, address } = await newPassenger();
    await postAccount(t, 'forgotPassword', { email, type: 'website' }, address);
    const first = await codeFromOutbox(email);
    await postAccount(t, 'forgotPassword', { email, type: 'website' }, address);
    const second = await codeFromOutbox(email);
    if (first !== second) {
      expect((await postAccount(t, 'verifyCode', { email, code: first }, address)).statusCode).toBe(
        400,
      );
    }
    expect((await postAccount(t, 'verifyCode', { email, code: second }, address)).statusCode).toBe(
      200,
    );
  });

  it('refuses a weak new password with a 400 naming new_password, and keeps the code', async () => {
    const { email, address } = await newPassenger();
    await postAccount(t, 'forgotPassword', { email, type: 'website' }, address);
    const code = await codeFromOutbox(email);
    for (const [password, message] of [
      ['short', ACCOUNT_MESSAGES.passwordTooShort],
      ['password123', ACCOUNT_MESSAGES.passwordTooCommon],
    ] as const) {
      const res = await postAccount(
        t,
        'resetPassword',
        { email, code, new_password: password, type: 'website' },
        address,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        errors: [{ path: 'new_password', message }],
      });
    }
    const ok = await postAccount(
      t,
      'resetPassword',
      { email, code, new_password: NEW_PASSWORD, type: 'website' },
      address,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('names a malformed code in a 400', async () => {
    const res = await postAccount(
      t,
      'verifyCode',
      { email: 'reset1@example.co.uk', code: '12ab' },
      '203.0.113.60',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'code', message: 'code must be the 6 digits from the email' },
    ]);
  });

  it('limits reset requests per email', async () => {
    const { email } = await newPassenger();
    const { perEmail } = ATTEMPT_LIMITS.forgotPassword;
    for (let i = 0; i < perEmail; i += 1) {
      const res = await postAccount(
        t,
        'forgotPassword',
        { email, type: 'website' },
        `192.0.2.${i + 1}`,
      );
      expect(res.statusCode).toBe(200);
    }
    const limited = await postAccount(
      t,
      'forgotPassword',
      { email, type: 'website' },
      '192.0.2.99',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits reset requests per address, even for emails with no account', async () => {
    const { perAddress } = ATTEMPT_LIMITS.forgotPassword;
    for (let i = 0; i < perAddress; i += 1) {
      const res = await postAccount(
        t,
        'forgotPassword',
        { email: `probe${i}@example.co.uk`, type: 'website' },
        '203.0.113.77',
      );
      expect(res.statusCode).toBe(404);
    }
    const limited = await postAccount(
      t,
      'forgotPassword',
      { email: 'probe-last@example.co.uk', type: 'website' },
      '203.0.113.77',
    );
    expect(limited.statusCode).toBe(429);
  });
});
