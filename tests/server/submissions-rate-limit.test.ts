import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { ACCOUNT_MESSAGES } from '../../src/domain/messages';
import { SUBMISSION_RATE_LIMITS } from '../../src/server/routes/submissions';
import { startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  clearSubmissions,
  contactBody,
  freshAddress,
  movableClock,
  postRaw,
  quoteBody,
  storedSubmissions,
  submit,
} from './submissions-fixtures';

const LIMIT = SUBMISSION_RATE_LIMITS.perAddress;

describe.each(testDatabaseKinds())('submission rate limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      clock: movableClock().clock,
      env: { MAIL_POLL_INTERVAL_MS: '0' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await clearSubmissions(t);
  });

  it(`takes ${LIMIT} submissions from one address, both forms together, then answers 429`, async () => {
    const ip = freshAddress();
    for (let i = 0; i < LIMIT; i += 1) {
      const res =
        i % 2 === 0
          ? await submit(t, 'sendInstantEmail', quoteBody(), { ip })
          : await submit(t, 'contactUs', contactBody(), { ip });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await storedSubmissions(t)).toHaveLength(LIMIT);

    const quote = await submit(t, 'sendInstantEmail', quoteBody(), { ip });
    expect(quote.statusCode).toBe(429);
    expect(quote.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.tooManyRequests });
    const retryAfter = Number(quote.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SUBMISSION_RATE_LIMITS.windowMs / 1000);

    const contact = await submit(t, 'contactUs', contactBody(), { ip });
    expect(contact.statusCode).toBe(429);
    expect(contact.json()).toEqual({
      success: false,
      message: ACCOUNT_MESSAGES.tooManyRequests,
      error: ACCOUNT_MESSAGES.tooManyRequests,
    });
    expect(await storedSubmissions(t)).toHaveLength(LIMIT);

    // Another visitor is not held back.
    const other = await submit(t, 'contactUs', contactBody());
    expect(other.statusCode, other.body).toBe(200);
  });

  it('counts refused requests too, so bad input cannot be tried without end', async () => {
    const ip = freshAddress();
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await postRaw(t, 'contactUs', '{"email": ', { ip });
      expect(res.statusCode).toBe(400);
    }
    const res = await submit(t, 'contactUs', contactBody(), { ip });
    expect(res.statusCode).toBe(429);
    expect(await storedSubmissions(t)).toEqual([]);
  });

  it('does not count calls without the API keys', async () => {
    const ip = freshAddress();
    for (let i = 0; i < LIMIT + 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}${API_PATHS.contactUs}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(contactBody()),
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await submit(t, 'contactUs', contactBody(), { ip });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const prefix = '2001:db8:0:1';
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await submit(t, 'contactUs', contactBody(), { ip: `${prefix}::${i + 1}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const next = await submit(t, 'contactUs', contactBody(), { ip: `${prefix}:abcd::1` });
    expect(next.statusCode).toBe(429);
  });
});
