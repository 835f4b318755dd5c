import { describe, expect, it } from 'vitest';
import type { CuratedPlace } from '../../src/server/db/seed-data/curated-places';
import { buildGazetteer } from '../../src/server/db/seed-data/gazetteer';

const heathrowAirport: CuratedPlace = {
  name: 'Heathrow Airport (LHR), Hounslow TW6 1QG',
  kind: 'airport',
  lat: 51.4711,
  lng: -0.4543,
  postcode: 'TW6 1QG',
  popular: true,
};
const heathrowT5: CuratedPlace = {
  name: 'Heathrow Airport Terminal 5, Hounslow',
  kind: 'terminal',
  lat: 51.4723,
  lng: -0.4889,
  postcode: 'TW6 2GA',
  popular: true,
  aliases: ['Heathrow Terminal Five'],
};

describe('UK gazetteer', () => {
  const withoutCurated = buildGazetteer([]);

  it('holds the UK towns and cities from GeoNames and the UK airports with IATA codes', () => {
    const towns = withoutCurated.filter((p) => p.kind === 'town' || p.kind === 'city');
    expect(towns.length).toBeGreaterThan(4_000);
    expect(towns.find((p) => p.name === 'London')?.kind).toBe('city');
    expect(towns.find((p) => p.name === 'Reading')?.kind).toBe('town');
    const heathrow = withoutCurated.find((p) => p.key === 'iata:LHR');
    expect(heathrow?.address).toBe('London Heathrow Airport (LHR)');
    expect(heathrow?.search_text).toContain('lhr');
  });

  it('tells towns of the same name apart by county', () => {
    const woottons = withoutCurated.filter((p) => p.name === 'Wootton');
    expect(woottons.length).toBeGreaterThan(1);
    for (const place of woottons) expect(place.address).toMatch(/^Wootton, \S/);
    expect(new Set(woottons.map((p) => p.key)).size).toBe(woottons.length);
  });

  it('lets a curated airport replace the OpenFlights entry for the same airport', () => {
    const rows = buildGazetteer([heathrowAirport, heathrowT5]);
    expect(rows.find((p) => p.key === 'iata:LHR')).toBeUndefined();
    const curated = rows.filter((p) => p.source === 'curated');
    expect(curated.map((p) => p.address)).toEqual([
      'Heathrow Airport (LHR), Hounslow TW6 1QG',
      'Heathrow Airport Terminal 5, Hounslow, TW6 2GA',
    ]);
    // Other airports stay.
    expect(rows.find((p) => p.key === 'iata:LGW')).toBeDefined();
  });

  it('makes a terminal findable by its airport code, "T5" and compact postcode', () => {
    const t5 = buildGazetteer([heathrowT5]).find((p) => p.kind === 'terminal');
    const words = t5?.search_text.split(' ') ?? [];
    expect(words).toEqual(expect.arrayContaining(['lhr', 't5', 'tw62ga', 'five']));
  });

  it('gives every place the area a suggestion shows beside it', () => {
    const rows = buildGazetteer();
    const waterloo = rows.find((p) => p.name === 'Waterloo' && p.kind === 'town');
    // GeoNames files it under Sefton; people name the county.
    expect(waterloo?.area).toBe('Merseyside');
    expect(rows.find((p) => p.address === 'London Waterloo Station, SE1 8SW')?.area).toBe(
      'London SE1',
    );
    expect(rows.find((p) => p.name === 'Reading' && p.kind === 'town')?.area).toBe('England');
    // Every place in the British Isles has one (GeoNames' GB list also holds Dhekelia, Cyprus).
    expect(rows.filter((p) => !p.area && p.lat > 49).map((p) => p.key)).toEqual([]);
  });

  it('keeps every key unique', () => {
    const rows = buildGazetteer();
    expect(new Set(rows.map((p) => p.key)).size).toBe(rows.length);
  });
});
