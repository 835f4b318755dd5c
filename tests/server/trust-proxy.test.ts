import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutSessionResponseSchema } from '../../src/contract/bookings';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { ConfigError, loadConfig } from '../../src/server/config';
import { ATTEMPT_LIMITS } from '../../src/server/services/limits/attempt-counters';
import { bookingBody, quoteFor, startBookingApp } from './booking-fixtures';
import { API_HEADERS } from './helpers';
import type { TestApp } from './helpers';
import { pence } from './quote-fixtures';

/** The load balancer's own address: every request below reaches the app from it. */
const BALANCER = '10.0.0.5';

describe('TRUST_PROXY setting', () => {
  it('reads a hop count, a list of addresses and ranges, or nothing', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '2001:db8::1',
      'loopback',
    ]);
  });

  it('names the variable when a value is neither', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1,proxy.example', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe.each([
  { setting: undefined, trusted: false },
  { setting: '1', trusted: true },
  { setting: '10.0.0.0/8', trusted: true },
  { setting: '192.0.2.1', trusted: false },
])('behind a load balancer with TRUST_PROXY=$setting', ({ setting, trusted }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startBookingApp('pglite', {
      MAIL_POLL_INTERVAL_MS: '0',
      ...(setting === undefined ? {} : { TRUST_PROXY: setting }),
    });
  });
  afterAll(async () => t?.close());

  function forgot(client: string, email: string) {
    return t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_PATHS.forgotPassword}`,
      headers: { ...API_HEADERS, 'content-type': 'application/json', 'x-forwarded-for': client },
      payload: JSON.stringify({ email }),
      remoteAddress: BALANCER,
    });
  }

  it(`counts ${trusted ? 'the client X-Forwarded-For names' : 'the balancer, ignoring X-Forwarded-For'}`, async () => {
    const { perAddress } = ATTEMPT_LIMITS.forgotPassword;
    for (let i = 0; i < perAddress; i += 1) {
      expect((await forgot('203.0.113.9', `nobody${i}@example.co.uk`)).statusCode).toBe(404);
    }
    expect((await forgot('203.0.113.9', 'one.more@example.co.uk')).statusCode).toBe(429);
    // Another client behind the same balancer.
    const other = await forgot('203.0.113.10', 'another@example.co.uk');
    expect(other.statusCode).toBe(trusted ? 404 : 429);
  });

  it(`takes the protocol ${trusted ? 'from X-Forwarded-Proto' : 'from the connection'}`, async () => {
    const { quote } = await quoteFor(t);
    const { payment_method: _car, ...inputs } = bookingBody({
      selectedVehicleData: { quote_id: quote.quote_id },
    });
    const site = 'https://book.example.co.uk';
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_PATHS.createCheckoutSession}`,
      headers: {
        ...API_HEADERS,
        'content-type': 'application/json',
        host: 'book.example.co.uk',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.20',
      },
      payload: JSON.stringify({ ...inputs, amount: pence(quote.final_price), frontend_url: site }),
      remoteAddress: BALANCER,
    });
    if (trusted) {
      expect(res.statusCode, res.body).toBe(200);
      expect(createCheckoutSessionResponseSchema.parse(res.json()).url).toMatch(
        new RegExp(`^${site}/test-checkout/`),
      );
    } else {
      // The balancer spoke plain http to us: an https frontend_url is not this site.
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('frontend_url');
    }
  });
});
