import { haversineKm } from '../../../domain/geo';

/**
 * Flat-earth geometry for the road model's map features (a ring road, estuaries). Each feature
 * is a few tens of kilometres across, so an equirectangular projection about its own latitude
 * is accurate to well under one per cent there, which is all that deciding "does this straight
 * line cross the estuary" needs. Lengths that are reported use the haversine distance.
 */

/** A point on the map, WGS84 degrees. */
export interface GeoPoint {
  lat: number;
  lng: number;
}

interface Xy {
  x: number;
  y: number;
}

const KM_PER_DEGREE = 111.195;

/** Projects to kilometres east (x) and north (y) of the origin, scaled at `refLat`. */
function project(point: GeoPoint, refLat: number): Xy {
  return {
    x: point.lng * KM_PER_DEGREE * Math.cos((refLat * Math.PI) / 180),
    y: point.lat * KM_PER_DEGREE,
  };
}

function unproject(point: Xy, refLat: number): GeoPoint {
  return {
    lat: point.y / KM_PER_DEGREE,
    lng: point.x / (KM_PER_DEGREE * Math.cos((refLat * Math.PI) / 180)),
  };
}

function cross(o: Xy, a: Xy, b: Xy): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/**
 * Where segment a→b meets segment c→d, as the fraction along a→b (0..1), or undefined when they
 * do not meet. Touching at an end counts; collinear overlaps do not (they never arise from real
 * coordinates, and treating them as misses is the safe side: no detour is invented).
 */
function intersectionParameter(a: Xy, b: Xy, c: Xy, d: Xy): number | undefined {
  const denominator = (b.x - a.x) * (d.y - c.y) - (b.y - a.y) * (d.x - c.x);
  if (denominator === 0) return undefined;
  const t = ((c.x - a.x) * (d.y - c.y) - (c.y - a.y) * (d.x - c.x)) / denominator;
  const u = ((c.x - a.x) * (b.y - a.y) - (c.y - a.y) * (b.x - a.x)) / denominator;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : undefined;
}

/** Whether the straight segment a→b crosses the open polyline `line`. */
export function segmentCrossesPolyline(a: GeoPoint, b: GeoPoint, line: GeoPoint[]): boolean {
  const refLat = line[0]?.lat ?? a.lat;
  const pa = project(a, refLat);
  const pb = project(b, refLat);
  for (let i = 0; i + 1 < line.length; i++) {
    const c = project(line[i] as GeoPoint, refLat);
    const d = project(line[i + 1] as GeoPoint, refLat);
    // Quick reject on the side tests before solving.
    if (Math.sign(cross(pa, pb, c)) === Math.sign(cross(pa, pb, d)) && cross(pa, pb, c) !== 0) {
      continue;
    }
    if (intersectionParameter(pa, pb, c, d) !== undefined) return true;
  }
  return false;
}

/** Even-odd test: whether `point` lies inside the closed polygon `ring`. */
export function pointInPolygon(point: GeoPoint, ring: GeoPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const pi = ring[i] as GeoPoint;
    const pj = ring[j] as GeoPoint;
    const crosses =
      pi.lat > point.lat !== pj.lat > point.lat &&
      point.lng < ((pj.lng - pi.lng) * (point.lat - pi.lat)) / (pj.lat - pi.lat) + pi.lng;
    if (crosses) inside = !inside;
  }
  return inside;
}

/**
 * The share (0..1) of the straight segment a→b that lies inside the closed polygon `ring`:
 * the segment is cut where it crosses the boundary and each piece is tested at its middle.
 */
export function shareOfSegmentInsidePolygon(a: GeoPoint, b: GeoPoint, ring: GeoPoint[]): number {
  const refLat = ring[0]?.lat ?? a.lat;
  const pa = project(a, refLat);
  const pb = project(b, refLat);
  const cuts = [0, 1];
  for (let i = 0; i < ring.length; i++) {
    const c = project(ring[i] as GeoPoint, refLat);
    const d = project(ring[(i + 1) % ring.length] as GeoPoint, refLat);
    const t = intersectionParameter(pa, pb, c, d);
    if (t !== undefined) cuts.push(t);
  }
  cuts.sort((x, y) => x - y);
  let share = 0;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = cuts[i] as number;
    const to = cuts[i + 1] as number;
    if (to - from <= 0) continue;
    const middle = unproject(
      {
        x: pa.x + (pb.x - pa.x) * ((from + to) / 2),
        y: pa.y + (pb.y - pa.y) * ((from + to) / 2),
      },
      refLat,
    );
    if (pointInPolygon(middle, ring)) share += to - from;
  }
  return share;
}

/** The share (0..1) of the straight segment a→b within `radiusKm` of `centre`. */
export function shareOfSegmentInsideCircle(
  a: GeoPoint,
  b: GeoPoint,
  centre: GeoPoint,
  radiusKm: number,
): number {
  const refLat = centre.lat;
  const o = project(centre, refLat);
  const pa = project(a, refLat);
  const pb = project(b, refLat);
  const dx = pb.x - pa.x;
  const dy = pb.y - pa.y;
  const fx = pa.x - o.x;
  const fy = pa.y - o.y;
  const qa = dx * dx + dy * dy;
  if (qa === 0) return Math.hypot(fx, fy) <= radiusKm ? 1 : 0;
  const qb = 2 * (fx * dx + fy * dy);
  const qc = fx * fx + fy * fy - radiusKm * radiusKm;
  const discriminant = qb * qb - 4 * qa * qc;
  if (discriminant <= 0) return 0;
  const root = Math.sqrt(discriminant);
  const t1 = Math.max(0, (-qb - root) / (2 * qa));
  const t2 = Math.min(1, (-qb + root) / (2 * qa));
  return Math.max(0, t2 - t1);
}

/** The nearest point to `point` on the closed polygon's boundary, with the edge it lies on. */
export function nearestPointOnRing(
  point: GeoPoint,
  ring: GeoPoint[],
): { at: GeoPoint; edge: number; fraction: number; km: number } {
  const refLat = ring[0]?.lat ?? point.lat;
  const p = project(point, refLat);
  let best = { at: ring[0] as GeoPoint, edge: 0, fraction: 0, km: Number.POSITIVE_INFINITY };
  for (let i = 0; i < ring.length; i++) {
    const c = project(ring[i] as GeoPoint, refLat);
    const d = project(ring[(i + 1) % ring.length] as GeoPoint, refLat);
    const dx = d.x - c.x;
    const dy = d.y - c.y;
    const lengthSquared = dx * dx + dy * dy;
    const t =
      lengthSquared === 0
        ? 0
        : Math.min(1, Math.max(0, ((p.x - c.x) * dx + (p.y - c.y) * dy) / lengthSquared));
    const q = { x: c.x + dx * t, y: c.y + dy * t };
    const km = Math.hypot(p.x - q.x, p.y - q.y);
    if (km < best.km) best = { at: unproject(q, refLat), edge: i, fraction: t, km };
  }
  return best;
}

/**
 * The length in km of the shorter way round the closed polygon between two boundary points,
 * each given as an edge index and the fraction along that edge.
 */
export function shorterArcKm(
  ring: GeoPoint[],
  from: { edge: number; fraction: number },
  to: { edge: number; fraction: number },
): number {
  const edgeKm = ring.map((p, i) => haversineKm(p, ring[(i + 1) % ring.length] as GeoPoint));
  const perimeter = edgeKm.reduce((sum, km) => sum + km, 0);
  const position = (at: { edge: number; fraction: number }) =>
    edgeKm.slice(0, at.edge).reduce((sum, km) => sum + km, 0) +
    (edgeKm[at.edge] as number) * at.fraction;
  const forward = Math.abs(position(to) - position(from));
  return Math.min(forward, perimeter - forward);
}
