import type { LatLng } from '../../domain/booking-form';

/** The spec's map widget is 200px high (section 2, Home). */
export const MAP_HEIGHT_PX = 200;

/**
 * A place on the map: the address as typed, with coordinates when the form has them and where
 * the server placed it for the quote (what the route sketch draws without Google).
 */
export type MapPlace = { address: string; location?: LatLng | null; placed?: LatLng | null };

export type RouteMapProps = {
  /** The GOOGLE_API_KEY setting; empty means the offline route sketch instead of Google's map. */
  apiKey: string | undefined;
  /** 'route': the driving route pickup to drop-off through the stops (mileage bookings).
   *  'pickup': a marker at the pickup (hourly bookings). */
  mode: 'route' | 'pickup';
  pickup: MapPlace;
  dropoff?: MapPlace;
  stops?: readonly MapPlace[];
  /** Names the map for assistive technology. */
  label?: string;
};
