import type { FastifyBaseLogger } from 'fastify';
import { DistanceUnavailableError, UnresolvedAddressError } from './distance-provider';
import type {
  DistanceProvider,
  LegMeasure,
  MeasuredRoute,
  ResolvedPoint,
  RoutePoint,
} from './distance-provider';
import { checkSentLocation, ownPositionPoint, positionStandsAlone } from './location-tolerance';
import {
  durationSeconds,
  geocodedAt,
  googlePlacedKind,
  pointNamedInError,
  resolvedPoint,
  unresolvedPoint,
  type ComputeRoutesJson,
  type GoogleErrorJson,
} from './google-routes-answer';
import { roundLeg, toMeasuredRoute } from './measured-route';

/**
 * Road distances from Google's Routes API (directions/v2:computeRoutes), used when a server key
 * is configured. Addresses go to Google as typed (it geocodes them, biased to the UK by
 * regionCode), so the route measured is the one the booking names. Coordinates the browser
 * sent are checked against where Google placed the address (LOCATION_TOLERANCE_KM, by the
 * place types Google reports); they go as lat/lng waypoints only for the visitor's own
 * position (CURRENT_LOCATION_TEXT).
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

/** A point as Google receives it: its address, or its coordinates when `byLocation`. */
function waypoint(point: RoutePoint, byLocation: boolean): Waypoint {
  return byLocation && point.location
    ? { location: { latLng: { latitude: point.location.lat, longitude: point.location.lng } } }
    : { address: point.address };
}

/** What the provider's calls share: where and how to call, and where to log. */
interface GoogleRoutesClient {
  apiKey: string;
  url: string;
  doFetch: typeof fetch;
  timeoutMs: number;
  log: FastifyBaseLogger | undefined;
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
  const client: GoogleRoutesClient = {
    apiKey: options.apiKey,
    url: new URL('/directions/v2:computeRoutes', options.baseUrl).toString(),
    doFetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    log: options.logger,
  };
  return {
    name: 'google',
    async measure(points: RoutePoint[]): Promise<MeasuredRoute> {
      if (points.length < 2) throw new Error('A route needs at least two points');
      // Only the visitor's own position goes as coordinates; any other text is Google's to
      // place, and its coordinates are checked against that place.
      return measureOnce(client, points, points.map(positionStandsAlone));
    },
  };
}

/** The computeRoutes request; a network failure or timeout means Google is unavailable. */
async function call(
  client: GoogleRoutesClient,
  points: RoutePoint[],
  byLocation: boolean[],
): Promise<Response> {
  try {
    return await client.doFetch(client.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Goog-Api-Key': client.apiKey,
        'X-Goog-FieldMask': ROUTES_FIELD_MASK,
      },
      body: JSON.stringify({
        origin: waypoint(points[0] as RoutePoint, byLocation[0] ?? false),
        destination: waypoint(points.at(-1) as RoutePoint, byLocation.at(-1) ?? false),
        intermediates: points
          .slice(1, -1)
          .map((point, i) => waypoint(point, byLocation[i + 1] ?? false)),
        travelMode: 'DRIVE',
        routingPreference: 'TRAFFIC_UNAWARE',
        regionCode: 'GB',
        units: 'IMPERIAL',
      }),
      signal: AbortSignal.timeout(client.timeoutMs),
    });
  } catch (cause) {
    client.log?.warn({ err: cause }, 'Google Routes request failed');
    throw new DistanceUnavailableError({ cause });
  }
}

/** A refused request: the address Google names as unplaceable, else Google is unavailable. */
async function readError(
  { log }: GoogleRoutesClient,
  response: Response,
  points: RoutePoint[],
  byLocation: boolean[],
): Promise<never> {
  const body = (await response.json().catch(() => ({}))) as GoogleErrorJson;
  const status = body.error?.status ?? '';
  const message = body.error?.message ?? '';
  // 429 is quota, 5xx is Google's trouble: both pass, so the visitor may retry.
  if (response.status < 500 && response.status !== 429) {
    if (status === 'NOT_FOUND' || status === 'INVALID_ARGUMENT') {
      const point = pointNamedInError(message, points, byLocation);
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

/** One computeRoutes call, each point sent by address unless `byLocation` says otherwise. */
async function measureOnce(
  client: GoogleRoutesClient,
  points: RoutePoint[],
  byLocation: boolean[],
): Promise<MeasuredRoute> {
  const response = await call(client, points, byLocation);
  if (!response.ok) return readError(client, response, points, byLocation);
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
  let measures: LegMeasure[];
  let resolved: ResolvedPoint[];
  try {
    measures = legs.map((leg) =>
      roundLeg((leg.distanceMeters ?? 0) / METRES_PER_MILE, durationSeconds(leg.duration) / 60),
    );
    resolved = points.map((point, i) =>
      byLocation[i] && point.location
        ? ownPositionPoint(point, point.location)
        : resolvedPoint(point, i === 0 ? legs[0]?.startLocation : legs[i - 1]?.endLocation),
    );
  } catch (cause) {
    throw new DistanceUnavailableError({ cause });
  }
  // Outside the try: a refused position is the visitor's to fix, not Google's trouble.
  resolved.forEach((point, i) => {
    const location = point.location;
    if (byLocation[i] || !location) return;
    const kind = googlePlacedKind(geocodedAt(body, i, points.length)?.type);
    point.sentKm = checkSentLocation({ ...point, location }, point, kind);
  });
  return toMeasuredRoute(resolved, measures);
}
