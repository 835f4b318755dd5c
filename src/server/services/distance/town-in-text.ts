import { haversineKm } from '../../../domain/geo';
import { normalisePlaceText } from '../../lib/place-text';
import { STREET_WORDS, addressSegments, phrases } from './address-text';
import type { AddressSegment } from './address-text';
import type { GazetteerIndex, Place } from './gazetteer-index';
import {
  ANCHOR_KM,
  choosePlace,
  fromPlace,
  mentions,
  nearest,
  type PlacedText,
} from './place-choice';

/**
 * A town or city named inside an address ("10 Downing Street, London"): the address
 * resolver's last rule, and the hardest, since town names are also everyday words and
 * street names.
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

interface TownCandidate {
  places: Place[];
  words: number;
  segment: number;
  start: number;
}

/** The town or city the address names; undefined when it does not say which. */
export function townInText(index: GazetteerIndex, text: string): PlacedText | undefined {
  const normalised = normalisePlaceText(text);
  if (OUTSIDE_TOWN_LIST.some((region) => mentions(normalised, region))) return undefined;
  const segments = addressSegments(text);
  const candidates = townCandidates(index, segments);
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
function townCandidates(index: GazetteerIndex, segments: AddressSegment[]): TownCandidate[] {
  const found: TownCandidate[] = [];
  segments.forEach((segment, segmentIndex) => {
    for (const { phrase, start, words } of phrases(segment, index.townNameWords)) {
      const places = index.towns.get(phrase);
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
