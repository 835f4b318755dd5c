import type { FastifyInstance } from 'fastify';
import { HEALTH_PATH } from '../../contract/health';
import type { HealthService } from '../services/health/health-service';

/**
 * GET /health for load balancers: 200 while the database answers, 503 when it does not, so
 * traffic goes to another process. Outside /api/v1: a load balancer sends no API key.
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { health: HealthService },
): Promise<void> {
  app.get(HEALTH_PATH, async (_request, reply) => {
    const result = await options.health.check();
    // A cached "healthy" would hide an outage from the next check.
    reply.header('cache-control', 'no-store');
    return reply.code(result.status === 'ok' ? 200 : 503).send(result);
  });
}
