import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  checkPassengerEmailRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  verifyCodeRequestSchema,
} from '../../contract/accounts';
import type { AccountMessageResponse, CheckPassengerEmailResponse } from '../../contract/accounts';
import { API_PATHS } from '../../contract/paths';
import { ACCOUNT_MESSAGES } from '../../domain/messages';
import { emailKey } from '../../domain/registration';
import { HttpError, parseRequest } from '../errors';
import type { AccountService } from '../services/accounts/account-service';

/**
 * Attempts allowed in each 15-minute window, per email and per client address. A password
 * check costs an argon2 hash, and each reset request sends an email, so both are scarce; a
 * person who mistypes a few times never meets these limits.
 */
export const ACCOUNT_RATE_LIMITS = {
  windowMs: 15 * 60_000,
  checkPassengerEmail: { perEmail: 10, perAddress: 30 },
  forgotPassword: { perEmail: 3, perAddress: 10 },
  /** verify-code and reset-password counted together; each code also dies after 5 misses. */
  resetCode: { perEmail: 20, perAddress: 30 },
} as const;

export interface AccountRoutesOptions {
  accounts: AccountService;
  /** Shared counters for several processes (REDIS_URL); without it, counters are in memory. */
  redis?: Redis;
  /** Key prefix in Redis; tests give each app its own. */
  nameSpace?: string;
}

export type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Registers the rate-limit counters of a group of account calls under its own `bucket`.
 * Counters only: no route is limited by the plugin's own hook (global false); each handler
 * asks its limiters once the body has been read, since the email is in the body.
 */
export async function registerAccountCounters(
  app: FastifyInstance,
  options: { redis?: Redis; nameSpace?: string },
  bucket: string,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    timeWindow: ACCOUNT_RATE_LIMITS.windowMs,
    ...(options.redis
      ? {
          redis: options.redis,
          nameSpace: `${options.nameSpace ?? 'ridebook-'}${bucket}-`,
          // A Redis outage lets the request through uncounted rather than locking people out.
          skipOnError: true,
        }
      : {}),
  });
}

/** The counter key of the email a request's body names: hashed, so Redis never holds one. */
export function emailCounterKey(request: FastifyRequest): string {
  return createHash('sha256')
    .update(emailKey(String((request.body as { email?: unknown }).email ?? '')))
    .digest('hex')
    .slice(0, 32);
}

/** The existing-client check and forgot password (API.md), each limited per email and address. */
export async function accountRoutes(
  app: FastifyInstance,
  options: AccountRoutesOptions,
): Promise<void> {
  const { accounts } = options;
  await registerAccountCounters(app, options, 'accounts');

  const limiter = (bucket: string, max: number, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max, keyGenerator: (request) => `${bucket}:${key(request)}` });
  const byAddress = (request: FastifyRequest) => addressKey(request.ip);
  const byEmail = emailCounterKey;
  const limits = {
    check: [
      limiter('check-address', ACCOUNT_RATE_LIMITS.checkPassengerEmail.perAddress, byAddress),
      limiter('check-email', ACCOUNT_RATE_LIMITS.checkPassengerEmail.perEmail, byEmail),
    ],
    forgot: [
      limiter('forgot-address', ACCOUNT_RATE_LIMITS.forgotPassword.perAddress, byAddress),
      limiter('forgot-email', ACCOUNT_RATE_LIMITS.forgotPassword.perEmail, byEmail),
    ],
    code: [
      limiter('code-address', ACCOUNT_RATE_LIMITS.resetCode.perAddress, byAddress),
      limiter('code-email', ACCOUNT_RATE_LIMITS.resetCode.perEmail, byEmail),
    ],
  };

  // Answers about accounts are never cached, by the browser or the service worker.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.post(
    API_PATHS.checkPassengerEmail,
    async (request, reply): Promise<CheckPassengerEmailResponse> => {
      const body = parseRequest(checkPassengerEmailRequestSchema, request.body);
      await enforce(limits.check, request, reply);
      return accounts.checkPassengerEmail(body);
    },
  );

  app.post(API_PATHS.forgotPassword, async (request, reply): Promise<AccountMessageResponse> => {
    const body = parseRequest(forgotPasswordRequestSchema, request.body);
    await enforce(limits.forgot, request, reply);
    return { success: true, message: await accounts.forgotPassword(body) };
  });

  app.post(API_PATHS.verifyCode, async (request, reply): Promise<AccountMessageResponse> => {
    const body = parseRequest(verifyCodeRequestSchema, request.body);
    await enforce(limits.code, request, reply);
    return { success: true, message: await accounts.verifyCode(body) };
  });

  app.post(API_PATHS.resetPassword, async (request, reply): Promise<AccountMessageResponse> => {
    const body = parseRequest(resetPasswordRequestSchema, request.body);
    await enforce(limits.code, request, reply);
    return { success: true, message: await accounts.resetPassword(body) };
  });
}

/** Counts the request in every limiter; over any of them is a 429 with Retry-After. */
export async function enforce(
  limiters: Limiter[],
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  let retryAfter = 0;
  for (const limiter of limiters) {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      retryAfter = Math.max(retryAfter, result.ttlInSeconds);
    }
  }
  if (retryAfter > 0) {
    reply.header('retry-after', retryAfter);
    throw new HttpError(429, ACCOUNT_MESSAGES.tooManyRequests);
  }
}

/**
 * The client address as one counter: IPv4 as is, IPv6 by its /64, which one household or
 * phone holds whole, so rotating through its addresses does not reset the count.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [
        ...headGroups,
        ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
        ...tailGroups,
      ]
    : headGroups;
  const prefix = groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}
