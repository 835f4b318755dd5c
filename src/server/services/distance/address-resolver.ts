import { haversineKm } from '../../../domain/geo';
import type { LatLng } from '../../../domain/lat-lng';
import { DISTRICT_CENTRES } from '../../db/seed-data/outcodes';
import { normalisePlaceText } from '../../lib/place-text';
import { findPostcodes } from './address-text';
import { UnresolvedAddressError } from './distance-provider';
import type { ResolvedPoint, RoutePoint } from './distance-provider';
import type { GazetteerIndex, Place } from './gazetteer-index';
import {
  LOCATION_TOLERANCE_KM,
  checkSentLocation,
  ownPositionPoint,
  positionRefines,
  positionStandsAlone,
} from './location-tolerance';
import { choosePlace, fromPlace, likelier, nearestTo, type PlacedText } from './place-choice';
import { townInText } from './town-in-text';
import { transportInText } from './transport-in-text';

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
          transportInText(this.index, text, normalised) ??
          this.postcodeInText(text) ??
          townInText(this.index, text));
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
}
