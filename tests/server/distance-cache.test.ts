import { seedGazetteerRows } from '../support/gazetteer-rows';
import { describe, expect, it } from 'vitest';
import type {
  GazetteerRow,
  PlacesRepository,
} from '../../src/server/repositories/places-repository';
import {
  createDistanceProvider,
  distanceProviderName,
} from '../../src/server/services/distance/create-distance-provider';
import { UnresolvedAddressError } from '../../src/server/services/distance/distance-provider';
import type {
  DistanceProvider,
  MeasuredRoute,
  RoutePoint,
} from '../../src/server/services/distance/distance-provider';
import { LRUCache } from 'lru-cache';
import { pointCacheKey, withLegCache } from '../../src/server/services/distance/leg-cache';
import { testConfig } from './helpers';

/** A provider that measures every leg as 10 miles and 15 minutes and counts what it was asked. */
function countingProvider() {
  const asked: string[][] = [];
  let failNext = false;
  const provider: DistanceProvider = {
    name: 'offline',
    async measure(points: RoutePoint[]): Promise<MeasuredRoute> {
      asked.push(points.map((p) => p.address));
      if (failNext) {
        failNext = false;
        const bad = points[1] as RoutePoint;
        throw new UnresolvedAddressError(bad.field, bad.address);
      }
      return {
        points: points.map((p, i) => ({
          ...p,
          lat: 51 + i,
          lng: -1,
          source: 'town',
          matched: p.address,
        })),
        legs: points.slice(1).map(() => ({ miles: 10, minutes: 15 })),
        miles: 10 * (points.length - 1),
        minutes: 15 * (points.length - 1),
      };
    },
  };
  return { provider, asked, failOnce: () => (failNext = true) };
}

const stop = (field: string, address: string, location?: RoutePoint['location']): RoutePoint => ({
  field,
  address,
  location,
});

describe('leg cache', () => {
  it('forgets the least recently used entry when full', () => {
    const cache = new LRUCache<string, number>({ max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('keys a point by its normalised text and its pin to about ten metres', () => {
    expect(pointCacheKey(stop('pickup', "King's Cross"))).toBe(
      pointCacheKey(stop('x', 'KINGS CROSS')),
    );
    const pinned = (lat: number) => pointCacheKey(stop('pickup', 'Home', { lat, lng: -1 }));
    expect(pinned(51.50001)).toBe(pinned(51.50004));
    expect(pinned(51.5)).not.toBe(pinned(51.501));
    expect(pinned(51.5)).not.toBe(pointCacheKey(stop('pickup', 'Home')));
  });

  it('answers a repeated journey without asking the provider again', async () => {
    const { provider, asked } = countingProvider();
    const cached = withLegCache(provider);
    const first = await cached.measure([stop('pickup', 'Reading'), stop('dropoff', 'Oxford')]);
    const second = await cached.measure([stop('pickup', 'reading'), stop('dropoff', 'OXFORD')]);
    expect(asked).toHaveLength(1);
    expect(second.miles).toBe(first.miles);
    // Each answer carries the fields and text of its own request.
    expect(second.points.map((p) => [p.field, p.address])).toEqual([
      ['pickup', 'reading'],
      ['dropoff', 'OXFORD'],
    ]);
  });

  it('measures a route with stops pair by pair, reusing legs it has seen', async () => {
    const { provider, asked } = countingProvider();
    const cached = withLegCache(provider);
    await cached.measure([stop('pickup', 'A'), stop('dropoff', 'B')]);
    const route = await cached.measure([
      stop('pickup', 'A'),
      stop('stops.0', 'B'),
      stop('stops.1', 'C'),
      stop('dropoff', 'A'),
    ]);
    expect(asked).toEqual([
      ['A', 'B'],
      ['B', 'C'],
      ['C', 'A'],
    ]);
    expect(route).toMatchObject({ miles: 30, minutes: 45 });
    expect(route.legs).toHaveLength(3);
    expect(route.points.map((p) => p.field)).toEqual(['pickup', 'stops.0', 'stops.1', 'dropoff']);
  });

  it('shares one provider call between simultaneous requests for a pair', async () => {
    const { provider, asked } = countingProvider();
    const cached = withLegCache(provider);
    const route = [stop('pickup', 'A'), stop('dropoff', 'B')];
    await Promise.all([cached.measure(route), cached.measure(route), cached.measure(route)]);
    expect(asked).toHaveLength(1);
  });

  it('does not remember failures, and reports the first failing leg in route order', async () => {
    const { provider, asked, failOnce } = countingProvider();
    const cached = withLegCache(provider);
    failOnce();
    await expect(
      cached.measure([stop('pickup', 'A'), stop('dropoff', 'Nowhere')]),
    ).rejects.toMatchObject({ field: 'dropoff' });
    await cached.measure([stop('pickup', 'A'), stop('dropoff', 'Nowhere')]);
    expect(asked).toHaveLength(2);
  });

  it('holds at most its capacity of pairs', async () => {
    const { provider, asked } = countingProvider();
    const cached = withLegCache(provider, { capacity: 2 });
    for (const to of ['B', 'C', 'D'])
      await cached.measure([stop('pickup', 'A'), stop('dropoff', to)]);
    await cached.measure([stop('pickup', 'A'), stop('dropoff', 'B')]);
    expect(asked).toHaveLength(4);
  });
});

describe('choosing the distance provider', () => {
  it('uses Google when a server key is set, offline otherwise, unless told', () => {
    expect(distanceProviderName(testConfig())).toBe('offline');
    expect(distanceProviderName(testConfig({ GOOGLE_MAPS_SERVER_KEY: 'k' }))).toBe('google');
    expect(
      distanceProviderName(
        testConfig({ GOOGLE_MAPS_SERVER_KEY: 'k', DISTANCE_PROVIDER: 'offline' }),
      ),
    ).toBe('offline');
    expect(() => testConfig({ DISTANCE_PROVIDER: 'bing' })).toThrow(/DISTANCE_PROVIDER/);
    expect(testConfig().GOOGLE_MAPS_API_BASE_URL).toBe('https://routes.googleapis.com');
    expect(() => testConfig({ GOOGLE_MAPS_API_BASE_URL: 'not a url' })).toThrow(
      /GOOGLE_MAPS_API_BASE_URL/,
    );
  });

  it('refuses to start Google without a key', async () => {
    await expect(
      createDistanceProvider({
        config: testConfig({ DISTANCE_PROVIDER: 'google' }),
        places: {} as PlacesRepository,
      }),
    ).rejects.toThrow(/GOOGLE_MAPS_SERVER_KEY/);
  });

  it('builds the offline provider from the gazetteer by default', async () => {
    const rows: GazetteerRow[] = seedGazetteerRows();
    let reads = 0;
    // Only `gazetteer` is read; the database-backed path is tested in distance-offline.
    const places = { gazetteer: async () => (reads++, rows) } as unknown as PlacesRepository;
    const provider = await createDistanceProvider({ config: testConfig(), places });
    expect(provider.name).toBe('offline');
    const route = await provider.measure([stop('pickup', 'Leeds'), stop('dropoff', 'York')]);
    expect(route.miles).toBeGreaterThan(20);
    expect(route.miles).toBeLessThan(30);
    await provider.measure([stop('pickup', 'York'), stop('dropoff', 'Leeds')]);
    expect(reads).toBe(1);
  });
});
