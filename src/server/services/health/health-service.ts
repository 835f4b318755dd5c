import type { HealthResponse } from '../../../contract/health';
import type { HealthRepository } from '../../repositories/health-repository';

/**
 * How long the check waits for the database. A PostgreSQL that stopped answering can leave a
 * query waiting on TCP for minutes; load balancers give a check about 5 s, so we answer first.
 */
const DATABASE_WAIT_MS = 3_000;

/** Rejects after `ms`; the timer does not keep the process alive. */
function timeout(ms: number): Promise<never> {
  return new Promise((_resolve, reject) => {
    setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref();
  });
}

/** Whether this process can serve: its database answers; and how much mail waits. */
export function createHealthService(deps: {
  health: HealthRepository;
  version: string;
  logger: { warn(details: object, message: string): void };
}) {
  return {
    async check(): Promise<HealthResponse> {
      try {
        const [, backlog] = await Promise.race([
          Promise.all([deps.health.ping(), deps.health.pendingMail()]),
          timeout(DATABASE_WAIT_MS),
        ]);
        return { status: 'ok', database: 'ok', mail_backlog: backlog, version: deps.version };
      } catch (error) {
        deps.logger.warn({ err: error }, 'health check: the database did not answer');
        return {
          status: 'unavailable',
          database: 'unreachable',
          mail_backlog: null,
          version: deps.version,
        };
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
