import type { ResolvedPoint, RoutePoint } from './distance-provider';
import type { PlacedKind } from './location-tolerance';

/**
 * Reading a computeRoutes answer (google-routes-provider.ts): where Google placed each point,
 * what kind of place it found, which address it could not geocode, and its durations.
 */

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

export interface ComputeRoutesJson {
  routes?: { legs?: RouteLegJson[]; distanceMeters?: number; duration?: string }[];
  geocodingResults?: {
    origin?: GeocodedWaypointJson;
    destination?: GeocodedWaypointJson;
    intermediates?: GeocodedWaypointJson[];
  };
}

export interface GoogleErrorJson {
  error?: { code?: number; message?: string; status?: string };
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
export function geocodedAt(
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
export function durationSeconds(duration: string | undefined): number {
  if (duration === undefined) return 0;
  const match = /^(-?\d+(?:\.\d+)?)s$/.exec(duration);
  if (!match) throw new Error(`Unreadable duration "${duration}"`);
  return Number(match[1]);
}

function failedGeocode(status: GeocodedWaypointJson | undefined): boolean {
  return (status?.geocoderStatus?.code ?? 0) !== 0;
}

/** The request point whose address Google could not geocode, if the answer says. */
export function unresolvedPoint(
  body: ComputeRoutesJson,
  points: RoutePoint[],
): RoutePoint | undefined {
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
export function pointNamedInError(
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
export function resolvedPoint(point: RoutePoint, at: LatLngJson | undefined): ResolvedPoint {
  const lat = at?.latLng?.latitude;
  const lng = at?.latLng?.longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number') {
    throw new Error('Route leg without a location');
  }
  return { ...point, lat, lng, source: 'google', matched: point.address };
}
