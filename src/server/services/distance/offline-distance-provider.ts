import type { FastifyBaseLogger } from 'fastify';
import type { PlacesRepository } from '../../repositories/places-repository';
import { AddressResolver } from './address-resolver';
import type {
  DistanceProvider,
  MeasuredRoute,
  ResolvedPoint,
  RoutePoint,
} from './distance-provider';
import { buildGazetteerIndex } from './gazetteer-index';
import { roundLeg, toMeasuredRoute } from './measured-route';
import { ROAD_MODEL, estimateRoadLeg } from './road-model';
import type { RoadModelConstants } from './road-model';

/** The default provider: gazetteer lookups and the road model, no network. */
export interface OfflineDistanceProvider extends DistanceProvider {
  readonly name: 'offline';
  /** Where an address lands on the map (or UnresolvedAddressError), without measuring. */
  resolve(point: RoutePoint): ResolvedPoint;
}

/**
 * Loads the gazetteer from the places table once and measures routes in memory. Call after the
 * database is seeded; a gazetteer edited later is picked up on the next start.
 */
export async function createOfflineDistanceProvider(options: {
  places: Pick<PlacesRepository, 'gazetteer'>;
  roadModel?: RoadModelConstants;
  logger?: FastifyBaseLogger;
}): Promise<OfflineDistanceProvider> {
  const rows = await options.places.gazetteer();
  const resolver = new AddressResolver(buildGazetteerIndex(rows));
  const roadModel = options.roadModel ?? ROAD_MODEL;
  options.logger?.info({ places: rows.length }, 'offline distance gazetteer loaded');

  return {
    name: 'offline',
    resolve: (point) => resolver.resolve(point),
    async measure(points: RoutePoint[]): Promise<MeasuredRoute> {
      if (points.length < 2) throw new Error('A route needs at least two points');
      const resolved = points.map((point) => resolver.resolve(point));
      const legs = resolved.slice(1).map((to, i) => {
        const estimate = estimateRoadLeg(resolved[i] as ResolvedPoint, to, roadModel);
        return roundLeg(estimate.miles, estimate.minutes);
      });
      return toMeasuredRoute(resolved, legs);
    },
  };
}
