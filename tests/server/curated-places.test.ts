import { describe, it, expect } from 'vitest';
import { CURATED_PLACES } from '../../src/server/db/seed-data/curated-places';
import type { CuratedPlace } from '../../src/server/db/seed-data/curated-places';

/** Full UK postcode: outward code, one space, inward code. */
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/;

/** Great Britain, Northern Ireland, Isle of Man and the Isles of Scilly. */
const UK_BOX = { minLat: 49.8, maxLat: 61, minLng: -8.7, maxLng: 2 };
/** Jersey and Guernsey sit south of the UK box. */
const CHANNEL_ISLANDS_BOX = { minLat: 49.1, maxLat: 49.8, minLng: -2.8, maxLng: -1.9 };

type Box = typeof UK_BOX;

function inBox(place: CuratedPlace, box: Box): boolean {
  return (
    place.lat >= box.minLat &&
    place.lat <= box.maxLat &&
    place.lng >= box.minLng &&
    place.lng <= box.maxLng
  );
}

function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const ofKind = (kind: CuratedPlace['kind']) => CURATED_PLACES.filter((p) => p.kind === kind);
const names = (places: CuratedPlace[]) => places.map((p) => p.name);

describe('curated places', () => {
  it('has a reasonable number of entries of every kind', () => {
    expect(CURATED_PLACES.length).toBeGreaterThanOrEqual(150);
    expect(CURATED_PLACES.length).toBeLessThanOrEqual(220);
    for (const kind of ['airport', 'terminal', 'station', 'port'] as const) {
      expect(ofKind(kind).length, kind).toBeGreaterThan(0);
    }
  });

  it('places every entry inside the UK or the Channel Islands', () => {
    const outside = CURATED_PLACES.filter((p) => {
      const channelIslands = /^(JE|GY)\d/.test(p.postcode);
      return !inBox(p, channelIslands ? CHANNEL_ISLANDS_BOX : UK_BOX);
    });
    expect(names(outside)).toEqual([]);
  });

  it('gives every entry finite coordinates with at most 5 decimals', () => {
    for (const p of CURATED_PLACES) {
      expect(Number.isFinite(p.lat) && Number.isFinite(p.lng), p.name).toBe(true);
      expect(Math.abs(p.lat * 1e5 - Math.round(p.lat * 1e5)), p.name).toBeLessThan(1e-6);
      expect(Math.abs(p.lng * 1e5 - Math.round(p.lng * 1e5)), p.name).toBeLessThan(1e-6);
    }
  });

  it('gives every entry a full UK postcode, which its name ends with', () => {
    const bad = CURATED_PLACES.filter(
      (p) => !UK_POSTCODE.test(p.postcode) || !p.name.endsWith(p.postcode),
    );
    expect(bad.map((p) => `${p.name} [${p.postcode}]`)).toEqual([]);
  });

  it('has unique names, ignoring case', () => {
    const seen = new Set<string>();
    const duplicates: string[] = [];
    for (const p of CURATED_PLACES) {
      const key = p.name.toLowerCase();
      if (seen.has(key)) duplicates.push(p.name);
      seen.add(key);
    }
    expect(duplicates).toEqual([]);
  });

  it('has no empty or duplicated aliases within an entry', () => {
    for (const p of CURATED_PLACES) {
      const aliases = p.aliases ?? [];
      expect(
        aliases.every((a) => a.trim().length > 0),
        p.name,
      ).toBe(true);
      expect(new Set(aliases.map((a) => a.toLowerCase())).size, p.name).toBe(aliases.length);
    }
  });

  it('gives every airport its IATA code in the name and as an alias', () => {
    for (const p of ofKind('airport')) {
      const code = /\(([A-Z]{3})\)/.exec(p.name)?.[1];
      expect(code, p.name).toBeDefined();
      expect(p.aliases ?? [], p.name).toContain(code);
    }
  });

  it.each([
    'Heathrow',
    'Gatwick',
    'Stansted',
    'Luton',
    'London City',
    'Manchester',
    'Birmingham',
    'Edinburgh',
    'Glasgow',
    'Bristol',
  ])('includes %s Airport', (airport) => {
    const entries = CURATED_PLACES.filter(
      (p) =>
        (p.kind === 'airport' || p.kind === 'terminal') && p.name.startsWith(`${airport} Airport`),
    );
    expect(entries.length).toBeGreaterThanOrEqual(1);
  });

  it('lists Heathrow terminals 2, 3, 4 and 5 and Gatwick North and South', () => {
    const terminals = names(ofKind('terminal'));
    for (const n of [2, 3, 4, 5]) {
      expect(
        terminals.some((t) => t.startsWith(`Heathrow Airport Terminal ${n} `)),
        `T${n}`,
      ).toBe(true);
    }
    expect(terminals.some((t) => t.startsWith('Gatwick Airport North Terminal'))).toBe(true);
    expect(terminals.some((t) => t.startsWith('Gatwick Airport South Terminal'))).toBe(true);
  });

  it('places each terminal within 3 km of another entry of the same airport', () => {
    const stray: string[] = [];
    for (const terminal of ofKind('terminal')) {
      const at = terminal.name.indexOf(' Airport');
      expect(at, terminal.name).toBeGreaterThan(0);
      const airportName = terminal.name.slice(0, at + ' Airport'.length);
      const near = CURATED_PLACES.some(
        (other) =>
          other !== terminal &&
          other.name.startsWith(airportName) &&
          haversineKm(terminal, other) <= 3,
      );
      if (!near) stray.push(terminal.name);
    }
    expect(stray).toEqual([]);
  });

  it('gives every airport with terminals an entry for the airport as a whole', () => {
    for (const terminal of ofKind('terminal')) {
      const airportName = terminal.name.slice(0, terminal.name.indexOf(' Airport') + 8);
      const whole = ofKind('airport').find((a) => a.name.startsWith(`${airportName} (`));
      expect(whole, terminal.name).toBeDefined();
    }
  });

  it.each([
    'Dover',
    'Southampton',
    'Portsmouth',
    'Harwich',
    'Holyhead',
    'Liverpool',
    'Hull',
    'Newcastle',
    'Tilbury',
  ])('includes the port of %s', (port) => {
    expect(ofKind('port').some((p) => p.name.includes(port))).toBe(true);
  });

  it('lists the five Southampton cruise terminals', () => {
    const ports = names(ofKind('port'));
    for (const terminal of ['Ocean', 'QEII', 'City', 'Horizon', 'Mayflower']) {
      expect(
        ports.some((p) => p.startsWith(`Southampton ${terminal} Cruise Terminal`)),
        terminal,
      ).toBe(true);
    }
  });

  it.each([
    "King's Cross",
    'St Pancras International',
    'Euston',
    'Paddington',
    'Victoria',
    'Waterloo',
    'Liverpool Street',
    'London Bridge',
    'Charing Cross',
    'Cannon Street',
    'Fenchurch Street',
    'Marylebone',
  ])('includes London %s station', (terminus) => {
    const prefix = terminus === 'London Bridge' ? terminus : `London ${terminus}`;
    const station = ofKind('station').find((s) => s.name.startsWith(`${prefix} Station, `));
    expect(station).toBeDefined();
    expect(station?.popular).toBe(true);
    // Central London: within 6 km of Charing Cross.
    expect(haversineKm(station!, { lat: 51.508, lng: -0.1248 })).toBeLessThan(6);
  });

  it('marks the big London airports and the main cruise and ferry ports popular', () => {
    const popular = names(CURATED_PLACES.filter((p) => p.popular));
    for (const prefix of [
      'Heathrow Airport',
      'Gatwick Airport',
      'Stansted Airport',
      'Luton Airport',
      'London City Airport',
      'Manchester Airport',
      'Port of Dover',
      'Southampton Ocean Cruise Terminal',
      'Portsmouth International Port',
      'Harwich International Port',
      'Tilbury',
    ]) {
      expect(
        popular.some((n) => n.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('agrees with well-known reference coordinates', () => {
    const find = (prefix: string) => CURATED_PLACES.find((p) => p.name.startsWith(prefix))!;
    expect(
      haversineKm(find('Heathrow Airport Terminal 5'), { lat: 51.4723, lng: -0.4887 }),
    ).toBeLessThan(0.5);
    expect(haversineKm(find("London King's Cross"), { lat: 51.532, lng: -0.1233 })).toBeLessThan(
      0.5,
    );
    expect(
      haversineKm(find('Gatwick Airport South Terminal'), { lat: 51.1537, lng: -0.1821 }),
    ).toBeLessThan(2);
    expect(haversineKm(find('Edinburgh Waverley'), { lat: 55.9521, lng: -3.1893 })).toBeLessThan(
      0.5,
    );
  });
});
