import { haversineKm } from '../../../domain/geo';
import { TRANSPORT_KINDS } from '../../db/schema';
import { DISTRICT_CENTRES } from '../../db/seed-data/outcodes';
import { normalisePlaceText } from '../../lib/place-text';
import { STREET_WORDS, addressSegments, findPostcodes, terminalDesignator } from './address-text';
import type { AddressSegment } from './address-text';
import { UnresolvedAddressError } from './distance-provider';
import type { ResolvedPoint, RoutePoint } from './distance-provider';
import type { LatLng } from '../../../domain/lat-lng';
import { SAME_PLACE_KM } from './gazetteer-index';
import type { GazetteerIndex, Place } from './gazetteer-index';
import {
  LOCATION_TOLERANCE_KM,
  checkSentLocation,
  ownPositionPoint,
  positionRefines,
  positionStandsAlone,
} from './location-tolerance';
import type { PlacedKind } from './location-tolerance';

/**
 * Places an address on the map without any online service, by these rules in order:
 *  1. the whole text is a gazetteer name, display address or alias ("Reading", "LHR");
 *  2. an airport, terminal, station or port named inside it ("Pick-up at Heathrow T5");
 *  3. a full postcode a curated place carries, or a postcode district whose centre is known;
 *  4. a town or city named inside it ("10 Downing Street, London").
 * Coordinates the browser sent only refine that place, within LOCATION_TOLERANCE_KM of it
 * (farther is a LocationMismatchError), and only a small place (positionRefines); they stand
 * alone only for the visitor's own position (CURRENT_LOCATION_TEXT), and then the booking
 * shows them as what was priced. Anything else is
 * an UnresolvedAddressError naming the request field: a wrong price from a guessed place is
 * worse than asking the passenger for a postcode.
 */

/**
 * Single-word town names that are everyday words in addresses ("Street" and "Street Lane" are
 * both in GeoNames' list of towns). These only count as a town when they are a whole part of
 * the address, as in "1 High Street, Street, BA16 0AA".
 */
// prettier-ignore
const COMMON_WORD_TOWNS = new Set([
  'ash', 'bank', 'banks', 'battle', 'beer', 'bow', 'box', 'bray', 'bridge', 'bugle', 'camber',
  'church', 'cooling', 'cove', 'croft', 'crook', 'cults', 'dale', 'deal', 'dingle', 'dollar',
  'eye', 'fleet', 'ford', 'forth', 'grain', 'grove', 'hale', 'hay', 'healing', 'hill', 'hilton',
  'hook', 'hope', 'hurst', 'law', 'lea', 'lee', 'locking', 'march', 'mere', 'moss', 'nash',
  'over', 'pant', 'par', 'plains', 'pool', 'rake', 'rock', 'rode', 'sale', 'send', 'settle',
  'shaw', 'stock', 'stone', 'street', 'sway', 'tumble', 'valley', 'wall', 'warden', 'ware',
  'wick', 'wing', 'wool', 'pelton', 'seaview', 'bacon', 'gotham', 'simpson', 'maida',
  // "Ealing Broadway", "Tooting Broadway": a street name far more often than the Cotswold town.
  'broadway',
]);

/**
 * Places whose towns are not in the gazetteer (GeoNames' GB list leaves out the Crown
 * dependencies): an address there must not fall back to a same-named British town ("Douglas,
 * Isle of Man" is not Douglas in Lanarkshire). Their ports and airports still resolve.
 */
const OUTSIDE_TOWN_LIST = [
  'isle of man',
  'jersey',
  'guernsey',
  'alderney',
  'sark',
  'channel islands',
];

/** Where an address text alone places: the gazetteer's kind of place and its entry. */
interface PlacedText {
  lat: number;
  lng: number;
  source: PlacedKind;
  matched: string;
}

/** Another town named in the same address within this distance refines, not contradicts. */
const ANCHOR_KM = 25;

interface TownCandidate {
  places: Place[];
  words: number;
  segment: number;
  start: number;
}

/** Places addresses using the in-memory gazetteer; see the rules above. */
export class AddressResolver {
  constructor(private readonly index: GazetteerIndex) {}

  /**
   * The point on the map for `point`: its text's place, refined by the browser's coordinates
   * when they are near it; UnresolvedAddressError or LocationMismatchError otherwise.
   */
  resolve(point: RoutePoint, near?: LatLng): ResolvedPoint {
    const location = point.location;
    if (location && positionStandsAlone(point)) return ownPositionPoint(point, location);
    const found = this.placeText(point.address, near);
    if (!found) throw new UnresolvedAddressError(point.field, point.address);
    if (!location) return { ...point, ...found };
    const sentKm = checkSentLocation({ ...point, location }, found, found.source);
    // A town, city or district is priced at the server's point; `sentKm` records the pin.
    if (!positionRefines(found.source)) return { ...point, ...found, sentKm };
    // Priced at the coordinates; `matched` and `sentKm` say what they refined.
    return {
      ...point,
      lat: location.lat,
      lng: location.lng,
      source: 'browser',
      matched: found.matched,
      sentKm,
    };
  }

  /**
   * A pickup text for a position: "Near " and the display address of the most precise place
   * within reach of it (a terminal, station or port before an airport, a town before a city;
   * the nearest of a kind first), kept only when resolve() places that text with these
   * coordinates, so the quote that follows is priced at them. Undefined when nothing is near.
   */
  placeNear(location: LatLng): string | undefined {
    const reach = (place: Place) => LOCATION_TOLERANCE_KM[place.kind];
    const candidates = this.index.places
      .map((place) => ({ place, km: haversineKm(place, location) }))
      .filter(({ place, km }) => km <= reach(place))
      .sort((a, b) => reach(a.place) - reach(b.place) || a.km - b.km);
    for (const { place } of candidates) {
      const address = `Near ${place.address}`;
      try {
        this.resolve({ field: 'pickup', address, location });
        return address;
      } catch {
        // Another place's text wins inside this one ("Near Reading Station" read as a
        // town): try the next.
      }
    }
    return undefined;
  }

  /**
   * Where the address text alone places, by the rules above; undefined when nowhere. `near`,
   * the journey's other end, tells apart places a bare name may mean.
   */
  private placeText(address: string, near?: LatLng): PlacedText | undefined {
    const text = address.trim();
    const normalised = normalisePlaceText(text);
    return normalised === ''
      ? undefined
      : (this.exactName(normalised, near) ??
          this.transportInText(text, normalised) ??
          this.postcodeInText(text) ??
          this.townInText(text));
  }

  private exactName(normalised: string, near?: LatLng): PlacedText | undefined {
    // The whole text is the name: it names no county to tell same-named places apart.
    const context = { text: '', near: [] };
    const named = this.index.byName.get(normalised) ?? [];
    const place = likelier(
      choosePlace(named, context) ?? (near ? nearestTo(named, near) : undefined),
      choosePlace(this.index.byAlias.get(normalised) ?? [], context),
      near,
    );
    return place ? fromPlace(place) : undefined;
  }

  private transportInText(text: string, normalised: string): PlacedText | undefined {
    let best: { place: Place; words: number } | undefined;
    const consider = (place: Place, words: number) => {
      if (
        !best ||
        words > best.words ||
        (words === best.words && kindOrder(place) < kindOrder(best.place))
      ) {
        best = { place, words };
      }
    };
    for (const segment of addressSegments(text)) {
      for (const { phrase, start, words } of phrases(segment, this.index.transportPhraseWords)) {
        const place = this.index.transportPhrases.get(phrase);
        const next = segment.words[start + words];
        // "Gatwick Road, Crawley" is a road in Crawley, not the airport.
        if (place && !(next && STREET_WORDS.has(next) && !isTransportWord(next))) {
          consider(place, words);
        }
      }
      // A code counts when it stands out in capitals; in an all-capitals address "ISLE OF MAN"
      // would otherwise be Manchester Airport.
      const codesStandOut = /[a-z]/.test(text) || segment.words.length <= 2;
      for (const code of codesStandOut ? (segment.original.match(/\b[A-Z]{3}\b/g) ?? []) : []) {
        const coded = this.index.placeCodes.get(code);
        if (coded) consider(coded, 1);
      }
    }
    const place = best?.place;
    if (!place) return undefined;
    return fromPlace(this.terminalOf(place, normalised) ?? place);
  }

  /** "Heathrow … Terminal 5" names the terminal, whichever of the two matched. */
  private terminalOf(place: Place, normalised: string): Place | undefined {
    const airport =
      place.kind === 'airport'
        ? place
        : place.kind === 'terminal'
          ? this.index.airportOfTerminal.get(place.key)
          : undefined;
    const designator = terminalDesignator(normalised);
    if (!airport || !designator) return undefined;
    return this.index.terminalsOfAirport.get(airport.key)?.get(designator);
  }

  private postcodeInText(text: string): PlacedText | undefined {
    for (const { outward, inward } of findPostcodes(text)) {
      if (inward) {
        const place = this.index.byPostcode.get(`${outward}${inward}`);
        if (place)
          return { lat: place.lat, lng: place.lng, source: 'postcode', matched: place.address };
      }
      const district = DISTRICT_CENTRES[outward];
      if (district) {
        return {
          lat: district.lat,
          lng: district.lng,
          source: 'outcode',
          matched: `${outward} (${district.area})`,
        };
      }
    }
    return undefined;
  }

  private townInText(text: string): PlacedText | undefined {
    const normalised = normalisePlaceText(text);
    if (OUTSIDE_TOWN_LIST.some((region) => mentions(normalised, region))) return undefined;
    const segments = addressSegments(text);
    const candidates = this.townCandidates(segments);
    // The postal town usually comes last; earlier names are districts of it ("Kew, Richmond,
    // London") or, when far from it, names of buildings ("Manchester House, Leeds").
    for (let anchorIndex = candidates.length - 1; anchorIndex >= 0; anchorIndex--) {
      const anchorCandidate = candidates[anchorIndex] as TownCandidate;
      const others = candidates
        .filter((c, i) => i !== anchorIndex && c.places.length === 1)
        .map((c) => c.places[0] as Place);
      const anchor = choosePlace(anchorCandidate.places, {
        text: withoutPhrase(segments, anchorCandidate),
        near: others,
      });
      if (!anchor) continue;
      let best = { place: anchor, candidate: anchorCandidate };
      for (const candidate of candidates) {
        if (candidate === anchorCandidate) continue;
        const place = nearest(candidate.places, anchor);
        if (!place || haversineKm(place, anchor) > ANCHOR_KM) continue;
        const better =
          candidate.words > best.candidate.words ||
          (candidate.words === best.candidate.words &&
            (candidate.segment < best.candidate.segment ||
              (candidate.segment === best.candidate.segment &&
                candidate.start < best.candidate.start)));
        if (better) best = { place, candidate };
      }
      return fromPlace(best.place);
    }
    return undefined;
  }

  /** Town names in the address that can be read as towns, in reading order. */
  private townCandidates(segments: AddressSegment[]): TownCandidate[] {
    const found: TownCandidate[] = [];
    segments.forEach((segment, segmentIndex) => {
      for (const { phrase, start, words } of phrases(segment, this.index.townNameWords)) {
        const places = this.index.towns.get(phrase);
        if (!places) continue;
        const whole = words === segment.words.length;
        const last = phrase.split(' ').at(-1) as string;
        const next = segment.words[start + words];
        if (!whole && (COMMON_WORD_TOWNS.has(phrase) || STREET_WORDS.has(last))) continue;
        if (next && STREET_WORDS.has(next)) continue;
        found.push({ places, words, segment: segmentIndex, start });
      }
    });
    // A name inside a longer one ("Newcastle" in "Newcastle upon Tyne") is not a second town.
    return found.filter(
      (c) =>
        !found.some(
          (o) =>
            o !== c &&
            o.segment === c.segment &&
            o.words > c.words &&
            o.start <= c.start &&
            o.start + o.words >= c.start + c.words,
        ),
    );
  }
}

/** Every run of up to `maxWords` consecutive words in the segment, longest first. */
function* phrases(
  segment: AddressSegment,
  maxWords: number,
): Generator<{ phrase: string; start: number; words: number }> {
  const { words } = segment;
  for (let length = Math.min(maxWords, words.length); length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      yield { phrase: words.slice(start, start + length).join(' '), start, words: length };
    }
  }
}

function isTransportWord(word: string): boolean {
  return word === 'airport' || word === 'station';
}

/** Airports first, then terminals, stations, ports. */
function kindOrder(place: Place): number {
  const order = (TRANSPORT_KINDS as readonly string[]).indexOf(place.kind);
  return order === -1 ? TRANSPORT_KINDS.length : order;
}

function fromPlace(place: Place): PlacedText {
  return { lat: place.lat, lng: place.lng, source: place.kind, matched: place.address };
}

/** A place this many times nearer the journey's other end than another is the one meant. */
const CLEARLY_NEARER = 3;

/**
 * Of a place with the name and one with it as an alias ("Waterloo": the Merseyside town, and
 * London Waterloo station), the one meant: the same either way when close together; else the
 * one clearly nearer the journey's other end; else the likelier by rank (a station or airport
 * before a city, a city before a small town).
 */
function likelier(
  named: Place | undefined,
  aliased: Place | undefined,
  near: LatLng | undefined,
): Place | undefined {
  if (!named || !aliased) return named ?? aliased;
  if (haversineKm(named, aliased) <= SAME_PLACE_KM) return named;
  if (near) {
    const namedKm = haversineKm(named, near);
    const aliasedKm = haversineKm(aliased, near);
    if (namedKm * CLEARLY_NEARER < aliasedKm) return named;
    if (aliasedKm * CLEARLY_NEARER < namedKm) return aliased;
  }
  return aliased.rank > named.rank ? aliased : named;
}

/** Of same-named places the address cannot tell apart, the one nearest the other end. */
function nearestTo(places: Place[], near: LatLng): Place | undefined {
  return [...places].sort((a, b) => haversineKm(a, near) - haversineKm(b, near))[0];
}

function nearest(places: Place[], to: Place): Place | undefined {
  return [...places].sort((a, b) => haversineKm(a, to) - haversineKm(b, to))[0];
}

/** The address's words without the candidate's own name ("Newport" is not its own county). */
function withoutPhrase(segments: AddressSegment[], candidate: TownCandidate): string {
  return segments
    .map((segment, i) =>
      i === candidate.segment
        ? [
            ...segment.words.slice(0, candidate.start),
            '|',
            ...segment.words.slice(candidate.start + candidate.words),
          ].join(' ')
        : segment.words.join(' '),
    )
    .join(' | ');
}

/** Whether the normalised `text` contains `phrase` as whole words. */
function mentions(text: string, phrase: string): boolean {
  return phrase !== '' && ` ${text} `.includes(` ${phrase} `);
}

/**
 * One of several places sharing a name, or undefined when the address does not say which:
 * by county or nation named in the address, then by nearness to other places it names, then
 * when they are in effect one place, then when exactly one is a city or major town (what the
 * suggestion list would offer first for that name).
 */
function choosePlace(places: Place[], context: { text: string; near: Place[] }): Place | undefined {
  if (places.length <= 1) return places[0];
  let pool = places;
  const byCounty = pool.filter((p) => mentions(context.text, p.county));
  if (byCounty.length > 0) pool = byCounty;
  else {
    const byNation = pool.filter((p) => mentions(context.text, p.nation));
    if (byNation.length > 0) pool = byNation;
  }
  if (pool.length === 1) return pool[0];
  if (context.near.length > 0) {
    const ranked = pool
      .map((p) => ({ p, km: Math.min(...context.near.map((n) => haversineKm(p, n))) }))
      .sort((a, b) => a.km - b.km);
    const first = ranked[0];
    if (first && first.km <= ANCHOR_KM) return first.p;
  }
  const [top, runnerUp] = [...pool].sort((a, b) => b.rank - a.rank) as [Place, Place];
  if (pool.every((p) => haversineKm(p, top) <= SAME_PLACE_KM)) return top;
  // Town ranks are tiers (city, major town, town); transport ranks are list order, not size.
  const towns = pool.every((p) => p.kind === 'city' || p.kind === 'town');
  return towns && top.rank > runnerUp.rank ? top : undefined;
}
