import { KM_PER_MILE, haversineMiles } from '../../../domain/geo';
import {
  nearestPointOnRing,
  pointInPolygon,
  segmentCrossesPolyline,
  shareOfSegmentInsideCircle,
  shareOfSegmentInsidePolygon,
  shorterArcKm,
} from './plane-geometry';
import type { GeoPoint } from './plane-geometry';
import {
  CENTRAL_LONDON,
  ESTUARIES,
  INNER_LONDON_RADIUS_KM,
  M25_RING,
} from './road-network-features';

/**
 * The offline estimate of a road journey between two points: the straight line stretched by a
 * circuity factor, bent round the M25 or across an estuary bridge where the fastest real route
 * would be, and timed with a speed model that is slow in London and faster on long runs.
 *
 * How the constants were fitted: tests/server/fixtures/distance-routes.ts holds 28 UK journeys
 * with road distances (19 with driving times) read from route planners and travel pages. The
 * circuity knots were chosen by grid search (steps of 0.01–0.025) to keep the median absolute
 * distance error near 5 % while making the worst case as small as possible; the M25 factor is
 * not fitted but geometric (the real road's length over the drawn ring's). The speed constants
 * were then grid-searched against the published times with the distances fixed. Result: median
 * distance error 5.4 %, worst 13.1 %; median time error 14.3 %, worst 26.7 %. The shape the
 * data chose is plain enough to trust: town streets wander (1.2), 20–60 mile runs between
 * neighbouring towns are nearly straight (1.18), long journeys follow the motorway skeleton,
 * which rarely points straight at the destination (1.22–1.23).
 */
export interface RoadModelConstants {
  /**
   * Road miles per straight-line mile, as [straight-line miles, factor] knots in increasing
   * order; between knots the factor is interpolated on log distance, beyond them it is flat.
   */
  circuityKnots: [number, number][];
  /** Road miles per mile of the M25 polyline, which cuts the corners of the real road. */
  orbitalCircuity: number;
  /** Minutes added once per leg: leaving and reaching the kerb, junctions, lights. */
  terminalMinutes: number;
  /** Average speed outside London on a short leg (local roads). */
  openSpeedShortMph: number;
  /** Average speed outside London on a long leg (mostly motorway and dual carriageway). */
  openSpeedLongMph: number;
  /** Road miles over which the open-road speed moves from short to long. */
  openSpeedDecayMiles: number;
  /** Average speed inside the M25 but outside inner London. */
  outerLondonMph: number;
  /** Average speed inside inner London. */
  innerLondonMph: number;
  /** Average speed on the M25 itself. */
  orbitalMph: number;
  /** A point inside the M25 within this distance of it may join it (e.g. Heathrow). */
  orbitalAccessKm: number;
}

/** The fitted constants (see the comment at the top of this file for how). */
export const ROAD_MODEL: RoadModelConstants = {
  circuityKnots: [
    [5, 1.2],
    [20, 1.18],
    [60, 1.22],
    [200, 1.23],
  ],
  // The drawn ring is 109.8 miles; the M25 is 117 miles long.
  orbitalCircuity: 1.065,
  terminalMinutes: 8,
  openSpeedShortMph: 24,
  openSpeedLongMph: 52,
  openSpeedDecayMiles: 10,
  outerLondonMph: 25,
  innerLondonMph: 16,
  orbitalMph: 55,
  orbitalAccessKm: 6,
};

/** Legs shorter than this (about 16 m) are the same place: no distance, no time. */
const SAME_PLACE_MILES = 0.01;

/** Which way the model sent the journey; tests and logs use it. */
export type RoadRoute = 'direct' | 'orbital' | 'estuary-crossing';

export interface RoadEstimate {
  miles: number;
  minutes: number;
  route: RoadRoute;
}

/** A stretch of a candidate route: ordinary road along a straight line, or the M25. */
type Piece =
  { kind: 'road'; from: GeoPoint; to: GeoPoint } | { kind: 'orbital'; polylineKm: number };

/** Road miles per straight-line mile for a leg of `gcMiles`. */
export function circuity(gcMiles: number, c: RoadModelConstants = ROAD_MODEL): number {
  const knots = c.circuityKnots;
  const first = knots[0];
  const last = knots[knots.length - 1];
  if (!first || !last) return 1;
  if (gcMiles <= first[0]) return first[1];
  if (gcMiles >= last[0]) return last[1];
  for (let i = 0; i + 1 < knots.length; i++) {
    const [x0, y0] = knots[i] as [number, number];
    const [x1, y1] = knots[i + 1] as [number, number];
    if (gcMiles <= x1) {
      const t = Math.log(gcMiles / x0) / Math.log(x1 / x0);
      return y0 + (y1 - y0) * t;
    }
  }
  return last[1];
}

/** Average open-road speed for a piece of `roadMiles` outside London. */
export function openRoadSpeedMph(roadMiles: number, c: RoadModelConstants = ROAD_MODEL): number {
  return (
    c.openSpeedLongMph -
    (c.openSpeedLongMph - c.openSpeedShortMph) *
      Math.exp(-roadMiles / Math.max(c.openSpeedDecayMiles, 1e-9))
  );
}

/**
 * Minutes to drive `miles` of road that follows the straight line a→b, by the share of that line
 * in inner London, in the rest of the M25, and outside it.
 */
function roadMinutes(a: GeoPoint, b: GeoPoint, miles: number, c: RoadModelConstants): number {
  if (miles === 0) return 0;
  const inner = shareOfSegmentInsideCircle(a, b, CENTRAL_LONDON, INNER_LONDON_RADIUS_KM);
  const london = Math.max(inner, shareOfSegmentInsidePolygon(a, b, M25_RING));
  const hours =
    miles * (inner / c.innerLondonMph + (london - inner) / c.outerLondonMph) +
    (miles * (1 - london)) / openRoadSpeedMph(miles, c);
  return hours * 60;
}

/**
 * Miles and minutes of a candidate route. Ordinary road is stretched by the circuity of the
 * whole route's straight-line length, not of each piece: a journey bent through a bridge is
 * still one journey of that length, and per-piece factors would reward splitting it.
 */
function measureRoute(pieces: Piece[], route: RoadRoute, c: RoadModelConstants): RoadEstimate {
  const lineMiles = pieces.map((p) =>
    p.kind === 'road' ? haversineMiles(p.from, p.to) : p.polylineKm / KM_PER_MILE,
  );
  const factor = circuity(
    lineMiles.reduce((sum, m) => sum + m, 0),
    c,
  );
  let miles = 0;
  let minutes = c.terminalMinutes;
  pieces.forEach((piece, i) => {
    if (piece.kind === 'orbital') {
      const pieceMiles = (lineMiles[i] as number) * c.orbitalCircuity;
      miles += pieceMiles;
      minutes += (pieceMiles / c.orbitalMph) * 60;
    } else {
      const pieceMiles = (lineMiles[i] as number) * factor;
      miles += pieceMiles;
      minutes += roadMinutes(piece.from, piece.to, pieceMiles, c);
    }
  });
  return { miles, minutes, route };
}

/** Straight there, or, when the line crosses an estuary, via each of its crossings. */
function groundCandidates(a: GeoPoint, b: GeoPoint, c: RoadModelConstants): RoadEstimate[] {
  const estuary = ESTUARIES.find((e) => segmentCrossesPolyline(a, b, e.line));
  if (!estuary) return [measureRoute([{ kind: 'road', from: a, to: b }], 'direct', c)];
  return estuary.crossings.map(({ via }) => {
    // Enter the crossing from whichever end is on a's bank.
    const forward =
      haversineMiles(a, via[0] as GeoPoint) + haversineMiles(via.at(-1) as GeoPoint, b);
    const backward =
      haversineMiles(a, via.at(-1) as GeoPoint) + haversineMiles(via[0] as GeoPoint, b);
    const path = [a, ...(forward <= backward ? via : [...via].reverse()), b];
    const pieces: Piece[] = path
      .slice(1)
      .map((to, i) => ({ kind: 'road', from: path[i] as GeoPoint, to }));
    return measureRoute(pieces, 'estuary-crossing', c);
  });
}

/** Round the M25 from the nearest point to a to the nearest point to b, if both can join it. */
function orbitalCandidate(
  a: GeoPoint,
  b: GeoPoint,
  c: RoadModelConstants,
): RoadEstimate | undefined {
  const joinA = nearestPointOnRing(a, M25_RING);
  const joinB = nearestPointOnRing(b, M25_RING);
  const canJoin = (p: GeoPoint, join: { km: number }) =>
    !pointInPolygon(p, M25_RING) || join.km <= c.orbitalAccessKm;
  if (!canJoin(a, joinA) || !canJoin(b, joinB)) return undefined;
  return measureRoute(
    [
      { kind: 'road', from: a, to: joinA.at },
      { kind: 'orbital', polylineKm: shorterArcKm(M25_RING, joinA, joinB) },
      { kind: 'road', from: joinB.at, to: b },
    ],
    'orbital',
    c,
  );
}

/**
 * The estimated road distance and driving time between two points, by the fastest of the
 * candidate routes (as a route planner would choose). The same place gives zero.
 */
export function estimateRoadLeg(
  a: GeoPoint,
  b: GeoPoint,
  constants: RoadModelConstants = ROAD_MODEL,
): RoadEstimate {
  if (haversineMiles(a, b) < SAME_PLACE_MILES) return { miles: 0, minutes: 0, route: 'direct' };
  const candidates = groundCandidates(a, b, constants);
  const orbital = orbitalCandidate(a, b, constants);
  if (orbital) candidates.push(orbital);
  return candidates.reduce((best, next) => (next.minutes < best.minutes ? next : best));
}
