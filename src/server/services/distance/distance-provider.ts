import { DISTANCE_MESSAGES } from '../../../domain/messages';
import type { PlaceAtPosition } from '../../../contract/geocoding';
import type { LatLng } from '../../../domain/booking-form';

/**
 * How the server measures a journey. `offline` (default) resolves addresses from the gazetteer
 * and estimates road distance; `google` asks Google's Routes API. Both answer the same shape.
 */

/** An address as the client sent it, with the request field it came from (for the 422). */
export interface RoutePoint {
  /** e.g. 'pickup', 'dropoff', 'stops.0', 'return_pickup'. */
  field: string;
  address: string;
  /**
   * Coordinates the browser had from the maps service. They only refine where the server
   * places `address` itself (LOCATION_TOLERANCE_KM); they are priced alone only when the
   * server cannot place the text ("Current location").
   */
  location?: LatLng | null;
}

/** How a point was placed on the map; shown in logs and used by tests. */
export type ResolutionSource =
  | 'browser'
  | 'airport'
  | 'terminal'
  | 'station'
  | 'port'
  | 'city'
  | 'town'
  | 'postcode'
  | 'outcode'
  | 'google';

export interface ResolvedPoint extends RoutePoint {
  lat: number;
  lng: number;
  source: ResolutionSource;
  /** The gazetteer entry or geocoded label the address matched. */
  matched: string;
  /**
   * With browser coordinates: how far (km) they were from where the server placed the
   * address, or null when the server could not place it and priced at the coordinates.
   * Absent when the browser sent none. Kept with the booking, so a mismatch can be seen.
   */
  sentKm?: number | null;
}

/** One leg between consecutive points. */
export interface LegMeasure {
  miles: number;
  minutes: number;
}

export interface MeasuredRoute {
  points: ResolvedPoint[];
  /** points.length - 1 legs, in order. */
  legs: LegMeasure[];
  /** Sum of legs, miles rounded to one decimal, minutes whole. */
  miles: number;
  minutes: number;
}

export interface DistanceProvider {
  readonly name: 'offline' | 'google';
  /**
   * Measures pickup -> stops -> drop-off. Throws UnresolvedAddressError for an address it
   * cannot place; never guesses.
   */
  measure(points: RoutePoint[]): Promise<MeasuredRoute>;
  /**
   * Measures without keeping the legs in a cache in front of the provider (leg-cache.ts): a
   * driver's moving position (the passenger's ETA, issue 34) makes pairs never asked for again,
   * which would push out the quotes' legs. Absent: `measure` keeps nothing anyway.
   */
  measureOnce?(points: RoutePoint[]): Promise<MeasuredRoute>;
  /**
   * Reference data this provider places addresses with (the offline gazetteer) changes this
   * number when it is read again, so a cache of measures in front of it knows to forget them.
   * May start a check for changed data in the background; absent when nothing can change.
   */
  currentGeneration?(): number;
  /** Reads that reference data again now; resolves once lookups use it. */
  reload?(): Promise<void>;
  /**
   * A pickup text for a position ("use my current location"): a place this provider itself
   * places back within reach of the position, so a quote for that text with those coordinates
   * is priced there. OutsideServiceAreaError or UnplaceablePositionError when there is none.
   */
  placeAt?(location: LatLng): Promise<PlaceAtPosition>;
}

/** The quote form's labels of the request's address fields, for messages people read. */
const FIELD_LABELS: Record<string, string> = {
  pickup: 'Pick-Up',
  dropoff: 'Drop-Off',
  return_pickup: 'Return Pick-Up',
  return_dropoff: 'Return Drop-Off',
};

/**
 * A request field ('stops.0', 'dropoff_location') as the form labels it ('Stop 1',
 * 'Drop-Off'): the message shows the label; the error's path keeps the field.
 */
export function fieldLabel(field: string): string {
  const base = field.replace(/(\.location|_location)$/, '');
  const stop = /^stops\.(\d+)$/.exec(base);
  if (stop) return `Stop ${Number(stop[1]) + 1}`;
  return FIELD_LABELS[base] ?? 'Address';
}

/** A position as its messages show it: latitude and longitude to four places. */
function positionText(location: LatLng): string {
  return `${location.lat.toFixed(4)}, ${location.lng.toFixed(4)}`;
}

/** An address the provider could not place: a 422 naming the field and the text. */
export class UnresolvedAddressError extends Error {
  constructor(
    readonly field: string,
    readonly address: string,
  ) {
    super(DISTANCE_MESSAGES.unresolvedAddress(address, fieldLabel(field)));
    this.name = 'UnresolvedAddressError';
  }
}

/**
 * Browser coordinates too far from where the server places the address they came with: a 422
 * naming the coordinates' field, so a made-up position cannot price a different journey.
 */
export class LocationMismatchError extends Error {
  constructor(
    /** The request field of the coordinates, e.g. 'dropoff_location' or 'stops.0.location'. */
    readonly field: string,
    readonly address: string,
    readonly km: number,
  ) {
    super(DISTANCE_MESSAGES.locationMismatch(address, fieldLabel(field), Math.round(km)));
    this.name = 'LocationMismatchError';
  }
}

/** The distance service could not answer (Google down, quota): a 503, the visitor retries. */
export class DistanceUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(DISTANCE_MESSAGES.unavailable, options);
    this.name = 'DistanceUnavailableError';
  }
}

/** A position outside the UK: a 422, since nobody here can pick up there. */
export class OutsideServiceAreaError extends Error {
  constructor(readonly location: LatLng) {
    super(DISTANCE_MESSAGES.outsideUk(positionText(location)));
    this.name = 'OutsideServiceAreaError';
  }
}

/** A UK position with no known place near enough to name it: a 422; the visitor types one. */
export class UnplaceablePositionError extends Error {
  constructor(readonly location: LatLng) {
    super(DISTANCE_MESSAGES.unplaceable(positionText(location)));
    this.name = 'UnplaceablePositionError';
  }
}
