import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  registerSecurityHeaders,
  securityHeaderOptions,
} from '../../src/server/plugins/security-headers';

/** A small app whose answers show every header: a body, a failure, an override, a 404. */
async function answers(register: (app: FastifyInstance) => Promise<void>) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/ok', async () => ({ success: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  app.get('/framed', async (_request, reply) => {
    reply.header('x-frame-options', 'DENY');
    return 'text';
  });
  const seen = [];
  for (const url of ['/ok', '/fails', '/framed', '/missing']) {
    const res = await app.inject({ url });
    const { date: _date, ...headers } = res.headers;
    seen.push({ url, status: res.statusCode, headers, body: res.body });
  }
  await app.close();
  return seen;
}

describe('security headers', () => {
  it.each([[[]], [['https://partner.example.co.uk', 'https://other.example.com']]])(
    'are exactly what @fastify/helmet sends, worked out once (embedding: %j)',
    async (embedParentOrigins: string[]) => {
      const ours = await answers((app) => registerSecurityHeaders(app, { embedParentOrigins }));
      const helmets = await answers(async (app) => {
        await app.register(helmet, securityHeaderOptions({ embedParentOrigins }));
      });
      expect(ours).toEqual(helmets);
      expect(ours[0]?.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );
});
