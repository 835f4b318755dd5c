import * as z from 'zod/mini';

/** Where load balancers ask whether this process can serve; outside API_BASE, no API keys. */
export const HEALTH_PATH = '/health';

/**
 * GET /health: 200 with status ok when the database answers, else 503 with status unavailable.
 * Nothing in it is sensitive: a load balancer sends no key, so anyone can read it.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  /** Messages in the outbox waiting to be sent; null when the database did not answer. */
  mail_backlog: z.nullable(z.number()),
  /** The server's version (package.json). */
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
