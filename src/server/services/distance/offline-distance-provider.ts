import type { FastifyBaseLogger } from 'fastify';
import type { PlaceAtPosition } from '../../../contract/geocoding';
import type { LatLng } from '../../../domain/lat-lng';
import type { PlacesRepository } from '../../repositories/places-repository';
import { AddressResolver } from './address-resolver';
import { UnplaceablePositionError } from './distance-provider';
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

/**
 * Where the journey's other end is (the drop-off for the pickup and the stops, the pickup for
 * the drop-off), placed on its own, as a hint for a name that means several places; undefined
 * when it cannot be placed alone.
 */
function otherEnd(
  points: RoutePoint[],
  index: number,
  place: (point: RoutePoint) => ResolvedPoint,
): LatLng | undefined {
  const other = index === points.length - 1 ? points[0] : points[points.length - 1];
  if (!other || other === points[index]) return undefined;
  try {
    const { lat, lng } = place(other);
    return { lat, lng };
  } catch {
    return undefined;
  }
}

/** How often a busy server asks whether the gazetteer changed (one tiny query). */
export const GAZETTEER_CHECK_MS = 60_000;

/** The default provider: gazetteer lookups and the road model, no network. */
export interface OfflineDistanceProvider extends DistanceProvider {
  readonly name: 'offline';
  /** Where an address lands on the map (or UnresolvedAddressError), without measuring. */
  resolve(point: RoutePoint, near?: LatLng): ResolvedPoint;
  currentGeneration(): number;
  reload(): Promise<void>;
  placeAt(location: LatLng): Promise<PlaceAtPosition>;
}

/**
 * Loads the gazetteer from the places table and measures routes in memory. Call after the
 * database is seeded. Only the seed writes the places table: with `gazetteerVersion`, the
 * provider asks at most every `checkMs` (when asked for its generation) whether a seed ran
 * since it loaded, and reads the gazetteer again if so, in the background, swapping it in
 * whole; `reload()` reads it at once. Reading it costs a few hundred milliseconds on PGlite,
 * so it is not read again on a timer when nothing changed.
 */
export async function createOfflineDistanceProvider(options: {
  places: Pick<PlacesRepository, 'gazetteer'> & Partial<Pick<PlacesRepository, 'gazetteerVersion'>>;
  roadModel?: RoadModelConstants;
  logger?: FastifyBaseLogger;
  checkMs?: number;
  /** A monotonic clock in ms (fixed in tests). */
  monotonicMs?: () => number;
}): Promise<OfflineDistanceProvider> {
  const { places, logger } = options;
  const roadModel = options.roadModel ?? ROAD_MODEL;
  const checkMs = options.checkMs ?? GAZETTEER_CHECK_MS;
  const monotonicMs = options.monotonicMs ?? (() => performance.now());

  let version: string | undefined;
  let resolver: AddressResolver;
  let generation = 0;
  let checkedAt = monotonicMs();
  let checking = false;

  async function load(): Promise<void> {
    // The version first: a seed that lands between the two reads is seen by the next check.
    const nextVersion = await places.gazetteerVersion?.();
    const rows = await places.gazetteer();
    resolver = new AddressResolver(buildGazetteerIndex(rows));
    version = nextVersion;
    generation += 1;
    logger?.info({ places: rows.length }, 'offline distance gazetteer loaded');
  }

  async function reloadIfChanged(): Promise<void> {
    if (!places.gazetteerVersion) return;
    if ((await places.gazetteerVersion()) !== version) await load();
  }

  await load();

  return {
    name: 'offline',
    resolve: (point, near) => resolver.resolve(point, near),
    async measure(points: RoutePoint[]): Promise<MeasuredRoute> {
      if (points.length < 2) throw new Error('A route needs at least two points');
      const resolved = points.map((point, i) =>
        resolver.resolve(
          point,
          otherEnd(points, i, (other) => resolver.resolve(other)),
        ),
      );
      const legs = resolved.slice(1).map((to, i) => {
        const estimate = estimateRoadLeg(resolved[i] as ResolvedPoint, to, roadModel);
        return roundLeg(estimate.miles, estimate.minutes);
      });
      return toMeasuredRoute(resolved, legs);
    },
    currentGeneration(): number {
      const now = monotonicMs();
      if (!checking && now - checkedAt >= checkMs) {
        checking = true;
        checkedAt = now;
        reloadIfChanged()
          // The gazetteer in use stays; the next check tries again.
          .catch((err: unknown) => logger?.error({ err }, 'gazetteer check failed'))
          .finally(() => {
            checking = false;
          });
      }
      return generation;
    },
    reload: load,
    async placeAt(location: LatLng): Promise<PlaceAtPosition> {
      const address = resolver.placeNear(location);
      if (!address) throw new UnplaceablePositionError(location);
      return { address, ...location, source: 'gazetteer' };
    },
  };
}
