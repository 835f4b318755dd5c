import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A Redis client for state several API processes share (rate-limit counters). A command gives
 * up after one reconnect attempt, so a Redis outage makes a request skip the shared counter
 * rather than hang; errors are logged, never thrown at the process.
 */
export function createRedisClient(url: string, logger: FastifyBaseLogger): Redis {
  const client = new Redis(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
  });
  client.on('error', (error: Error) => logger.warn({ err: error }, 'Redis error'));
  return client;
}
