import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../src/contract/envelope';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { HttpError } from '../../src/server/errors';
import { API_HEADERS, startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';

describe.each(testDatabaseKinds())('API platform on %s', (kind) => {
  let t: TestApp;
  const errorLog: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { EMBED_PARENT_ORIGINS: 'https://partner.example.co.uk' },
      logger: { level: 'error', stream: { write: (line: string) => errorLog.push(line) } },
      beforeReady(app) {
        // Test-only routes: a bug deep in a service, and a rule failure meant for the user.
        app.get(`${API_BASE}/test-only/crash`, async () => {
          throw new Error('connect ECONNREFUSED postgres://admin:hunter2@db/internal');
        });
        app.get(`${API_BASE}/test-only/refuse`, async () => {
          throw new HttpError(422, 'Pickup time is within the grace period');
        });
        app.get(`${API_BASE}/test-only/cacheable-crash`, async (_request, reply) => {
          reply.header('cache-control', 'public, max-age=86400');
          throw new Error('failed after choosing a cache policy');
        });
        app.post(`${API_BASE}/test-only/echo`, async (request) => ({
          success: true,
          body: request.body,
        }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const settingsUrl = `${API_BASE}${API_PATHS.settingsFlat}`;

  describe('API keys', () => {
    it.each([
      ['both missing', {}],
      ['the secret missing', { 'x-api-public-key': 'demo-public-key' }],
      ['the public key missing', { 'x-api-secret-key': 'demo-secret-key' }],
      ['a wrong secret', { 'x-api-public-key': 'demo-public-key', 'x-api-secret-key': 'guess' }],
      [
        'the keys swapped',
        { 'x-api-public-key': 'demo-secret-key', 'x-api-secret-key': 'demo-public-key' },
      ],
    ])('refuses a call with %s', async (_case, headers) => {
      const res = await t.app.inject({ url: settingsUrl, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid API key' });
    });

    it('accepts the right keys, in any header case', async () => {
      const res = await t.app.inject({
        url: settingsUrl,
        headers: { 'X-Api-Public-Key': 'demo-public-key', 'X-API-SECRET-KEY': 'demo-secret-key' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true });
    });
  });

  describe('errors', () => {
    it('answers an unknown API path with the JSON 404 envelope', async () => {
      for (const url of [`${API_BASE}/no-such-thing`, '/api/v2/settings-flat', '/api']) {
        const res = await t.app.inject({ url, headers: { ...API_HEADERS, accept: 'text/html' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ success: false, message: 'Not found' });
      }
    });

    it('hides a crash behind "Something went wrong" and logs it with the request id', async () => {
      const res = await t.app.inject({ url: `${API_BASE}/test-only/crash`, headers: API_HEADERS });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: 'Something went wrong' });
      expect(res.body).not.toMatch(/hunter2|ECONNREFUSED|stack/);
      const requestId = String(res.headers['x-request-id']);
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const logged = errorLog.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged).toContainEqual(
        expect.objectContaining({
          reqId: requestId,
          err: expect.objectContaining({ message: expect.stringContaining('ECONNREFUSED') }),
        }),
      );
    });

    it('marks every error response no-store, whatever the route had set', async () => {
      const responses = await Promise.all(
        ['cacheable-crash', 'crash', 'refuse'].map((path) =>
          t.app.inject({ url: `${API_BASE}/test-only/${path}`, headers: API_HEADERS }),
        ),
      );
      const unauthorised = await t.app.inject({ url: settingsUrl });
      const badQuery = await t.app.inject({
        url: `${API_BASE}${API_PATHS.aiAddresses}?limit=abc`,
        headers: API_HEADERS,
      });
      for (const res of [...responses, unauthorised, badQuery]) {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.headers['cache-control'], res.body).toBe('no-store');
      }
    });

    it('passes a rule failure through with its status and message', async () => {
      const res = await t.app.inject({ url: `${API_BASE}/test-only/refuse`, headers: API_HEADERS });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        message: 'Pickup time is within the grace period',
      });
    });

    it('answers malformed JSON with a 400 envelope', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/test-only/echo`,
        headers: { ...API_HEADERS, 'content-type': 'application/json' },
        payload: '{"pickup": ',
      });
      expect(res.statusCode).toBe(400);
      const body = errorEnvelopeSchema.parse(res.json());
      expect(body.success).toBe(false);
    });
  });

  describe('headers', () => {
    it('sends a Content-Security-Policy allowing only this site, Google Maps and Stripe', async () => {
      // A page (the app shell, or the "not built" answer when there is no build).
      const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(
        /script-src 'self'[^;]*https:\/\/maps\.googleapis\.com[^;]*https:\/\/js\.stripe\.com/,
      );
      expect(csp).toMatch(/frame-src[^;]*https:\/\/checkout\.stripe\.com/);
      expect(csp).toMatch(/connect-src[^;]*https:\/\/api\.stripe\.com/);
      expect(csp).toMatch(/worker-src 'self' blob:/);
      expect(csp).toMatch(/img-src 'self' data: blob:/);
      expect(csp).toMatch(/manifest-src 'self'/);
      expect(csp).toContain("frame-ancestors 'self' https://partner.example.co.uk");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      // With embedding allowed, the older header would contradict frame-ancestors.
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('sends JSON answers the headers that matter for them, and a CSP that allows nothing', async () => {
      const res = await t.app.inject({ url: settingsUrl, headers: API_HEADERS });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
    });

    it('compresses large JSON for clients that accept it', async () => {
      const url = `${API_BASE}${API_PATHS.aiAddresses}?q=a&limit=50`;
      const plain = await t.app.inject({ url, headers: API_HEADERS });
      const gzip = await t.app.inject({
        url,
        headers: { ...API_HEADERS, 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      const br = await t.app.inject({ url, headers: { ...API_HEADERS, 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(plain.headers['content-encoding']).toBeUndefined();
    });
  });
});
