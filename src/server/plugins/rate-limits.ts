import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';

/** The 429's text; the spec names none, so it says what to do. */
export const TOO_MANY_REQUESTS = 'Too many requests, please try again in a minute.';

const ONE_MINUTE_MS = 60_000;

/**
 * Limits every route registered after it in this scope to `perMinute` requests a minute from
 * one client address, counted together, answering 429 in the API envelope with Retry-After.
 * 0 adds no limit (benchmarks). Counters are per process, in memory.
 *
 * The plugin's default key is request.ip, the connecting address (an IPv6 address by its /64,
 * which one household or phone holds whole, so rotating addresses does not reset the count).
 * Behind a reverse proxy or load balancer that
 * is the proxy's address, so every visitor would share one counter: such a deployment needs
 * Fastify's trustProxy (a TRUST_PROXY setting) so request.ip comes from X-Forwarded-For.
 */
export async function registerRateLimit(
  scope: FastifyInstance,
  options: { perMinute: number },
): Promise<void> {
  if (options.perMinute === 0) return;
  await scope.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: ONE_MINUTE_MS,
    // Thrown into the one error handler, which answers with the envelope; the plugin has
    // already set Retry-After and the X-RateLimit headers.
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
  });
}
