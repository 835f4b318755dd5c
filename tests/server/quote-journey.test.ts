import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zonesContaining } from '../../src/domain/fares';
import type { Zone } from '../../src/domain/pricing-model';
import { DEMO_ZONES } from '../../src/server/db/seed-data/pricing';
import { zonesAt } from '../../src/server/services/pricing/journey';

const demoZones: Zone[] = DEMO_ZONES.map((zone, i) => ({ id: i + 1, ...zone }));

describe('zonesAt', () => {
  it('finds the zones zonesContaining finds, in the same order, near and far from them', () => {
    const nearZone = fc
      .record({
        zone: fc.constantFrom(...demoZones),
        // Up to about 10 km off the centre, so inside, on and outside the edge all happen.
        dLat: fc.double({ min: -0.1, max: 0.1, noNaN: true }),
        dLng: fc.double({ min: -0.15, max: 0.15, noNaN: true }),
      })
      .map(({ zone, dLat, dLng }) => ({ lat: zone.lat + dLat, lng: zone.lng + dLng }));
    const anywhere = fc.record({
      lat: fc.double({ min: -90, max: 90, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.oneof(nearZone, anywhere), (point) => {
        expect(zonesAt(demoZones, point)).toEqual(zonesContaining(demoZones, point));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees on the very edge of a zone, and with zones that overlap', () => {
    const zones: Zone[] = [
      { id: 1, name: 'A', lat: 51.5, lng: -0.1, radiusKm: 5, isAirport: false },
      { id: 2, name: 'B', lat: 51.52, lng: -0.1, radiusKm: 5, isAirport: true },
      { id: 3, name: 'Tiny', lat: 51.5, lng: -0.1, radiusKm: 0, isAirport: false },
    ];
    // Due north of A's centre by exactly its radius, give or take the last bits.
    const edgeLat = 51.5 + (5 / 6371.0088) * (180 / Math.PI);
    for (const lat of [edgeLat - 1e-12, edgeLat, edgeLat + 1e-12, 51.5, 51.51, 51.6]) {
      const point = { lat, lng: -0.1 };
      expect(zonesAt(zones, point), String(lat)).toEqual(zonesContaining(zones, point));
    }
  });
});
