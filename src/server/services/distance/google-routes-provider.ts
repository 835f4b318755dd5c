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
import type { PlacedKind } from './location-tolerance';
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
  /** Google place types of the geocoded address, e.g. ['airport', 'establishment']. */
  type?: string[];
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

/** A point as Google receives it: its address, or its coordinates when `byLocation`. */
function waypoint(point: RoutePoint, byLocation: boolean): Waypoint {
  return byLocation && point.location
    ? { location: { latLng: { latitude: point.location.lat, longitude: point.location.lng } } }
    : { address: point.address };
}

/** Station-like Google types: a building, as a station in the gazetteer. */
const STATION_TYPES = ['train_station', 'transit_station', 'subway_station', 'bus_station'];
/** Types of one address or building, as precise as a full postcode. */
const PRECISE_TYPES = [
  'street_address',
  'premise',
  'subpremise',
  'postal_code',
  'establishment',
  'point_of_interest',
];
/** A street, district or postal town: about a town's size. */
const TOWN_TYPES = ['route', 'sublocality', 'neighborhood', 'postal_town'];

/**
 * The gazetteer kind whose size matches what Google geocoded, for LOCATION_TOLERANCE_KM. A
 * locality, or a type not listed, gets the widest (a city), so a real address is not refused.
 */
export function googlePlacedKind(types: readonly string[] | undefined): PlacedKind {
  const any = (list: readonly string[]) => list.some((type) => types?.includes(type));
  if (any(['airport'])) return 'airport';
  if (any(STATION_TYPES)) return 'station';
  // An outward code ("SW1A") is a district, though Google also calls it a postal code.
  if (any(['postal_code_prefix'])) return 'outcode';
  if (any(PRECISE_TYPES)) return 'postcode';
  if (any(TOWN_TYPES)) return 'town';
  return 'city';
}

/** The geocoding result of waypoint `index` of `count` (origin, intermediates, destination). */
function geocodedAt(
  body: ComputeRoutesJson,
  index: number,
  count: number,
): GeocodedWaypointJson | undefined {
  const results = body.geocodingResults;
  if (index === 0) return results?.origin;
  if (index === count - 1) return results?.destination;
  return results?.intermediates?.find(
    (r) => (r.intermediateWaypointRequestIndex ?? 0) === index - 1,
  );
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
function pointNamedInError(
  message: string,
  points: RoutePoint[],
  byLocation: boolean[],
): RoutePoint | undefined {
  const intermediate = /intermediates?\W*(?:\[|at index |index )?(\d+)/i.exec(message);
  if (intermediate) return points[1 + Number(intermediate[1])];
  if (/\borigin\b/i.test(message)) return points[0];
  if (/\bdestination\b/i.test(message)) return points.at(-1);
  const addresses = points.filter((_, i) => !byLocation[i]);
  return addresses.length === 1 ? addresses[0] : undefined;
}

/** Where Google placed a point sent by address. */
function resolvedPoint(point: RoutePoint, at: LatLngJson | undefined): ResolvedPoint {
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

  async function call(points: RoutePoint[], byLocation: boolean[]): Promise<Response> {
    try {
      return await doFetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Goog-Api-Key': options.apiKey,
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
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      log?.warn({ err: cause }, 'Google Routes request failed');
      throw new DistanceUnavailableError({ cause });
    }
  }

  async function readError(
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
  async function measureOnce(points: RoutePoint[], byLocation: boolean[]): Promise<MeasuredRoute> {
    const response = await call(points, byLocation);
    if (!response.ok) return readError(response, points, byLocation);
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

  return {
    name: 'google',
    async measure(points: RoutePoint[]): Promise<MeasuredRoute> {
      if (points.length < 2) throw new Error('A route needs at least two points');
      // Only the visitor's own position goes as coordinates; any other text is Google's to
      // place, and its coordinates are checked against that place.
      return measureOnce(points, points.map(positionStandsAlone));
    },
  };
}
