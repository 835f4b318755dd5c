import { CURRENT_LOCATION_TEXT, type LatLng } from '../../../domain/booking-form';
import { haversineKm } from '../../../domain/geo';
import { LocationMismatchError } from './distance-provider';
import type { ResolutionSource, ResolvedPoint, RoutePoint } from './distance-provider';

/**
 * The one rule for coordinates the browser sends with an address: they may refine where the
 * server places the address text, never move it. Both providers apply it.
 */

/** How the server placed an address text (the gazetteer's kinds; Google's map onto them). */
export type PlacedKind = Exclude<ResolutionSource, 'browser' | 'google'>;

/**
 * How far (km) browser coordinates may stand from the server's placing of the text and still
 * refine it: about the size of what the text pins down, plus room for a car park or a map pin
 * dropped beside the point. Past it the coordinates describe another place, and pricing them
 * would price another journey (a trip to Edinburgh Airport measured to Heathrow).
 */
export const LOCATION_TOLERANCE_KM: Readonly<Record<PlacedKind, number>> = {
  /** A full postcode (or a street address Google places) is a few dozen homes. */
  postcode: 2,
  /** A terminal or station building; its drop-off roads reach a little beyond it. */
  terminal: 2,
  station: 2,
  /** Ferry ports spread along their quays. */
  port: 3,
  /** An airport's point is one spot on a site up to about 5 km across (Heathrow). */
  airport: 5,
  /** A town, from its centre; sprawling ones (Milton Keynes) reach about this far. */
  town: 10,
  /** A postcode district's centre; rural districts (IV27, LD3) are tens of km across. */
  outcode: 15,
  /** A city as big as London: Greater London's edge is up to about 27 km from its centre. */
  city: 30,
};

/**
 * Kinds of place small enough that browser coordinates near them say where exactly (which
 * terminal door, which house in the postcode): the journey is priced at the coordinates. A
 * town, city or postcode district is priced at the server's own point for it, as the typed
 * text alone would be: else a pin anywhere in Greater London would shorten a trip by 25 km.
 */
const REFINED_BY_POSITION: ReadonlySet<PlacedKind> = new Set([
  'postcode',
  'terminal',
  'station',
  'port',
  'airport',
]);

/** Whether coordinates near a place of this kind are priced (else the server's point is). */
export function positionRefines(kind: PlacedKind): boolean {
  return REFINED_BY_POSITION.has(kind);
}

/**
 * Whether the point's coordinates stand for the place on their own: only the visitor's own
 * position, sent as CURRENT_LOCATION_TEXT. Text the server cannot place is refused, whatever
 * coordinates come with it ("The Balmoral Hotel" pinned beside Heathrow).
 */
export function positionStandsAlone(point: RoutePoint): boolean {
  return Boolean(point.location) && point.address.trim() === CURRENT_LOCATION_TEXT;
}

/** The visitor's own position as a priced point: at its coordinates, matching no place. */
export function ownPositionPoint(point: RoutePoint, location: LatLng): ResolvedPoint {
  const { lat, lng } = location;
  return { ...point, lat, lng, source: 'browser', matched: point.address, sentKm: null };
}

/** The request field the point's coordinates came in: 'dropoff_location', 'stops.0.location'. */
export function locationField(field: string): string {
  return /\.\d+$/.test(field) ? `${field}.location` : `${field}_location`;
}

/**
 * How far (km, to 10 m) the sent coordinates are from where the server placed the point's
 * text as `kind`; LocationMismatchError naming the coordinates' field when beyond tolerance.
 */
export function checkSentLocation(
  point: RoutePoint & { location: LatLng },
  placed: { lat: number; lng: number },
  kind: PlacedKind,
): number {
  const km = haversineKm(point.location, placed);
  // Written so that NaN (unreadable coordinates) is refused too.
  if (!(km <= LOCATION_TOLERANCE_KM[kind])) {
    throw new LocationMismatchError(locationField(point.field), point.address, km);
  }
  return Math.round(km * 100) / 100;
}
