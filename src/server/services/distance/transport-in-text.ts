import { TRANSPORT_KINDS } from '../../db/schema';
import { STREET_WORDS, addressSegments, phrases, terminalDesignator } from './address-text';
import type { GazetteerIndex, Place } from './gazetteer-index';
import { fromPlace, type PlacedText } from './place-choice';

/**
 * An airport, terminal, station or port named inside an address ("Pick-up at Heathrow T5"):
 * the address resolver's second rule.
 */
export function transportInText(
  index: GazetteerIndex,
  text: string,
  normalised: string,
): PlacedText | undefined {
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
    for (const { phrase, start, words } of phrases(segment, index.transportPhraseWords)) {
      const place = index.transportPhrases.get(phrase);
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
      const coded = index.placeCodes.get(code);
      if (coded) consider(coded, 1);
    }
  }
  const place = best?.place;
  if (!place) return undefined;
  return fromPlace(terminalOf(index, place, normalised) ?? place);
}

/** "Heathrow … Terminal 5" names the terminal, whichever of the two matched. */
function terminalOf(index: GazetteerIndex, place: Place, normalised: string): Place | undefined {
  const airport =
    place.kind === 'airport'
      ? place
      : place.kind === 'terminal'
        ? index.airportOfTerminal.get(place.key)
        : undefined;
  const designator = terminalDesignator(normalised);
  if (!airport || !designator) return undefined;
  return index.terminalsOfAirport.get(airport.key)?.get(designator);
}

function isTransportWord(word: string): boolean {
  return word === 'airport' || word === 'station';
}

/** Airports first, then terminals, stations, ports. */
function kindOrder(place: Place): number {
  const order = (TRANSPORT_KINDS as readonly string[]).indexOf(place.kind);
  return order === -1 ? TRANSPORT_KINDS.length : order;
}
