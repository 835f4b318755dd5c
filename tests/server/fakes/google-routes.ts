import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { haversineKm } from '../../../src/domain/geo';

/**
 * A local HTTP server speaking the part of Google's Routes API the distance provider uses:
 * POST /directions/v2:computeRoutes with address or lat/lng waypoints, answering legs with
 * start and end locations, and `geocodingResults` with each address's place types or a
 * NOT_FOUND geocoder status, as routes.googleapis.com does. It geocodes from a small table.
 * It also answers the Geocoding API's reverse lookup, GET /maps/api/geocode/json?latlng=&key=,
 * as maps.googleapis.com does (HTTP 200 with `status`), from a table of addresses.
 */

export interface FakePlace {
  lat: number;
  lng: number;
  /** Google place types, e.g. ['airport', 'establishment']. */
  types: string[];
}

interface WaypointJson {
  address?: string;
  location?: { latLng?: { latitude?: number; longitude?: number } };
}

interface ComputeRoutesBody {
  origin: WaypointJson;
  destination: WaypointJson;
  intermediates?: WaypointJson[];
}

/** Road distance as the fake reports it: a fixed detour over the straight line. */
const ROAD_FACTOR = 1.25;
/** An average speed for durations, metres per second (about 40 mph). */
const METRES_PER_SECOND = 18;

/** An address the fake's reverse geocoder knows, at its position. */
export interface FakeAddress {
  lat: number;
  lng: number;
  formatted_address: string;
  /** ISO country code of the address, e.g. 'GB' or 'FR'. */
  country: string;
  types: string[];
}

/** How near (km) a position must be to a known address for the fake to name it. */
const REVERSE_REACH_KM = 1;

export async function startFakeGoogleRoutes(
  places: Record<string, FakePlace>,
  addresses: FakeAddress[] = [],
): Promise<{
  baseUrl: string;
  requests: ComputeRoutesBody[];
  /** The query strings of the reverse-geocoding calls, in order. */
  geocodeQueries: URLSearchParams[];
  close(): Promise<void>;
}> {
  const requests: ComputeRoutesBody[] = [];
  const geocodeQueries: URLSearchParams[] = [];

  function reverseGeocode(query: URLSearchParams, res: ServerResponse): void {
    geocodeQueries.push(query);
    if (!query.get('key')) {
      sendJson(res, 200, {
        error_message: 'You must use an API key to authenticate each request.',
        results: [],
        status: 'REQUEST_DENIED',
      });
      return;
    }
    const [lat, lng] = (query.get('latlng') ?? '').split(',').map(Number);
    const at = { lat: lat ?? NaN, lng: lng ?? NaN };
    if (!Number.isFinite(at.lat) || !Number.isFinite(at.lng)) {
      sendJson(res, 200, {
        error_message: 'Invalid request.',
        results: [],
        status: 'INVALID_REQUEST',
      });
      return;
    }
    const found = addresses
      .map((a) => ({ a, km: haversineKm(a, at) }))
      .filter(({ km }) => km <= REVERSE_REACH_KM)
      .sort((x, y) => x.km - y.km)
      .map(({ a }) => ({
        address_components: [
          { long_name: a.country, short_name: a.country, types: ['country', 'political'] },
        ],
        formatted_address: a.formatted_address,
        geometry: { location: { lat: a.lat, lng: a.lng }, location_type: 'ROOFTOP' },
        place_id: `fake-${a.formatted_address}`,
        types: a.types,
      }));
    sendJson(res, 200, { results: found, status: found.length > 0 ? 'OK' : 'ZERO_RESULTS' });
  }

  function place(waypoint: WaypointJson): { lat: number; lng: number; types?: string[] } | null {
    if (waypoint.address !== undefined) return places[waypoint.address] ?? null;
    const latLng = waypoint.location?.latLng;
    return { lat: latLng?.latitude ?? 0, lng: latLng?.longitude ?? 0 };
  }

  function geocoded(waypoint: WaypointJson, index?: number) {
    if (waypoint.address === undefined) return undefined;
    const found = places[waypoint.address];
    const at = index === undefined ? {} : { intermediateWaypointRequestIndex: index };
    return found
      ? { geocoderStatus: {}, type: found.types, placeId: `fake-${waypoint.address}`, ...at }
      : { geocoderStatus: { code: 5, message: 'NOT_FOUND' }, ...at };
  }

  function answer(body: ComputeRoutesBody, res: ServerResponse): void {
    const waypoints = [body.origin, ...(body.intermediates ?? []), body.destination];
    const placed = waypoints.map(place);
    const geocodingResults = {
      origin: geocoded(body.origin),
      destination: geocoded(body.destination),
      intermediates: (body.intermediates ?? [])
        .map((w, i) => geocoded(w, i))
        .filter((g) => g !== undefined),
    };
    if (placed.some((p) => p === null)) {
      // Google answers 200 with the failed geocode and no route.
      sendJson(res, 200, { geocodingResults });
      return;
    }
    const points = placed as { lat: number; lng: number }[];
    const location = (p: { lat: number; lng: number }) => ({
      latLng: { latitude: p.lat, longitude: p.lng },
    });
    const legs = points.slice(1).map((to, i) => {
      const from = points[i] as { lat: number; lng: number };
      const meters = Math.round(haversineKm(from, to) * 1000 * ROAD_FACTOR);
      return {
        distanceMeters: meters,
        duration: `${Math.round(meters / METRES_PER_SECOND)}s`,
        startLocation: location(from),
        endLocation: location(to),
      };
    });
    sendJson(res, 200, {
      routes: [
        {
          distanceMeters: legs.reduce((s, l) => s + l.distanceMeters, 0),
          duration: `${legs.reduce((s, l) => s + Number(l.duration.slice(0, -1)), 0)}s`,
          legs,
        },
      ],
      geocodingResults,
    });
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname === '/maps/api/geocode/json') {
        reverseGeocode(url.searchParams, res);
        return;
      }
      if (req.method !== 'POST' || req.url !== '/directions/v2:computeRoutes') {
        sendJson(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
        return;
      }
      const body = JSON.parse(raw) as ComputeRoutesBody;
      requests.push(body);
      answer(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    geocodeQueries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}
