import type { FastifyBaseLogger } from 'fastify';
import { DistanceUnavailableError, UnresolvedAddressError } from './distance-provider';
import type {
  DistanceProvider,
  LegMeasure,
  MeasuredRoute,
  ResolvedPoint,
  RoutePoint,
} from './distance-provider';
import { roundLeg, toMeasuredRoute } from './measured-route';

/**
 * Road distances from Google's Routes API (directions/v2:computeRoutes), used when a server key
 * is configured. Addresses go to Google as typed (it geocodes them, biased to the UK by
 * regionCode); coordinates the browser sent go as lat/lng waypoints.
 */

const METRES_PER_MILE = 1609.344;

/** Only what we read: legs and totals, and which address failed to geocode. */
export const ROUTES_FIELD_MASK = [
  'routes.distanceMeters',
  'routes.duration',
  'routes.legs.distanceMeters',
  'routes.legs.duration',
  'routes.legs.startLocation',
  'routes.legs.endLocation',
  'geocodingResults',
].join(',');

/** Long enough for a slow answer, short enough that a quote page does not hang. */
const DEFAULT_TIMEOUT_MS = 8000;

type Waypoint =
  { address: string } | { location: { latLng: { latitude: number; longitude: number } } };

interface LatLngJson {
  latLng?: { latitude?: number; longitude?: number };
}

interface RouteLegJson {
  distanceMeters?: number;
  duration?: string;
  startLocation?: LatLngJson;
  endLocation?: LatLngJson;
}

interface GeocodedWaypointJson {
  geocoderStatus?: { code?: number; message?: string };
  intermediateWaypointRequestIndex?: number;
}

interface ComputeRoutesJson {
  routes?: { legs?: RouteLegJson[]; distanceMeters?: number; duration?: string }[];
  geocodingResults?: {
    origin?: GeocodedWaypointJson;
    destination?: GeocodedWaypointJson;
    intermediates?: GeocodedWaypointJson[];
  };
}

interface GoogleErrorJson {
  error?: { code?: number; message?: string; status?: string };
}

function waypoint(point: RoutePoint): Waypoint {
  return point.location
    ? { location: { latLng: { latitude: point.location.lat, longitude: point.location.lng } } }
    : { address: point.address };
}

/** "1234s" or "1234.5s" (protobuf Duration in JSON); proto3 omits zero values entirely. */
function durationSeconds(duration: string | undefined): number {
  if (duration === undefined) return 0;
  const match = /^(-?\d+(?:\.\d+)?)s$/.exec(duration);
  if (!match) throw new Error(`Unreadable duration "${duration}"`);
  return Number(match[1]);
}

function failedGeocode(status: GeocodedWaypointJson | undefined): boolean {
  return (status?.geocoderStatus?.code ?? 0) !== 0;
}

/** The request point whose address Google could not geocode, if the answer says. */
function unresolvedPoint(body: ComputeRoutesJson, points: RoutePoint[]): RoutePoint | undefined {
  const results = body.geocodingResults;
  if (!results) return undefined;
  if (failedGeocode(results.origin)) return points[0];
  const intermediate = results.intermediates?.find(failedGeocode);
  if (intermediate) return points[1 + (intermediate.intermediateWaypointRequestIndex ?? 0)];
  if (failedGeocode(results.destination)) return points.at(-1);
  return undefined;
}

/**
 * The waypoint a 4xx error message names ("origin", "destination", "intermediates[1]"), or the
 * only address among coordinates; undefined when the message does not say.
 */
function pointNamedInError(message: string, points: RoutePoint[]): RoutePoint | undefined {
  const intermediate = /intermediates?\W*(?:\[|at index |index )?(\d+)/i.exec(message);
  if (intermediate) return points[1 + Number(intermediate[1])];
  if (/\borigin\b/i.test(message)) return points[0];
  if (/\bdestination\b/i.test(message)) return points.at(-1);
  const addresses = points.filter((p) => !p.location);
  return addresses.length === 1 ? addresses[0] : undefined;
}

function resolvedPoint(point: RoutePoint, at: LatLngJson | undefined): ResolvedPoint {
  if (point.location) {
    return {
      ...point,
      lat: point.location.lat,
      lng: point.location.lng,
      source: 'browser',
      matched: point.address,
    };
  }
  const lat = at?.latLng?.latitude;
  const lng = at?.latLng?.longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number') {
    throw new Error('Route leg without a location');
  }
  return { ...point, lat, lng, source: 'google', matched: point.address };
}

/** Measures routes with one computeRoutes call each (legs come back per stop). */
export function createGoogleRoutesProvider(options: {
  apiKey: string;
  /** e.g. https://routes.googleapis.com; tests point it at a local server. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  logger?: FastifyBaseLogger;
}): DistanceProvider {
  const doFetch = options.fetch ?? fetch;
  const url = new URL('/directions/v2:computeRoutes', options.baseUrl).toString();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = options.logger;

  async function call(points: RoutePoint[]): Promise<Response> {
    try {
      return await doFetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Goog-Api-Key': options.apiKey,
          'X-Goog-FieldMask': ROUTES_FIELD_MASK,
        },
        body: JSON.stringify({
          origin: waypoint(points[0] as RoutePoint),
          destination: waypoint(points.at(-1) as RoutePoint),
          intermediates: points.slice(1, -1).map(waypoint),
          travelMode: 'DRIVE',
          routingPreference: 'TRAFFIC_UNAWARE',
          regionCode: 'GB',
          units: 'IMPERIAL',
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      log?.warn({ err: cause }, 'Google Routes request failed');
      throw new DistanceUnavailableError({ cause });
    }
  }

  async function readError(response: Response, points: RoutePoint[]): Promise<never> {
    const body = (await response.json().catch(() => ({}))) as GoogleErrorJson;
    const status = body.error?.status ?? '';
    const message = body.error?.message ?? '';
    // 429 is quota, 5xx is Google's trouble: both pass, so the visitor may retry.
    if (response.status < 500 && response.status !== 429) {
      if (status === 'NOT_FOUND' || status === 'INVALID_ARGUMENT') {
        const point = pointNamedInError(message, points);
        if (point) throw new UnresolvedAddressError(point.field, point.address);
      }
      // A bad key or a malformed request is ours to fix, not the visitor's.
      log?.error(
        { status: response.status, googleStatus: status, message },
        'Google Routes refused the request',
      );
    } else {
      log?.warn({ status: response.status, googleStatus: status }, 'Google Routes unavailable');
    }
    throw new DistanceUnavailableError({
      cause: new Error(`${response.status} ${status} ${message}`),
    });
  }

  return {
    name: 'google',
    async measure(points: RoutePoint[]): Promise<MeasuredRoute> {
      if (points.length < 2) throw new Error('A route needs at least two points');
      const response = await call(points);
      if (!response.ok) return readError(response, points);
      let body: ComputeRoutesJson;
      try {
        body = (await response.json()) as ComputeRoutesJson;
      } catch (cause) {
        throw new DistanceUnavailableError({ cause });
      }
      const unresolved = unresolvedPoint(body, points);
      if (unresolved) throw new UnresolvedAddressError(unresolved.field, unresolved.address);
      const legs = body.routes?.[0]?.legs;
      if (!legs || legs.length === 0) {
        // Both ends geocoded but no road joins them (an island without a car ferry): the
        // destination cannot be reached, which is the passenger's to change, not to retry.
        const last = points.at(-1) as RoutePoint;
        throw new UnresolvedAddressError(last.field, last.address);
      }
      if (legs.length !== points.length - 1) {
        throw new DistanceUnavailableError({
          cause: new Error(`Expected ${points.length - 1} legs, got ${legs.length}`),
        });
      }
      try {
        const measures: LegMeasure[] = legs.map((leg) =>
          roundLeg((leg.distanceMeters ?? 0) / METRES_PER_MILE, durationSeconds(leg.duration) / 60),
        );
        const resolved = points.map((point, i) =>
          resolvedPoint(point, i === 0 ? legs[0]?.startLocation : legs[i - 1]?.endLocation),
        );
        return toMeasuredRoute(resolved, measures);
      } catch (cause) {
        throw new DistanceUnavailableError({ cause });
      }
    },
  };
}
