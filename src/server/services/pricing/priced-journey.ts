import type { LatLng } from '../../../domain/booking-form';
import type { MeasuredRoute, ResolutionSource, ResolvedPoint } from '../distance/distance-provider';

/**
 * What a stored quote and a booking keep of the journey the server priced: the miles, and
 * where each point was placed beside what the browser sent, so an operator can see a booking
 * whose typed address and priced position disagree. Stored as JSON (snake_case, like the API).
 */

/** One pickup, stop or drop-off as priced. */
export interface PricedPoint {
  /** The request field of the address: 'pickup', 'stops.0', 'return_dropoff'. */
  field: string;
  address: string;
  /** The position priced. */
  lat: number;
  lng: number;
  /** How it was placed: a gazetteer kind, 'google', or 'browser' (the coordinates sent). */
  source: ResolutionSource;
  /** The gazetteer entry or geocoded label the address matched. */
  matched: string;
  /** The coordinates the browser sent with the address, or null. */
  sent_location: LatLng | null;
  /**
   * How far (km) those coordinates were from where the server placed the address; null when
   * none were sent or the server could not place the address and priced at them.
   */
  sent_km: number | null;
}

export interface PricedJourney {
  /** Outward miles priced (one decimal, as the quote's via_miles); null for an hourly hire. */
  miles: number | null;
  return_miles: number | null;
  /** Outward points in order, then the return's; an hourly hire's pickup alone. */
  points: PricedPoint[];
}

function pricedPoint(point: ResolvedPoint): PricedPoint {
  return {
    field: point.field,
    address: point.address,
    lat: point.lat,
    lng: point.lng,
    source: point.source,
    matched: point.matched,
    sent_location: point.location ?? null,
    sent_km: point.sentKm ?? null,
  };
}

/** True when the position priced is the browser's, which the server could not check. */
export function pricedAtUnplacedPosition(point: PricedPoint): boolean {
  return point.sent_location !== null && point.sent_km === null;
}

function oneDecimal(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/** A mileage journey: the outward route and the return's, if any. */
export function mileageJourney(outward: MeasuredRoute, back: MeasuredRoute | null): PricedJourney {
  return {
    miles: oneDecimal(outward.miles),
    return_miles: back ? oneDecimal(back.miles) : null,
    points: [...outward.points, ...(back?.points ?? [])].map(pricedPoint),
  };
}

/** An hourly hire: where it starts (the measured route is the pickup to itself). */
export function hourlyJourney(route: MeasuredRoute): PricedJourney {
  return { miles: null, return_miles: null, points: route.points.slice(0, 1).map(pricedPoint) };
}
