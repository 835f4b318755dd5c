import type { LatLng } from '../../domain/booking-form';

/** The spec's map widget is 200px high (section 2, Home). */
export const MAP_HEIGHT_PX = 200;

/** A place on the map: the address as typed, with coordinates when the form has them. */
export type MapPlace = { address: string; location?: LatLng | null };

export type RouteMapProps = {
  /** The GOOGLE_API_KEY setting; empty means no map at all. */
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
