import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrations';
import { seedDatabase } from '../../src/server/db/seed';
import { DISTRICT_CENTRES } from '../../src/server/db/seed-data/outcodes';
import { CURATED_PLACES } from '../../src/server/db/seed-data/curated-places';
import { createPlacesRepository } from '../../src/server/repositories/places-repository';
import {
  LocationMismatchError,
  UnresolvedAddressError,
} from '../../src/server/services/distance/distance-provider';
import { LOCATION_TOLERANCE_KM } from '../../src/server/services/distance/location-tolerance';
import type { RoutePoint } from '../../src/server/services/distance/distance-provider';
import { createOfflineDistanceProvider } from '../../src/server/services/distance/offline-distance-provider';
import type { OfflineDistanceProvider } from '../../src/server/services/distance/offline-distance-provider';
import { haversineKm } from '../../src/domain/geo';
import {
  CALIBRATION_TOLERANCE,
  PUBLISHED_ROUTES,
  measurePublishedRoutes,
  medianAbs,
} from './fixtures/distance-routes';
import { openTestDatabase, testDatabaseKinds } from './helpers';
import type { TestDatabase } from './helpers';

const pickup = (address: string, location?: RoutePoint['location']): RoutePoint => ({
  field: 'pickup',
  address,
  location,
});

describe.each(testDatabaseKinds())('offline distance on %s', (kind) => {
  let db: TestDatabase;
  let offline: OfflineDistanceProvider;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await migrateToLatest(db.handle.db, db.handle.schema);
    await seedDatabase(db.handle.db);
    offline = await createOfflineDistanceProvider({
      places: createPlacesRepository(db.handle.db),
    });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  const resolve = (address: string) => offline.resolve(pickup(address));

  describe('placing an address', () => {
    it('reads a bare "Waterloo" as London Waterloo station, or the town when the trip is near it', async () => {
      const waterloo = offline.resolve(pickup('Waterloo'));
      expect(waterloo.matched).toMatch(/London Waterloo Station/);
      // Going from Liverpool, the Waterloo meant is the one on Merseyside.
      const fromLiverpool = offline.resolve(pickup('Waterloo'), { lat: 53.4076, lng: -2.9774 });
      expect(fromLiverpool.matched).toBe('Waterloo');
      expect(haversineKm(fromLiverpool, { lat: 53.4755, lng: -3.0302 })).toBeLessThan(5);

      // Gatwick to Waterloo is some 45 km, not the 413 km of a Merseyside drop-off.
      const route = await offline.measure([
        pickup('Gatwick Airport (LGW), Crawley RH6 0NP'),
        { field: 'dropoff', address: 'Waterloo', location: null },
      ]);
      const km = (route.legs[0]?.miles ?? 0) * 1.609;
      expect(km).toBeGreaterThan(30);
      expect(km).toBeLessThan(100);
    });

    it("names the form's label, never the request field, when it cannot place a stop", () => {
      const stop: RoutePoint = { field: 'stops.0', address: 'Nowhere Lane, Zzyzx', location: null };
      expect(() => offline.resolve(stop)).toThrow(/\(Stop 1\)/);
      expect(() => offline.resolve(stop)).not.toThrow(/stops\.0/);
      // With its postcode given (a district the resolver knows), the same stop is placed.
      const placed = offline.resolve({ ...stop, address: '10, Downing Street, SW1A 2AA' });
      expect(placed.source).toBe('outcode');
    });

    it('lets the browser’s coordinates refine the place the text names, never move it', () => {
      const near = offline.resolve(pickup('Heathrow Terminal 5', { lat: 51.4701, lng: -0.4878 }));
      expect(near).toMatchObject({ source: 'browser', lat: 51.4701, lng: -0.4878 });
      expect(near.matched).toMatch(/Terminal 5/);
      expect(near.sentKm).toBeLessThan(LOCATION_TOLERANCE_KM.terminal);

      // Manchester's coordinates do not make Heathrow Terminal 5 a Manchester pickup.
      expect(() =>
        offline.resolve(pickup('Heathrow Terminal 5', { lat: 53.4808, lng: -2.2426 })),
      ).toThrow(LocationMismatchError);
      // The error names the coordinates' field; its message the form's label.
      const refused = (() => {
        try {
          offline.resolve(pickup('Heathrow Terminal 5', { lat: 53.4808, lng: -2.2426 }));
        } catch (error) {
          return error as LocationMismatchError;
        }
      })();
      expect(refused?.field).toBe('pickup_location');
      expect(refused?.message).toMatch(/\(Pick-Up\)/);
    });

    it('allows as much room as the text pins down: a city more than a terminal', () => {
      // Heathrow is about 23 km from central London: still "London", but not "Paddington station".
      const heathrow = { lat: 51.47, lng: -0.4543 };
      expect(offline.resolve(pickup('London', heathrow)).sentKm).toBeGreaterThan(20);
      expect(() => offline.resolve(pickup('Paddington station', heathrow))).toThrow(
        LocationMismatchError,
      );
      expect(() => offline.resolve(pickup('Reading', heathrow))).toThrow(LocationMismatchError);
    });

    it("prices the visitor's own position on its own, and no other text the gazetteer cannot place", () => {
      const here = { lat: 51.50801, lng: -0.12803 };
      expect(offline.resolve(pickup('Current location', here))).toMatchObject({
        source: 'browser',
        ...here,
        sentKm: null,
      });
      expect(() => offline.resolve(pickup('The Balmoral Hotel', here))).toThrow(
        UnresolvedAddressError,
      );
    });

    it("prices a town or city at the server's own point, whatever pin came with it", () => {
      // Within London's room, but 23 km from its centre: the pin is recorded, not priced.
      const heathrow = { lat: 51.47, lng: -0.4543 };
      const london = offline.resolve(pickup('London', heathrow));
      expect(london).toMatchObject({ source: 'city', matched: 'London' });
      expect(london.lat).toBeCloseTo(resolve('London').lat, 6);
      expect(london.lng).toBeCloseTo(resolve('London').lng, 6);
      // A terminal is small: a pin at its door is priced where it is.
      const door = { lat: 51.4723, lng: -0.4889 };
      expect(offline.resolve(pickup('Heathrow Terminal 5', door))).toMatchObject({
        source: 'browser',
        ...door,
      });
    });

    it('finds exact place names, display addresses and aliases', () => {
      expect(resolve('Reading')).toMatchObject({ source: 'town', matched: 'Reading' });
      expect(resolve('Wootton, Bedford')).toMatchObject({ matched: 'Wootton, Bedford' });
      expect(resolve('LHR')).toMatchObject({ source: 'airport' });
      expect(resolve('Heathrow Airport (LHR), Hounslow TW6 1QG').matched).toBe(
        'Heathrow Airport (LHR), Hounslow TW6 1QG',
      );
      // A city's own name beats an airport that lists it as an alias.
      expect(resolve('Manchester')).toMatchObject({ source: 'city', matched: 'Manchester' });
    });

    it('picks the terminal when one is named, however it is written', () => {
      for (const text of [
        'Heathrow Terminal 5',
        'LHR T5',
        'Terminal 5, Heathrow Airport',
        'Arrivals, London Heathrow Terminal Five',
      ]) {
        expect(resolve(text), text).toMatchObject({
          source: 'terminal',
          matched: 'Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA',
        });
      }
      expect(resolve('Gatwick North Terminal').matched).toContain('North Terminal');
      expect(resolve('Manchester Airport Terminal 2').matched).toContain(
        'Manchester Airport Terminal 2',
      );
      expect(resolve('Heathrow Airport')).toMatchObject({ source: 'airport' });
    });

    it('finds airports, stations and ports named inside longer addresses', () => {
      expect(resolve('Meet at Stansted Airport arrivals')).toMatchObject({ source: 'airport' });
      expect(resolve('Kings Cross Station, London').matched).toContain("King's Cross");
      expect(resolve('Birmingham New Street station')).toMatchObject({ source: 'station' });
      expect(resolve('Dover ferry port')).toMatchObject({ source: 'port' });
      expect(resolve('Pick-up from PAD please').matched).toContain('Paddington');
    });

    it('reads a curated postcode or a known postcode district', () => {
      expect(resolve('TW6 2GA')).toMatchObject({ source: 'postcode' });
      expect(resolve('10 Downing Street, London SW1A 2AA')).toMatchObject({
        source: 'outcode',
        lat: DISTRICT_CENTRES.SW1A?.lat,
      });
      expect(resolve('Flat 2, 3 Acacia Avenue, W1K')).toMatchObject({ source: 'outcode' });
    });

    it('finds the town in a street address, not the words that look like towns', () => {
      expect(resolve('10 Downing Street, London')).toMatchObject({
        source: 'city',
        matched: 'London',
      });
      expect(resolve('Bath Road, Hounslow').matched).toBe('Hounslow');
      expect(resolve('Oxford Street, London').matched).toBe('London');
      expect(resolve('5 New Street, Leeds').matched).toBe('Leeds');
      expect(resolve('Victoria Road, Bolton').matched).toBe('Bolton');
      expect(resolve('Manchester House, Leeds').matched).toBe('Leeds');
      expect(resolve('Gatwick Road, Crawley').matched).toBe('Crawley');
      expect(resolve('Ealing Broadway').matched).toBe('Ealing');
    });

    it('prefers the longest, most specific town named', () => {
      expect(resolve('Kew, Richmond, London').matched).toBe('Kew');
      expect(resolve('Sutton Coldfield, Birmingham').matched).toBe('Sutton Coldfield');
      expect(resolve('Quayside, Newcastle upon Tyne').matched).toBe('Newcastle upon Tyne');
    });

    it('counts a town with an everyday name only when it stands alone', () => {
      expect(resolve('1 High Street, Street, Somerset').matched).toBe('Street');
      expect(() => resolve('1 Green Street')).toThrow(UnresolvedAddressError);
    });

    it('tells same-named towns apart by county, or refuses to guess', () => {
      expect(resolve('Newport, Isle of Wight').matched).toBe('Newport, Isle of Wight');
      expect(() => resolve('Newport')).toThrow(UnresolvedAddressError);
      expect(() => resolve('Wootton')).toThrow(UnresolvedAddressError);
    });

    it('refuses what it cannot place, naming the field and the text', () => {
      for (const text of [
        'Flat 4b',
        'asdfgh',
        'Wales',
        '',
        'ISLE OF MAN',
        'Douglas, Isle of Man',
      ]) {
        let error: unknown;
        try {
          offline.resolve({ field: 'stops.1', address: text });
        } catch (caught) {
          error = caught;
        }
        expect(error, text).toBeInstanceOf(UnresolvedAddressError);
        expect(error).toMatchObject({ field: 'stops.1', address: text });
      }
    });

    it('places every curated postcode district centre within 2 km of its curated places', () => {
      const far = CURATED_PLACES.flatMap((place) => {
        const centre = DISTRICT_CENTRES[place.postcode.split(' ')[0] as string];
        if (!centre) return [];
        const km = haversineKm(centre, place);
        return km > 2 ? [`${place.name}: ${km.toFixed(1)} km`] : [];
      });
      expect(far).toEqual([]);
    });
  });

  describe('measuring', () => {
    it('measures a route with stops leg by leg, totals rounded', async () => {
      const route = await offline.measure([
        pickup('Heathrow Terminal 5'),
        { field: 'stops.0', address: 'Windsor' },
        { field: 'dropoff', address: 'Reading' },
      ]);
      expect(route.points.map((p) => p.field)).toEqual(['pickup', 'stops.0', 'dropoff']);
      expect(route.legs).toHaveLength(2);
      const sum = route.legs.reduce((s, leg) => s + leg.miles, 0);
      expect(route.miles).toBeCloseTo(sum, 1);
      expect(Number.isInteger(route.minutes)).toBe(true);
    });

    it('gives zero for a journey that starts where it ends', async () => {
      const route = await offline.measure([
        pickup('Reading'),
        { field: 'dropoff', address: 'Reading' },
      ]);
      expect(route).toMatchObject({ miles: 0, minutes: 0 });
    });

    it('throws for the first address it cannot place', async () => {
      await expect(
        offline.measure([pickup('Reading'), { field: 'dropoff', address: 'Nowhere Special' }]),
      ).rejects.toMatchObject({ name: 'UnresolvedAddressError', field: 'dropoff' });
    });

    it(`matches ${PUBLISHED_ROUTES.length} published UK road distances within the stated tolerance`, async () => {
      const results = await measurePublishedRoutes((points) => offline.measure(points));
      const distance = results.map((r) => r.distanceErrorPct);
      expect(medianAbs(distance)).toBeLessThanOrEqual(CALIBRATION_TOLERANCE.medianDistancePct);
      expect(Math.max(...distance.map(Math.abs))).toBeLessThanOrEqual(
        CALIBRATION_TOLERANCE.worstDistancePct,
      );
      const duration = results.flatMap((r) =>
        r.durationErrorPct === undefined ? [] : [r.durationErrorPct],
      );
      expect(duration.length).toBeGreaterThanOrEqual(15);
      expect(medianAbs(duration)).toBeLessThanOrEqual(CALIBRATION_TOLERANCE.medianDurationPct);
      expect(Math.max(...duration.map(Math.abs))).toBeLessThanOrEqual(
        CALIBRATION_TOLERANCE.worstDurationPct,
      );
    });

    it('covers airport runs, city-to-city and short trips in its table', () => {
      const kinds = new Set(PUBLISHED_ROUTES.map((r) => r.kind));
      expect(kinds).toEqual(new Set(['airport run', 'city to city', 'short trip']));
      expect(PUBLISHED_ROUTES.filter((r) => r.miles < 10).length).toBeGreaterThanOrEqual(5);
      for (const route of PUBLISHED_ROUTES) expect(route.source).toMatch(/^https?:\/\//);
    });
  });
});
