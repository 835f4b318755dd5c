import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { API_HEADERS, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { CHARING_CROSS, fixedClock, HEATHROW_T5, postQuote } from './quote-fixtures';

/** The limiter is in memory and the same on both databases, so PGlite alone tests it. */
describe('quote rate limit', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const trip = { pickup: HEATHROW_T5, dropoff: CHARING_CROSS };

  it('answers 429 with Retry-After after QUOTE_RATE_LIMIT_PER_MINUTE calls from one address', async () => {
    t = await startTestApp('pglite', {
      env: { QUOTE_RATE_LIMIT_PER_MINUTE: '3' },
      clock: fixedClock,
    });
    for (let i = 0; i < 3; i += 1) {
      expect((await postQuote(t, 'calculateDistance', trip)).statusCode).toBe(200);
    }
    const limited = await postQuote(t, 'calculateDistance', trip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      message: 'Too many requests, please try again in a minute.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['cache-control']).toBe('no-store');

    // One count for all the price calls: switching call does not reset it.
    const other = await postQuote(t, 'calculateHourlyPrice', {});
    expect(other.statusCode).toBe(429);

    // Another address has its own count, and the rest of the API is not limited.
    const fromAnother = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_PATHS.calculateDistance}`,
      headers: { ...API_HEADERS, 'content-type': 'application/json' },
      payload: JSON.stringify(trip),
      remoteAddress: '203.0.113.7',
    });
    expect(fromAnother.statusCode).toBe(200);
    const settings = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_PATHS.settingsFlat}`,
      headers: API_HEADERS,
    });
    expect(settings.statusCode).toBe(200);
  });

  it('is off with QUOTE_RATE_LIMIT_PER_MINUTE=0', async () => {
    t = await startTestApp('pglite', {
      env: { QUOTE_RATE_LIMIT_PER_MINUTE: '0' },
      clock: fixedClock,
    });
    for (let i = 0; i < 130; i += 1) {
      const res = await postQuote(t, 'calculateDistance', trip);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('allows 120 a minute by default', async () => {
    t = await startTestApp('pglite', { clock: fixedClock });
    const first = await postQuote(t, 'calculateDistance', trip);
    expect(first.headers['x-ratelimit-limit']).toBe('120');
  });
});

/** Runs when TEST_REDIS_URL is set (.ci/run sets it), as PostgreSQL tests need TEST_DATABASE_URL. */
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('quote rate limit shared through Redis (REDIS_URL)', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('counts calls to two API processes together, so a second process is no way round the limit', async () => {
    // Each run has its own key prefix: counters of an earlier run live on in Redis for a minute.
    const nameSpace = `ridebook-test-${randomUUID()}-`;
    const env = { QUOTE_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: redisUrl ?? '' };
    for (let i = 0; i < 2; i += 1) {
      apps.push(
        await startTestApp('pglite', { env, clock: fixedClock, rateLimitNameSpace: nameSpace }),
      );
    }
    const [first, second] = apps as [TestApp, TestApp];
    const trip = { pickup: HEATHROW_T5, dropoff: CHARING_CROSS };
    expect((await postQuote(first, 'calculateDistance', trip)).statusCode).toBe(200);
    expect((await postQuote(second, 'calculateDistance', trip)).statusCode).toBe(200);
    expect((await postQuote(first, 'calculateDistance', trip)).statusCode).toBe(200);
    const limited = await postQuote(second, 'calculateDistance', trip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false });
  });
});
