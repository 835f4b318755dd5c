import type { LatLng } from '../../domain/booking-form';

/**
 * A map of live points (issue 34): the passenger's car, the console's drivers, a job's trail.
 * Google's map with markers when the GOOGLE_API_KEY setting holds a key and the device is
 * online; otherwise the points on the route sketch's outline of Great Britain.
 */

/** How a point is drawn: a car where it is now (or was last seen), a trail's ends. */
export type MapPointKind = 'car' | 'stale' | 'start' | 'end';

export type MapPoint = {
  /** Stable across updates (a driver's id), so a marker moves rather than being replaced. */
  id: string;
  lat: number;
  lng: number;
  /** Who or what it is, written beside the point on the sketch and as the marker's title. */
  label: string;
  /** One to three characters drawn inside the point ("A", "JO"). */
  short: string;
  kind: MapPointKind;
};

export type PointsMapProps = {
  /** The GOOGLE_API_KEY setting; empty means the sketch. */
  apiKey: string | undefined;
  points: readonly MapPoint[];
  /** A line through these places, oldest first (a trail); none by default. */
  path?: readonly LatLng[];
  /** Names the map for assistive technology. */
  label: string;
  /** What a screen reader hears instead of the sketch's drawing: the points in words. */
  description: string;
  /** Pixels; 240 by default. */
  height?: number;
  /**
   * The least span of latitude the sketch shows, in degrees: the whole country's scale by
   * default (sketchView), smaller for a trail across a town.
   */
  minSpanDegrees?: number;
  /** Write each point's label beside it on the sketch (the console's drivers). */
  namePoints?: boolean;
};

/** The map's height unless a screen says otherwise. */
export const POINTS_MAP_HEIGHT_PX = 240;

/** Fill colours of the points; each is dark enough for white text on it (WCAG AA). */
export const POINT_COLOURS: Record<MapPointKind, string> = {
  car: '#1e3a8a',
  stale: '#4b5563',
  start: '#15803d',
  end: '#b91c1c',
};
