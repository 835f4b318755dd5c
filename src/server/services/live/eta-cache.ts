import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { DistanceProvider, RoutePoint } from '../distance/distance-provider';

/** How long a job's ETA is reused: a passenger's page shows it at most this old (issue 34). */
export const ETA_TTL_MS = 15_000;
/** Jobs under way at once, far above a day's busiest hour. */
const MAX_JOBS = 5_000;

/**
 * The passenger's "About N min away", per job: measured from the car's position to the pickup
 * by the server's distance provider at most once every ETA_TTL_MS, so the many screens
 * watching one car (or one passenger's many reloads) cost one route call, and watchers asking
 * together share the call in flight. A provider that cannot answer gives no ETA (null), kept
 * for the same time.
 */
export function createEtaCache(
  distance: DistanceProvider,
  options: { ttlMs?: number; logger?: Pick<FastifyBaseLogger, 'warn'> } = {},
) {
  const cache = new LRUCache<string, Promise<number | null>>({
    max: MAX_JOBS,
    ttl: options.ttlMs ?? ETA_TTL_MS,
  });
  const measure = (points: RoutePoint[]) =>
    distance.measureOnce ? distance.measureOnce(points) : distance.measure(points);

  return {
    /** Whole minutes from `from` to `pickup` for the job `jobKey`, or null. */
    minutes(jobKey: string, from: RoutePoint, pickup: RoutePoint): Promise<number | null> {
      const cached = cache.get(jobKey);
      if (cached) return cached;
      const measuring = measure([from, pickup]).then(
        (route) => route.minutes,
        (err: unknown) => {
          options.logger?.warn({ err, jobKey }, 'no ETA: the distance provider did not answer');
          return null;
        },
      );
      cache.set(jobKey, measuring);
      return measuring;
    },
  };
}

export type EtaCache = ReturnType<typeof createEtaCache>;
