import type { LatLng } from '../../domain/booking-form';

/**
 * The route sketch's flat projection: longitude and latitude scaled linearly, longitude
 * shrunk by the cosine of the view's middle latitude so Britain keeps its shape. Wrong by a
 * few per cent over a country, which a sketch can afford; no map library needed.
 */

/** Width and height of the sketch's drawing, in its own units (the SVG viewBox). */
export type SketchSize = { width: number; height: number };

/** A point of the drawing: x to the right, y down. */
export type SketchPoint = { x: number; y: number };

/** The least span of latitude shown (about 165 km), so a short ride still shows its coast. */
export const MIN_SPAN_DEGREES = 1.5;

/** The share of the view left around the places, so markers are not cut at the edge. */
const PADDING = 0.15;

/**
 * A view of the places: centred on them, as wide as they need with padding and at least
 * `minSpan` degrees of latitude (MIN_SPAN_DEGREES unless a closer view is wanted, as a job's
 * trail across a town), in the drawing's proportions. Returns the function that turns a place
 * into a point of the drawing.
 */
export function sketchView(
  places: readonly LatLng[],
  size: SketchSize,
  minSpan: number = MIN_SPAN_DEGREES,
): (place: LatLng) => SketchPoint {
  if (places.length === 0) throw new RangeError('A route sketch needs at least one place');
  const lats = places.map((place) => place.lat);
  const lngs = places.map((place) => place.lng);
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const midLat = (minLat + maxLat) / 2;
  const midLng = (Math.min(...lngs) + Math.max(...lngs)) / 2;
  const shrink = Math.cos((midLat * Math.PI) / 180);

  // Both spans in "latitude degrees", the unit the drawing is scaled in.
  const latSpan = (maxLat - minLat) * (1 + 2 * PADDING);
  const lngSpan = (Math.max(...lngs) - Math.min(...lngs)) * shrink * (1 + 2 * PADDING);
  const aspect = size.width / size.height;
  const span = Math.max(minSpan, latSpan, lngSpan / aspect);
  const scale = size.height / span;

  return (place) => ({
    x: size.width / 2 + (place.lng - midLng) * shrink * scale,
    y: size.height / 2 - (place.lat - midLat) * scale,
  });
}

/** An SVG path through the points, closed when asked (the coast) and open otherwise (the route). */
export function svgPath(points: readonly SketchPoint[], closed: boolean): string {
  const text = points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)} ${point.y.toFixed(1)}`)
    .join('');
  return closed ? `${text}Z` : text;
}
