import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from '../errors';

/** The 429's text; the spec names none, so it says what to do. */
export const TOO_MANY_REQUESTS = 'Too many requests, please try again in a minute.';

const ONE_MINUTE_MS = 60_000;

export interface RateLimitOptions {
  /** Requests a minute from one address; 0 turns the limit off. */
  perMinute: number;
  /** Shared counters for several processes; without it, counters are in memory. */
  redis?: Redis;
  /** Key prefix in Redis; tests give each run its own. */
  nameSpace?: string;
}

/**
 * Limits every route registered after it in this scope to `perMinute` requests a minute from
 * one client address, counted together, answering 429 in the API envelope with Retry-After.
 * 0 adds no limit (benchmarks). Counters live in Redis when one is given (REDIS_URL), so
 * several API processes share them; otherwise they are per process, in memory. If Redis
 * cannot answer, the request goes through uncounted: a quote is worth more than the limit.
 *
 * The plugin's default key is request.ip, the connecting address (an IPv6 address by its /64,
 * which one household or phone holds whole, so rotating addresses does not reset the count).
 * Behind a reverse proxy or load balancer that
 * is the proxy's address, so every visitor would share one counter: such a deployment needs
 * Fastify's trustProxy (a TRUST_PROXY setting) so request.ip comes from X-Forwarded-For.
 */
export async function registerRateLimit(
  scope: FastifyInstance,
  options: RateLimitOptions,
): Promise<void> {
  if (options.perMinute === 0) return;
  await scope.register(rateLimit, {
    global: true,
    ...(options.redis
      ? {
          redis: options.redis,
          nameSpace: options.nameSpace ?? 'ridebook-quotes-',
          skipOnError: true,
        }
      : {}),
    max: options.perMinute,
    timeWindow: ONE_MINUTE_MS,
    // Thrown into the one error handler, which answers with the envelope; the plugin has
    // already set Retry-After and the X-RateLimit headers.
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
  });
}
