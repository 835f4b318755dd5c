import { seedGazetteerRows } from '../support/gazetteer-rows';
import type { GazetteerRow } from '../../src/server/repositories/places-repository';
import { createOfflineDistanceProvider } from '../../src/server/services/distance/offline-distance-provider';
import { measurePublishedRoutes, medianAbs } from '../server/fixtures/distance-routes';

/** How far the offline model is from published UK road distances (and driving times). */
export interface DistanceAccuracy {
  routes: number;
  medianErrorPct: number;
  worstErrorPct: number;
  /** "From → To (+12.3 %)" */
  worstRoute: string;
  /** Over the routes whose pages publish a driving time. */
  durationRoutes: number;
  medianDurationErrorPct: number;
  worstDurationErrorPct: number;
}

/**
 * Measures the calibration table (tests/server/fixtures/distance-routes.ts) with the offline
 * provider over the same gazetteer the seed writes, without a database. Prints nothing.
 */
export async function distanceAccuracy(): Promise<DistanceAccuracy> {
  const rows: GazetteerRow[] = seedGazetteerRows();
  const provider = await createOfflineDistanceProvider({ places: { gazetteer: async () => rows } });
  const results = await measurePublishedRoutes((points) => provider.measure(points));
  const worst = results.reduce((a, b) =>
    Math.abs(b.distanceErrorPct) > Math.abs(a.distanceErrorPct) ? b : a,
  );
  const durations = results.flatMap((r) =>
    r.durationErrorPct === undefined ? [] : [r.durationErrorPct],
  );
  const sign = worst.distanceErrorPct >= 0 ? '+' : '';
  return {
    routes: results.length,
    medianErrorPct: medianAbs(results.map((r) => r.distanceErrorPct)),
    worstErrorPct: Math.abs(worst.distanceErrorPct),
    worstRoute: `${worst.route.from} → ${worst.route.to} (${sign}${worst.distanceErrorPct.toFixed(1)} %)`,
    durationRoutes: durations.length,
    medianDurationErrorPct: medianAbs(durations),
    worstDurationErrorPct: Math.max(...durations.map(Math.abs)),
  };
}
