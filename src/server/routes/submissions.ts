import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { API_PATHS } from '../../contract/paths';
import { contactRequestSchema, instantQuoteRequestSchema } from '../../contract/submissions';
import { HttpError, parseRequest } from '../errors';
import { idempotencyKeyOf } from '../lib/idempotency';
import { TOO_MANY_REQUESTS } from '../plugins/rate-limits';
import type { SubmissionService } from '../services/submissions/submission-service';

/**
 * Submissions allowed per client address in each window, both forms counted together. Each one
 * sends two emails, so a script could otherwise use us to mail anyone; a person never sends 20.
 */
export const SUBMISSION_RATE_LIMITS = { windowMs: 10 * 60_000, perAddress: 20 } as const;

export interface SubmissionRoutesOptions {
  submissions: SubmissionService;
  /** Shared counters for several processes (REDIS_URL); without it, counters are in memory. */
  redis?: Redis;
  /** Key prefix in Redis; tests give each app its own. */
  nameSpace?: string;
}

/**
 * /contact-us failures also carry `error` with the message's text (API.md, Envelope): the
 * spec's client shows response.data.error. Added as the reply leaves, so every failure has it,
 * whichever handler built it (validation, rate limit, malformed JSON, a 5xx).
 */
const withErrorField: onSendHookHandler = (_request, reply, payload, done) => {
  if (reply.statusCode < 400 || typeof payload !== 'string') return done(null, payload);
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (typeof body.message === 'string' && body.error === undefined) {
      return done(null, JSON.stringify({ ...body, error: body.message }));
    }
  } catch {
    // Not JSON: nothing to add to.
  }
  return done(null, payload);
};

/** POST /send-instant-email and POST /contact-us (API.md). */
export async function submissionRoutes(
  app: FastifyInstance,
  options: SubmissionRoutesOptions,
): Promise<void> {
  const { submissions } = options;
  // Counters only (global false): each handler counts itself first, so malformed requests are
  // limited too.
  await app.register(rateLimit, {
    global: false,
    timeWindow: SUBMISSION_RATE_LIMITS.windowMs,
    ...(options.redis
      ? {
          redis: options.redis,
          nameSpace: `${options.nameSpace ?? 'ridebook-'}submissions-`,
          // A Redis outage lets the message through uncounted rather than losing it.
          skipOnError: true,
        }
      : {}),
  });
  const byAddress = app.createRateLimit({
    max: SUBMISSION_RATE_LIMITS.perAddress,
    keyGenerator: (request) => `submission-address:${request.ip}`,
  });
  const enforce = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await byAddress(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError(429, TOO_MANY_REQUESTS);
    }
  };

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.post(API_PATHS.sendInstantEmail, async (request, reply) => {
    await enforce(request, reply);
    const key = idempotencyKeyOf(request);
    const body = parseRequest(instantQuoteRequestSchema, request.body);
    const answer = await submissions.sendInstantQuote(body, key);
    return reply.code(answer.statusCode).send(answer.body);
  });

  app.post(API_PATHS.contactUs, { onSend: withErrorField }, async (request, reply) => {
    await enforce(request, reply);
    const key = idempotencyKeyOf(request);
    const body = parseRequest(contactRequestSchema, request.body);
    const answer = await submissions.contactUs(body, key);
    return reply.code(answer.statusCode).send(answer.body);
  });
}
