import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { API_PATHS } from '../../contract/paths';
import { contactRequestSchema, instantQuoteRequestSchema } from '../../contract/submissions';
import type { SubmissionResponse } from '../../contract/submissions';
import { ACCOUNT_MESSAGES } from '../../domain/messages';
import { HttpError, parseRequest, RequestValidationError } from '../errors';
import { idempotencyKeyOf } from '../lib/idempotency';
import { forbiddenKeyPath } from '../services/submissions/submission-inputs';
import type { SubmissionService } from '../services/submissions/submission-service';
import { addressKey } from '../services/limits/attempt-counters';

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
 * whichever handler built it (API key, rate limit, validation, malformed JSON, a 5xx).
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

/**
 * JSON bodies for these two routes: a body that is not JSON, or that holds a key such as
 * `__proto__` or `constructor` at any depth, is a 400 in the validation shape, naming the key.
 * Fastify's own parser refuses malformed JSON and `__proto__` but without `errors`, and lets a
 * plain `constructor` key through. JSON.parse makes `__proto__` an own property, never the
 * prototype, so parsing before the check is safe.
 */
function parseJsonBody(
  _request: FastifyRequest,
  text: string,
  done: (error: Error | null, body?: unknown) => void,
): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    done(new RequestValidationError([{ path: '', message: 'The request body is not valid JSON' }]));
    return;
  }
  const forbidden = forbiddenKeyPath(body);
  if (forbidden !== null) {
    done(new RequestValidationError([{ path: forbidden, message: `${forbidden} is not allowed` }]));
    return;
  }
  done(null, body);
}

/** POST /send-instant-email and POST /contact-us (API.md). */
export async function submissionRoutes(
  app: FastifyInstance,
  options: SubmissionRoutesOptions,
): Promise<void> {
  const { submissions } = options;
  // Counters only (global false); the hook below counts every request before its body is
  // read, so malformed and refused requests use up the allowance too.
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
    keyGenerator: (request) => `submission-address:${addressKey(request.ip)}`,
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parseJsonBody(request, body as string, done),
  );

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  // After the API key check (the parent scope's hook runs first): unauthenticated calls are
  // refused without counting.
  app.addHook('onRequest', async (request, reply) => {
    const result = await byAddress(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError(429, ACCOUNT_MESSAGES.tooManyRequests);
    }
  });

  // submission-inputs refuses control characters field by field, with the forms' own messages.
  const config = { ownTextRules: true };

  app.post(
    API_PATHS.sendInstantEmail,
    { config },
    async (request, reply): Promise<SubmissionResponse> => {
      const key = idempotencyKeyOf(request);
      const body = parseRequest(instantQuoteRequestSchema, request.body);
      const answer = await submissions.sendInstantQuote(body, key);
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.post(
    API_PATHS.contactUs,
    { config, onSend: withErrorField },
    async (request, reply): Promise<SubmissionResponse> => {
      const key = idempotencyKeyOf(request);
      const body = parseRequest(contactRequestSchema, request.body);
      const answer = await submissions.contactUs(body, key);
      return reply.code(answer.statusCode).send(answer.body);
    },
  );
}
