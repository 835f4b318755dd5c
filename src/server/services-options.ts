import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { DistanceProvider } from './services/distance/distance-provider';

/** What every service is built with: configuration, the database, the log and the clock. */
export interface ServicesOptions {
  config: Config;
  /** The open, migrated and seeded database. */
  handle: DatabaseHandle;
  logger: FastifyBaseLogger;
  /** Now, for every rule and record that reads the time. */
  clock: () => Date;
  /** Measures journeys; by default the one DISTANCE_PROVIDER configures. */
  distance?: DistanceProvider;
  /** Prefix of the attempt-counter keys in Redis; tests give each app its own. */
  rateLimitNameSpace?: string;
  /** The HTTPS agent Web Push is sent through; tests give one trusting their push service. */
  pushAgent?: Agent;
}
