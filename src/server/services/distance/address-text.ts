import { normalisePlaceText } from '../../lib/place-text';
import { POSTCODE_AREAS } from '../../db/seed-data/outcodes';

/**
 * Reading what a passenger typed: the comma-separated parts of an address as word lists (and
 * the phrases in them), the postcodes in it, and the words that say "this is a street, not a
 * town".
 */

/** A postcode found in an address, upper case, e.g. outward "SW1A" and inward "2AA". */
export interface FoundPostcode {
  outward: string;
  /** Missing for a bare district such as "W1K". */
  inward?: string;
}

/** One comma-separated part of an address, normalised to lower-case words. */
export interface AddressSegment {
  words: string[];
  /** The part as typed, postcodes removed, for case-sensitive checks (airport codes). */
  original: string;
}

const FULL_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/gi;
const OUTWARD_ONLY = /^([A-Z]{1,2})(\d[A-Z\d]?)$/;

/**
 * Words that make the word before them part of a road or a building, not a town: "Bath Road",
 * "Oxford Street", "Richmond Park", "Gatwick Road".
 */
// prettier-ignore
export const STREET_WORDS = new Set([
  'street', 'st', 'road', 'rd', 'lane', 'ln', 'avenue', 'ave', 'way', 'close', 'cl', 'drive',
  'dr', 'crescent', 'cres', 'terrace', 'tce', 'place', 'pl', 'square', 'sq', 'gardens', 'gdns',
  'grove', 'court', 'ct', 'mews', 'row', 'walk', 'parade', 'rise', 'hill', 'green', 'park',
  'gate', 'circus', 'bridge', 'wharf', 'quay', 'yard', 'embankment', 'boulevard',
  'airport', 'station', 'university', 'hospital', 'services',
]);

/** The postcodes in `text`: full ones anywhere, a bare district only ending a part. */
export function findPostcodes(text: string): FoundPostcode[] {
  const found: FoundPostcode[] = [];
  for (const match of text.matchAll(FULL_POSTCODE)) {
    const outward = (match[1] as string).toUpperCase();
    if (isOutwardCode(outward)) found.push({ outward, inward: (match[2] as string).toUpperCase() });
  }
  if (found.length > 0) return found;
  for (const part of text.replace(FULL_POSTCODE, ' ').split(/[,;\n]/)) {
    const last = part.trim().split(/\s+/).at(-1) ?? '';
    // Typed in capitals only: "w1" in "flat w1" is not a postcode, and a motorway ("M1", "M25")
    // written alone is far more likely than a Manchester district without its inward code.
    if (last === last.toUpperCase() && isOutwardCode(last) && !/^M\d+$/.test(last)) {
      found.push({ outward: last });
    }
  }
  return found;
}

/** Whether `code` has the shape of an outward code in a real postcode area. */
export function isOutwardCode(code: string): boolean {
  const match = OUTWARD_ONLY.exec(code.toUpperCase());
  return match !== null && POSTCODE_AREAS.has(match[1] as string);
}

/** The address cut at commas into normalised word lists, postcodes taken out. */
export function addressSegments(text: string): AddressSegment[] {
  return text
    .replace(FULL_POSTCODE, ' ')
    .split(/[,;\n]/)
    .map((part) => {
      const words = normalisePlaceText(part).split(' ').filter(Boolean);
      // A trailing bare district ("London W1K") is a postcode, not a word of the place.
      const last = part.trim().split(/\s+/).at(-1) ?? '';
      if (words.length > 1 && last === last.toUpperCase() && isOutwardCode(last)) words.pop();
      return { words, original: part };
    })
    .filter((segment) => segment.words.length > 0);
}

/** Every run of up to `maxWords` consecutive words in the segment, longest first. */
export function* phrases(
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

/** "Terminal 5", "T5", "terminal five", "North Terminal" → "5" / "north"; undefined if none. */
export function terminalDesignator(normalisedText: string): string | undefined {
  const numberWords: Record<string, string> = {
    one: '1',
    two: '2',
    three: '3',
    four: '4',
    five: '5',
  };
  const numbered = /\b(?:terminal|term) (\d|one|two|three|four|five)\b/.exec(normalisedText);
  if (numbered) return numberWords[numbered[1] as string] ?? numbered[1];
  const short = /\bt(\d)\b/.exec(normalisedText);
  if (short) return short[1];
  const named = /\b(north|south) terminal\b/.exec(normalisedText);
  return named?.[1];
}
