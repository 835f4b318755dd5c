import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, BOOKING_MESSAGES } from '../../src/domain/messages';
import { ATTEMPT_LIMITS, addressKey } from '../../src/server/services/limits/attempt-counters';
import { ALICE, addPassenger, postAccount } from './accounts-fixtures';
import { startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';

describe.each(testDatabaseKinds())('POST /check-passenger-email on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { MAIL_POLL_INTERVAL_MS: '0' } });
    await addPassenger(t);
  });
  afterAll(async () => t?.close());

  it('finds a passenger whose email and password match, however the email is typed', async () => {
    const res = await postAccount(
      t,
      'checkPassengerEmail',
      { email: '  Alice.Smith@Example.co.uk ', password: ALICE.password },
      '198.51.100.1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: BOOKING_MESSAGES.emailFound,
      // The account's own details, for the payment page: only to whoever gave its password.
      passenger: { firstName: 'Alice', surname: 'Smith', number: '+44 7700 900123' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a wrong password and an unknown email in exactly the same words', async () => {
    const wrong = await postAccount(
      t,
      'checkPassengerEmail',
      { email: ALICE.email, password: 'Correct horse 1988' },
      '198.51.100.2',
    );
    const unknown = await postAccount(
      t,
      'checkPassengerEmail',
      { email: 'nobody@example.co.uk', password: ALICE.password },
      '198.51.100.2',
    );
    const expected = { success: false, message: BOOKING_MESSAGES.emailNotFound };
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual(expected);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(expected);
    expect(unknown.body).toBe(wrong.body);
  });

  it('names the missing field in a 400', async () => {
    const res = await postAccount(t, 'checkPassengerEmail', { email: ALICE.email }, '198.51.100.3');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      errors: [{ path: 'password', message: 'password is required' }],
    });
  });

  it('limits guesses per email, whichever address they come from', async () => {
    const { perEmail } = ATTEMPT_LIMITS.password;
    const email = 'target@example.co.uk';
    for (let i = 0; i < perEmail; i += 1) {
      const res = await postAccount(
        t,
        'checkPassengerEmail',
        { email, password: `guess number ${i}` },
        `192.0.2.${i + 1}`,
      );
      expect(res.statusCode).toBe(200);
    }
    const limited = await postAccount(
      t,
      'checkPassengerEmail',
      { email: ' TARGET@example.co.uk', password: 'one more guess' },
      '192.0.2.200',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.tooManyRequests });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ATTEMPT_LIMITS.password.windowMs / 1000);

    // Another passenger's email is not affected.
    const other = await postAccount(
      t,
      'checkPassengerEmail',
      { email: ALICE.email, password: ALICE.password },
      '192.0.2.201',
    );
    expect(other.json()).toMatchObject({ success: true, message: BOOKING_MESSAGES.emailFound });
  });

  it('limits one address trying many emails', async () => {
    const { perAddress } = ATTEMPT_LIMITS.password;
    const address = '2001:db8:1:2::17';
    for (let i = 0; i < perAddress; i += 1) {
      const res = await postAccount(
        t,
        'checkPassengerEmail',
        { email: `person${i}@example.co.uk`, password: 'whatever password' },
        address,
      );
      expect(res.statusCode).toBe(200);
    }
    // Another address in the same /64 shares the count.
    const limited = await postAccount(
      t,
      'checkPassengerEmail',
      { email: 'fresh@example.co.uk', password: 'whatever password' },
      '2001:db8:1:2:ffff::1',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(ACCOUNT_MESSAGES.tooManyRequests);
  });
});

describe('client address keys', () => {
  it('counts IPv4 by address and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2::17')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

/** Runs when TEST_REDIS_URL is set (.ci/run sets it), as PostgreSQL tests need TEST_DATABASE_URL. */
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('account limits shared through Redis (REDIS_URL)', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('counts guesses at one email across two API processes', async () => {
    // Each run has its own key prefix: counters of an earlier run live on in Redis.
    const nameSpace = `ridebook-test-${randomUUID()}-`;
    const env = { REDIS_URL: redisUrl ?? '', MAIL_POLL_INTERVAL_MS: '0' };
    for (let i = 0; i < 2; i += 1) {
      apps.push(await startTestApp('pglite', { env, rateLimitNameSpace: nameSpace }));
    }
    const [first, second] = apps as [TestApp, TestApp];
    const { perEmail } = ATTEMPT_LIMITS.password;
    const body = { email: ALICE.email, password: 'not the password' };
    for (let i = 0; i < perEmail; i += 1) {
      const res = await postAccount(
        i % 2 ? second : first,
        'checkPassengerEmail',
        body,
        `192.0.2.${i + 1}`,
      );
      expect(res.statusCode).toBe(200);
    }
    const limited = await postAccount(second, 'checkPassengerEmail', body, '192.0.2.250');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(ACCOUNT_MESSAGES.tooManyRequests);
  });
});
