import { LRUCache } from 'lru-cache';
import { normalisePlaceText } from '../../lib/place-text';
import type {
  DistanceProvider,
  LegMeasure,
  MeasuredRoute,
  ResolvedPoint,
  RoutePoint,
} from './distance-provider';
import { toMeasuredRoute } from './measured-route';

/**
 * Per-address-pair caching in front of any provider. A route is cut into legs and each leg is
 * looked up by its two addresses, so a route with stops reuses legs measured before and a
 * Google-backed provider is asked once per pair, not once per quote.
 */

/** What a leg's cache entry keeps: where both ends landed, and the measure between them. */
interface CachedLeg {
  from: PlacedEnd;
  to: PlacedEnd;
  leg: LegMeasure;
}

type PlacedEnd = Pick<ResolvedPoint, 'lat' | 'lng' | 'source' | 'matched' | 'sentKm'>;

/** Default bound: 10,000 pairs is a few megabytes and a busy day's distinct journeys. */
export const DEFAULT_LEG_CACHE_PAIRS = 10_000;

/**
 * The cache key of one end: the address as normalised for matching, plus the browser's
 * coordinates rounded to about 10 m, since the same text with different pins is a different
 * place and a pin moved by a metre is not. The provider checks the pin against the text, and
 * a refused pin throws, so only accepted text-and-pin pairs are ever cached.
 */
export function pointCacheKey(point: RoutePoint): string {
  const text = normalisePlaceText(point.address);
  if (!point.location) return text;
  return `${text}@${point.location.lat.toFixed(4)},${point.location.lng.toFixed(4)}`;
}

function placedEnd(point: ResolvedPoint): PlacedEnd {
  const end: PlacedEnd = {
    lat: point.lat,
    lng: point.lng,
    source: point.source,
    matched: point.matched,
  };
  if (point.sentKm !== undefined) end.sentKm = point.sentKm;
  return end;
}

/** What a cached provider holds between calls: the legs, the calls out, and the generation. */
interface LegCacheState {
  provider: DistanceProvider;
  cache: LRUCache<string, CachedLeg>;
  pending: Map<string, Promise<CachedLeg>>;
  /** The provider's generation the cached legs were measured under. */
  generation: number;
}

/**
 * `provider` behind a per-pair cache that forgets the least recently used pair when full;
 * concurrent requests for a pair share one call. When the provider's generation changes (its
 * gazetteer was read again), every cached leg is forgotten, and a leg measured under an older
 * generation is not kept.
 */
export function withLegCache(
  provider: DistanceProvider,
  options: { capacity?: number } = {},
): DistanceProvider {
  const state: LegCacheState = {
    provider,
    cache: new LRUCache<string, CachedLeg>({ max: options.capacity ?? DEFAULT_LEG_CACHE_PAIRS }),
    pending: new Map(),
    generation: generationOf(provider),
  };
  return {
    name: provider.name,
    measure: (points: RoutePoint[]) => measureRoute(state, points),
    measureOnce: (points: RoutePoint[]) => provider.measure(points),
    currentGeneration: () => generationOf(provider),
    ...(provider.placeAt && { placeAt: provider.placeAt.bind(provider) }),
    async reload(): Promise<void> {
      await provider.reload?.();
      forgetIfChanged(state);
    },
  };
}

function generationOf(provider: DistanceProvider): number {
  return provider.currentGeneration?.() ?? 0;
}

/** Forgets every leg when the provider's reference data changed since the last call. */
function forgetIfChanged(state: LegCacheState): void {
  const now = generationOf(state.provider);
  if (now === state.generation) return;
  state.generation = now;
  state.cache.clear();
  state.pending.clear();
}

function legKey(fromKey: string, toKey: string): string {
  return `${fromKey}\u0000${toKey}`;
}

async function measureRoute(state: LegCacheState, points: RoutePoint[]): Promise<MeasuredRoute> {
  if (points.length < 2) throw new Error('A route needs at least two points');
  forgetIfChanged(state);
  // Each point's key once, though inner points start one leg and end another.
  const pointKeys = points.map(pointCacheKey);
  const keys = pointKeys.slice(1).map((toKey, i) => legKey(pointKeys[i] as string, toKey));
  // Every leg measured before: answered from memory, without a promise per leg.
  let legs: CachedLeg[] = [];
  for (const key of keys) {
    const cached = state.cache.get(key);
    if (!cached) break;
    legs.push(cached);
  }
  if (legs.length < keys.length) {
    const settled = await Promise.allSettled(
      keys.map((key, i) =>
        measureLeg(state, points[i] as RoutePoint, points[i + 1] as RoutePoint, key),
      ),
    );
    // Report the first failing leg in route order, whichever finished first.
    const failure = settled.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
    legs = settled.map((s) => (s as PromiseFulfilledResult<CachedLeg>).value);
  }
  const resolved = points.map((point, i) => ({
    ...point,
    ...(i === 0 ? (legs[0] as CachedLeg).from : (legs[i - 1] as CachedLeg).to),
  }));
  return toMeasuredRoute(
    resolved,
    legs.map((l) => l.leg),
  );
}

function measureLeg(
  state: LegCacheState,
  from: RoutePoint,
  to: RoutePoint,
  key: string,
): Promise<CachedLeg> {
  const { cache, pending } = state;
  const cached = cache.get(key);
  if (cached) return Promise.resolve(cached);
  const inFlight = pending.get(key);
  if (inFlight) return inFlight;
  const measuredIn = state.generation;
  const measuring = state.provider
    .measure([from, to])
    .then((route) => {
      const entry: CachedLeg = {
        from: placedEnd(route.points[0] as ResolvedPoint),
        to: placedEnd(route.points[1] as ResolvedPoint),
        leg: route.legs[0] as LegMeasure,
      };
      // Failures are not cached: a corrected gazetteer or a recovered service should answer.
      if (measuredIn === state.generation) cache.set(key, entry);
      return entry;
    })
    .finally(() => {
      if (pending.get(key) === measuring) pending.delete(key);
    });
  pending.set(key, measuring);
  return measuring;
}
