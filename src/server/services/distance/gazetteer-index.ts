import { haversineKm } from '../../../domain/geo';
import { CURATED_PLACES } from '../../db/seed-data/curated-places';
import { normalisePlaceText } from '../../lib/place-text';
import type { GazetteerRow } from '../../repositories/places-repository';

/**
 * The gazetteer held in memory and indexed for reading addresses: exact names and aliases,
 * phrases that name an airport, terminal, station or port inside a longer address, postcodes,
 * and town names. Built once at start from the places table (about 5,000 rows).
 */

/** A gazetteer place as the resolver uses it. */
export type Place = Pick<
  GazetteerRow,
  'key' | 'name' | 'address' | 'kind' | 'lat' | 'lng' | 'rank'
> & {
  /** County (for towns), normalised, e.g. "bedford"; "" when unknown. */
  county: string;
  /** "england", "scotland", "wales", "northern ireland" or "". */
  nation: string;
};

export interface GazetteerIndex {
  /** Every place, best rank first: what a position is searched against. */
  places: Place[];
  /** Normalised name or display address → places, best rank first. */
  byName: Map<string, Place[]>;
  /** Normalised alias or code → places (curated aliases, IATA codes), best rank first. */
  byAlias: Map<string, Place[]>;
  /** Phrases that, found inside an address, name a transport place. */
  transportPhrases: Map<string, Place>;
  /** Longest transport phrase, in words. */
  transportPhraseWords: number;
  /**
   * Three-letter codes (IATA, station codes) → place, matched only when typed in capitals
   * inside an address: in lower case "man" and "pad" are words.
   */
  placeCodes: Map<string, Place>;
  /** Airport key → its terminals by designator ("5", "north"). */
  terminalsOfAirport: Map<string, Map<string, Place>>;
  /** Terminal key → the airport it belongs to. */
  airportOfTerminal: Map<string, Place>;
  /** Compact full postcode (e.g. "TW62GA") → the curated place that carries it. */
  byPostcode: Map<string, Place>;
  /** Normalised town or city name → places of that name, best rank first. */
  towns: Map<string, Place[]>;
  /** Longest town name, in words. */
  townNameWords: number;
}

const NATIONS = ['northern ireland', 'england', 'scotland', 'wales'];

/**
 * Names that are places in GeoNames but, typed alone, mean a region ("Wales" is also a village
 * in South Yorkshire): never resolved, so a passenger is asked for a real address.
 */
export const REGION_WORDS = new Set([...NATIONS, 'uk', 'united kingdom', 'great britain', 'gb']);

/**
 * Islands and island groups: inside a longer address they say where, not which airport or port
 * ("St Helier, Jersey" is not Jersey Airport), so they never name a transport place there.
 */
// prettier-ignore
export const ISLAND_NAMES = [
  'isle of man', 'jersey', 'guernsey', 'alderney', 'sark', 'channel islands', 'isle of wight',
  'anglesey', 'shetland', 'orkney', 'isles of scilly', 'scilly',
];

/**
 * Single-word aliases too common in addresses to name a transport place inside a longer one
 * ("Victoria Road", "Piccadilly, London", "Southend"); they still match as the whole address.
 */
// prettier-ignore
const COMMON_ALIAS_WORDS = new Set([
  'victoria', 'piccadilly', 'eurostar', 'central', 'express', 'teesside', 'humberside', 'lewis',
  'southend', 'millbay',
]);

/** Aliases ending like a street name ("New Street", "Queen Street") only match whole. */
const STREET_ENDINGS = new Set([
  'street',
  'st',
  'road',
  'rd',
  'lane',
  'avenue',
  'way',
  'place',
  'square',
  'row',
  'walk',
  'gardens',
  'terrace',
  'crescent',
  'close',
  'drive',
  'parade',
]);

/**
 * Short forms people write for towns whose GeoNames name is longer ("Hull" for Kingston upon
 * Hull). Each short form is one more name for those towns; where it is also a town's own name
 * ("Newcastle" in County Down, "Stoke" in Cheshire) the usual same-name rules choose.
 */
const SHORT_TOWN_NAMES: Record<string, string[]> = {
  hull: ['Kingston upon Hull'],
  newcastle: ['Newcastle upon Tyne', 'Newcastle under Lyme'],
  stoke: ['Stoke-on-Trent'],
  southend: ['Southend-on-Sea'],
  burton: ['Burton upon Trent'],
  stockton: ['Stockton-on-Tees'],
  berwick: ['Berwick-Upon-Tweed'],
  stratford: ['Stratford-upon-Avon'],
  kingston: ['Kingston upon Thames'],
  weston: ['Weston-super-Mare'],
};

/** An airport or station code as the curated list writes it. */
const CODE = /^[A-Z]{3}$/;

/** Same-named entries closer than this are one place for addressing purposes. */
export const SAME_PLACE_KM = 15;

/** A curated terminal this close to a curated airport belongs to it (as in gazetteer.ts). */
const TERMINAL_OF_AIRPORT_KM = 5;

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function toPlace(row: GazetteerRow): Place {
  // search_text is "<name> <county> <nation>" for towns, all normalised (gazetteer.ts).
  const rest = row.search_text.slice(row.search_name.length).trim();
  const nation = NATIONS.find((n) => rest === n || rest.endsWith(` ${n}`)) ?? '';
  const county =
    row.kind === 'city' || row.kind === 'town'
      ? rest.slice(0, rest.length - nation.length).trim()
      : '';
  return {
    key: row.key,
    name: row.name,
    address: row.address,
    kind: row.kind,
    lat: row.lat,
    lng: row.lng,
    rank: row.rank,
    county,
    nation,
  };
}

/** The name without bracketed parts or what follows its first comma: "Heathrow Airport". */
function coreName(name: string): string {
  return (name.replace(/\([^)]*\)/g, ' ').split(',')[0] ?? '').trim();
}

/** Ways a transport place's own name is written inside addresses. */
function nameVariants(place: Place, townNames: Map<string, Place[]>): string[] {
  const core = normalisePlaceText(coreName(place.name));
  const variants = new Set([core]);
  const words = core.split(' ');
  if (words[0] === 'london' && words.length > 2) variants.add(words.slice(1).join(' '));
  // "Heathrow Airport Terminal 5" is usually typed "Heathrow Terminal 5".
  if (core.includes(' airport terminal '))
    variants.add(core.replace(' airport terminal ', ' terminal '));
  if (words.includes('international') && words.length > 2) {
    variants.add(words.filter((w) => w !== 'international').join(' '));
  }
  // "Birmingham International Station" is often just "Birmingham International".
  const last = words.at(-1);
  if ((last === 'station' || last === 'airport') && words.length > 2) {
    variants.add(words.slice(0, -1).join(' '));
  }
  // "Birmingham Moor Street Station" → "Moor Street Station".
  if (
    (place.kind === 'station' || place.kind === 'port') &&
    words.length > 3 &&
    townNames.has(words[0] as string)
  ) {
    variants.add(words.slice(1).join(' '));
  }
  return [...variants];
}

/** Whether a phrase may name a transport place when found inside a longer address. */
function usableInsideText(phrase: string, townNames: Map<string, Place[]>): boolean {
  const words = phrase.split(' ');
  if (townNames.has(phrase) || REGION_WORDS.has(phrase) || ISLAND_NAMES.includes(phrase)) {
    return false;
  }
  if (STREET_ENDINGS.has(words.at(-1) as string)) return false;
  if (words.length === 1) return phrase.length >= 3 && !COMMON_ALIAS_WORDS.has(phrase);
  return true;
}

/**
 * Keeps a phrase for one place only when every place claiming it is the same place; "Central
 * Station" names three cities' stations and so names none.
 */
function settlePhrases(claims: Map<string, Place[]>): Map<string, Place> {
  const settled = new Map<string, Place>();
  for (const [phrase, places] of claims) {
    const best = [...places].sort((a, b) => b.rank - a.rank)[0] as Place;
    if (places.every((p) => haversineKm(p, best) <= SAME_PLACE_KM)) settled.set(phrase, best);
  }
  return settled;
}

function byRankDesc(a: Place, b: Place): number {
  return b.rank - a.rank;
}

/** Builds the index from the places table's rows. */
export function buildGazetteerIndex(rows: GazetteerRow[]): GazetteerIndex {
  const places = rows.map(toPlace).sort(byRankDesc);
  // The curated list carries aliases the table keeps only inside search_text.
  const aliasesByName = new Map(CURATED_PLACES.map((c) => [c.name, c.aliases ?? []]));
  const names = indexNames(places, aliasesByName);
  const transportPhrases = transportPhrasesOf(places, aliasesByName, names.towns);
  return {
    places,
    ...names,
    transportPhrases,
    transportPhraseWords: longestInWords(transportPhrases.keys()),
    ...linkTerminals(places),
    byPostcode: indexPostcodes(rows, places),
    townNameWords: longestInWords(names.towns.keys()),
  };
}

/** The index's name, alias, code and town lookups, each list best rank first. */
function indexNames(
  places: Place[],
  aliasesByName: Map<string, string[]>,
): Pick<GazetteerIndex, 'byName' | 'byAlias' | 'towns' | 'placeCodes'> {
  const byName = new Map<string, Place[]>();
  const byAlias = new Map<string, Place[]>();
  const towns = new Map<string, Place[]>();
  const placeCodes = new Map<string, Place>();

  for (const place of places) {
    for (const text of [place.name, place.address]) {
      const key = normalisePlaceText(text);
      if (key && !REGION_WORDS.has(key)) addTo(byName, key, place);
    }
    if (place.kind === 'city' || place.kind === 'town') {
      const name = normalisePlaceText(place.name);
      if (!REGION_WORDS.has(name)) addTo(towns, name, place);
      continue;
    }
    for (const alias of aliasesByName.get(place.name) ?? []) {
      addTo(byAlias, normalisePlaceText(alias), place);
      if (CODE.test(alias) && !placeCodes.has(alias)) placeCodes.set(alias, place);
    }
    const code =
      /\(([A-Z]{3})\)/.exec(place.name)?.[1] ?? /\(([A-Z]{3})\)$/.exec(place.address)?.[1];
    if (code && place.kind === 'airport') {
      addTo(byAlias, code.toLowerCase(), place);
      if (!placeCodes.has(code)) placeCodes.set(code, place);
    }
  }
  for (const [short, names] of Object.entries(SHORT_TOWN_NAMES)) {
    for (const place of places.filter((p) => names.includes(p.name))) {
      addTo(byName, short, place);
      addTo(towns, short, place);
    }
  }
  for (const list of [...byName.values(), ...towns.values()]) list.sort(byRankDesc);
  return { byName, byAlias, towns, placeCodes };
}

/** Each compact postcode's best-ranked curated place. */
function indexPostcodes(rows: GazetteerRow[], places: Place[]): Map<string, Place> {
  const byPostcode = new Map<string, Place>();
  for (const row of rows) {
    if (!row.postcode) continue;
    const place = places.find((p) => p.key === row.key) as Place;
    const compact = row.postcode.replace(/\s+/g, '').toUpperCase();
    const holder = byPostcode.get(compact);
    if (!holder || place.rank > holder.rank) byPostcode.set(compact, place);
  }
  return byPostcode;
}

/** The phrases that, inside a longer address, name one transport place. */
function transportPhrasesOf(
  places: Place[],
  aliasesByName: Map<string, string[]>,
  towns: Map<string, Place[]>,
): Map<string, Place> {
  const transportClaims = new Map<string, Place[]>();
  for (const place of places) {
    if (place.kind === 'city' || place.kind === 'town') continue;
    const aliases = (aliasesByName.get(place.name) ?? [])
      .filter((alias) => !CODE.test(alias))
      .map(normalisePlaceText);
    for (const phrase of [...nameVariants(place, towns), ...aliases]) {
      if (phrase && usableInsideText(phrase, towns)) addTo(transportClaims, phrase, place);
    }
  }
  return settlePhrases(transportClaims);
}

/** Each terminal's airport (the nearest within reach), and each airport's terminals. */
function linkTerminals(
  places: Place[],
): Pick<GazetteerIndex, 'terminalsOfAirport' | 'airportOfTerminal'> {
  const airports = places.filter((p) => p.kind === 'airport');
  const terminalsOfAirport = new Map<string, Map<string, Place>>();
  const airportOfTerminal = new Map<string, Place>();
  for (const terminal of places.filter((p) => p.kind === 'terminal')) {
    const airport = airports
      .map((a) => ({ a, km: haversineKm(a, terminal) }))
      .filter(({ km }) => km <= TERMINAL_OF_AIRPORT_KM)
      .sort((x, y) => x.km - y.km)[0]?.a;
    const name = normalisePlaceText(coreName(terminal.name));
    const designator =
      /\bterminal (\d+|[a-z])\b/.exec(name)?.[1] ?? /\b(north|south) terminal\b/.exec(name)?.[1];
    if (!airport || !designator) continue;
    airportOfTerminal.set(terminal.key, airport);
    const own = terminalsOfAirport.get(airport.key) ?? new Map<string, Place>();
    own.set(designator, terminal);
    terminalsOfAirport.set(airport.key, own);
  }
  return { terminalsOfAirport, airportOfTerminal };
}

/** The most words among the keys, at least 1. */
function longestInWords(keys: Iterable<string>): number {
  return Math.max(1, ...[...keys].map((k) => k.split(' ').length));
}
