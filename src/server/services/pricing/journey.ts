import { outwardLegExtras, returnLegExtras, stopAddress } from '../../../domain/booking-form';
import type {
  BookingForm,
  HourlyForm,
  LatLng,
  LegExtras,
  Stop,
} from '../../../domain/booking-form';
import { holidayRegionAt } from '../../../domain/geo';
import { zonesContaining } from '../../../domain/fares';
import type { PricingLeg } from '../../../domain/pricing';
import type { Zone } from '../../../domain/pricing-model';
import { formTimeToUtc } from '../../../domain/uk-time';
import { londonDateAndMinuteFast, londonWallClockToUtcFast } from '../../lib/uk-clock';
import type { MeasuredRoute, ResolvedPoint, RoutePoint } from '../distance/distance-provider';

/**
 * From a parsed form to what the distance provider measures and what the pricing prices:
 * route points named by the request field they came from, and one pricing leg per journey.
 */

/** The instant a form's UK date, 12-hour hour ('3pm') and minute ('05') name (domain formTimeToUtc). */
export function ukInstant(date: string, hour12: string, minute: string): Date {
  return formTimeToUtc(date, hour12, minute, londonWallClockToUtcFast);
}

/** The fields of a one-way journey, as the booking form and POST /calculate-distance name them. */
export interface OutwardFields {
  pickup: string;
  dropoff: string;
  pickup_location?: LatLng | null;
  dropoff_location?: LatLng | null;
  stops: Stop[];
}

/** Pickup, each extra stop that holds an address or coordinates, then the drop-off. */
export function outwardRoute(form: OutwardFields): RoutePoint[] {
  const stops: RoutePoint[] = form.stops.flatMap((stop, i) => {
    const address = stopAddress(stop);
    // The form keeps an empty row until the visitor fills it; it is not a place to stop at.
    if (address === '' && !stop.location) return [];
    return [{ field: `stops.${i}`, address, location: stop.location ?? null }];
  });
  return [
    { field: 'pickup', address: form.pickup, location: form.pickup_location ?? null },
    ...stops,
    { field: 'dropoff', address: form.dropoff, location: form.dropoff_location ?? null },
  ];
}

/**
 * The return journey, or null for one way. A return pickup the form filled in from the
 * drop-off (or drop-off from the pickup) borrows that point's coordinates too.
 */
export function returnRoute(form: BookingForm): RoutePoint[] | null {
  if (form.select_option !== 'return') return null;
  const pickupLocation =
    form.return_pickup_location ??
    (form.return_pickup === form.dropoff ? form.dropoff_location : null);
  const dropoffLocation =
    form.return_dropoff_location ??
    (form.return_dropoff === form.pickup ? form.pickup_location : null);
  return [
    { field: 'return_pickup', address: form.return_pickup, location: pickupLocation ?? null },
    { field: 'return_dropoff', address: form.return_dropoff, location: dropoffLocation ?? null },
  ];
}

/** The hourly hire's one point: where the driver starts. */
export function hourlyPoint(form: HourlyForm): RoutePoint {
  return { field: 'pickup', address: form.pickup, location: form.pickup_location ?? null };
}

/** Every address a form names (pickup, stops, drop-off, return), for the banned-address rule. */
export function formAddresses(form: BookingForm): string[] {
  return [...outwardRoute(form), ...(returnRoute(form) ?? [])].map((point) => point.address);
}

/** Kilometres per radian of latitude, rounded down from geo.ts's Earth radius (6371.0088). */
const KM_PER_RADIAN_AT_MOST = 6371;
/** Far above the haversine's rounding error, far below any zone's size. */
const ZONE_MARGIN_KM = 1e-6;

/**
 * The zones containing a point, exactly as zonesContaining answers, without measuring the
 * great-circle distance to zones that are too far north or south to contain it: that distance
 * is never less than the latitude difference alone (Earth radius times its radians).
 */
export function zonesAt(zones: Zone[], point: { lat: number; lng: number }): Zone[] {
  const near = zones.filter((zone) => {
    const degrees = Math.abs(zone.lat - point.lat);
    // The bound holds up to half a turn; anything else (or NaN) is left to zonesContaining.
    const tooFar =
      degrees <= 180 &&
      (degrees * Math.PI * KM_PER_RADIAN_AT_MOST) / 180 > zone.radiusKm + ZONE_MARGIN_KM;
    return !tooFar;
  });
  return zonesContaining(near, point);
}

/**
 * Whether a point is at an airport: in an airport zone, or placed as an airport or terminal.
 * `zonesAtPoint` are the zones containing the point (zonesContaining).
 */
function isAirportPickup(point: ResolvedPoint, zonesAtPoint: Zone[]): boolean {
  // A zone covers coordinates from the browser too; the gazetteer's kind covers the smaller
  // airports that have no zone of their own.
  return (
    point.source === 'airport' ||
    point.source === 'terminal' ||
    zonesAtPoint.some((zone) => zone.isAirport)
  );
}

/** One measured journey as a pricing leg, starting at `start`. */
export function pricingLeg(options: {
  kind: PricingLeg['kind'];
  route: MeasuredRoute;
  start: Date;
  extras: LegExtras;
  zones: Zone[];
}): PricingLeg {
  const { route, zones } = options;
  const first = route.points[0];
  const last = route.points.at(-1);
  if (!first || !last) throw new RangeError('A measured route has at least one point');
  const { date, minuteOfDay } = londonDateAndMinuteFast(options.start);
  const fromZones = zonesAt(zones, first);
  return {
    kind: options.kind,
    miles: route.miles,
    fromZoneIds: fromZones.map((zone) => zone.id),
    toZoneIds: zonesAt(zones, last).map((zone) => zone.id),
    // Stops change the route, so zone-to-zone fixed fares apply only without them.
    direct: route.points.length <= 2,
    pickupIsAirport: isAirportPickup(first, fromZones),
    date,
    minuteOfDay,
    // The calendar where the ride starts decides whether it is a bank holiday.
    region: holidayRegionAt(first),
    extras: options.extras,
  };
}

/** The legs' extras for a mileage form: the outward's, and the return's under return_ names. */
export function legExtras(form: BookingForm): { outward: LegExtras; return: LegExtras } {
  return { outward: outwardLegExtras(form), return: returnLegExtras(form) };
}
