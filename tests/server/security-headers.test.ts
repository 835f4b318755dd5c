import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  registerSecurityHeaders,
  securityHeaderOptions,
} from '../../src/server/plugins/security-headers';

/** Pages and files: everything outside /api, including paths that only start with "api". */
const PAGE_URLS = ['/ok', '/fails', '/framed', '/missing', '/apiary', '/api-docs/page'];
/** The API's answers: JSON, a failure, an override, a 404, the bare prefix and a query. */
const API_URLS = [
  '/api/v1/ok',
  '/api/v1/fails',
  '/api/v1/framed',
  '/api/v1/missing',
  '/api',
  '/api?x=1',
];

/** A small app whose answers show every header: a body, a failure, an override, a 404. */
async function answers(register: (app: FastifyInstance) => Promise<void>, urls: string[]) {
  const app = Fastify({ logger: false });
  await register(app);
  for (const prefix of ['', '/api/v1']) {
    app.get(`${prefix}/ok`, async () => ({ success: true }));
    app.get(`${prefix}/fails`, async () => {
      throw new Error('boom');
    });
    app.get(`${prefix}/framed`, async (_request, reply) => {
      reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return 'text';
    });
  }
  app.get('/apiary', async (_request, reply) => reply.type('text/html').send('<p>bees</p>'));
  app.get('/api', async () => ({ success: true }));
  const seen = [];
  for (const url of urls) {
    const res = await app.inject({ url });
    const { date: _date, ...headers } = res.headers;
    seen.push({ url, status: res.statusCode, headers, body: res.body });
  }
  await app.close();
  return seen;
}

const ours = (embedParentOrigins: string[], urls: string[]) =>
  answers((app) => registerSecurityHeaders(app, { embedParentOrigins }), urls);
const helmets = (embedParentOrigins: string[], urls: string[]) =>
  answers(async (app) => {
    await app.register(helmet, securityHeaderOptions({ embedParentOrigins }));
  }, urls);

/** What every JSON answer carries of helmet's headers, and the small policy in place of CSP. */
const API_SET = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/** Headers of every answer that helmet has nothing to do with. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'connection']);

const EMBEDDING = [[[]], [['https://partner.example.co.uk', 'https://other.example.com']]];

/** Booking pages, which an operator's site may frame (contract/app-routes.ts). */
const BOOKING_URLS = ['/', '/quotationview', '/OurFleet/', '/paymentview?step=2'];
/** Pages no other site may frame, whatever EMBED_PARENT_ORIGINS says. */
const UNFRAMABLE_URLS = [
  '/operator',
  '/operator/login',
  '/operator/bookings/ABC123',
  '/manage-booking',
  '/manage-booking/710000001',
  '/login',
  '/my-account',
  '/bookings',
  '/forgot_password',
  '/index.html',
];

describe('security headers', () => {
  it.each(EMBEDDING)(
    'on pages and files are exactly what @fastify/helmet sends, worked out once (embedding: %j)',
    async (embedParentOrigins: string[]) => {
      const seen = await ours(embedParentOrigins, PAGE_URLS);
      // Not booking pages: framed by this site only.
      expect(seen).toEqual(await helmets([], PAGE_URLS));
      const booking = await ours(embedParentOrigins, BOOKING_URLS);
      expect(booking).toEqual(await helmets(embedParentOrigins, BOOKING_URLS));
      for (const { headers } of seen) {
        expect(headers['content-security-policy']).toContain("default-src 'self'");
        expect(headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
        expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
        expect(headers['x-content-type-options']).toBe('nosniff');
      }
      for (const { headers } of booking) {
        expect(headers['content-security-policy']).toContain(
          `frame-ancestors ${["'self'", ...embedParentOrigins].join(' ')}`,
        );
      }
      expect(seen.find((answer) => answer.url === '/apiary')?.body).toBe('<p>bees</p>');
    },
  );

  it('lets EMBED_PARENT_ORIGINS frame the booking pages only: never the console, a booking, a sign-in or an account', async () => {
    const parents = ['https://partner.example.co.uk'];
    for (const { url, headers } of await ours(parents, UNFRAMABLE_URLS)) {
      expect(headers['content-security-policy'], url).toMatch(/frame-ancestors 'self'(;|$)/);
      expect(headers['content-security-policy'], url).not.toContain('partner.example.co.uk');
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    for (const { url, headers } of await ours(parents, BOOKING_URLS)) {
      expect(headers['content-security-policy'], url).toContain(
        "frame-ancestors 'self' https://partner.example.co.uk",
      );
      expect(headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it.each(EMBEDDING)(
    'on API answers are the small set: nosniff, CORP, HSTS, Referrer-Policy, an inert CSP (embedding: %j)',
    async (embedParentOrigins: string[]) => {
      const seen = await ours(embedParentOrigins, API_URLS);
      const full = await helmets(embedParentOrigins, API_URLS);
      expect(seen.map(({ url, status }) => [url, status])).toEqual([
        ['/api/v1/ok', 200],
        ['/api/v1/fails', 500],
        ['/api/v1/framed', 200],
        ['/api/v1/missing', 404],
        ['/api', 200],
        ['/api?x=1', 200],
      ]);
      // Names of every header helmet may set (X-Frame-Options only without embedding).
      const [page] = await helmets([], ['/ok']);
      const helmetNames = new Set(
        Object.keys(page!.headers).filter((name) => !NOT_HELMETS.has(name)),
      );
      for (const [index, answer] of seen.entries()) {
        const security = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => helmetNames.has(name)),
        );
        expect(security).toEqual(
          answer.url === '/api/v1/framed'
            ? // A route still overrides what the hook set.
              {
                ...API_SET,
                'cross-origin-resource-policy': 'cross-origin',
                'x-frame-options': 'DENY',
              }
            : API_SET,
        );
        // Otherwise the same answer as with helmet.
        const withHelmet = full[index]!;
        expect(answer.body).toBe(withHelmet.body);
        for (const name of Object.keys(withHelmet.headers).filter((key) => NOT_HELMETS.has(key))) {
          expect(answer.headers[name]).toBe(withHelmet.headers[name]);
        }
      }
    },
  );
});
