import type { HolidayRegion } from './pricing-model';

/** Mean Earth radius used by the haversine formula, in kilometres. */
const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_MILE = 1.609344;

/** Great-circle distance between two points, in kilometres. */
export function haversineKm(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle distance in miles. */
export function haversineMiles(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  return haversineKm(a, b) / KM_PER_MILE;
}

/**
 * Which bank-holiday calendar applies at a point. The England–Scotland border runs roughly
 * from the Solway Firth (54.97 N, 3.05 W) to Berwick-upon-Tweed (55.80 N, 2.03 W); north-west of
 * that line is Scotland. Good to a few kilometres at the border, which is enough to pick a
 * holiday calendar; Northern Ireland is outside the service area and uses England and Wales'.
 */
export function holidayRegionAt(point: { lat: number; lng: number }): HolidayRegion {
  const west = { lat: 54.97, lng: -3.05 };
  const east = { lat: 55.8, lng: -2.03 };
  if (point.lat >= east.lat) return 'scotland';
  if (point.lat < west.lat) return 'england-and-wales';
  // Latitude of the border line at this longitude; points above it are in Scotland.
  const t = (point.lng - west.lng) / (east.lng - west.lng);
  const borderLat = west.lat + t * (east.lat - west.lat);
  return point.lat > borderLat || point.lng < west.lng ? 'scotland' : 'england-and-wales';
}
