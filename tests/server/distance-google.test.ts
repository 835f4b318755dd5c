import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DistanceUnavailableError,
  UnresolvedAddressError,
} from '../../src/server/services/distance/distance-provider';
import type { RoutePoint } from '../../src/server/services/distance/distance-provider';
import {
  ROUTES_FIELD_MASK,
  createGoogleRoutesProvider,
} from '../../src/server/services/distance/google-routes-provider';
import { createDistanceProvider } from '../../src/server/services/distance/create-distance-provider';
import type { PlacesRepository } from '../../src/server/repositories/places-repository';
import { testConfig } from './helpers';

/** The Google provider never reads the gazetteer; reading it here would be a bug. */
const noGazetteer = {
  gazetteer: () => Promise.reject(new Error('the Google provider read the gazetteer')),
} as unknown as PlacesRepository;

/** A request as the fake Routes API received it. */
interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: {
    origin: unknown;
    destination: unknown;
    intermediates?: unknown[];
    travelMode?: string;
    routingPreference?: string;
    regionCode?: string;
    units?: string;
  };
}

type Answer = (request: ReceivedRequest, res: ServerResponse) => void;

/**
 * A local HTTP server that answers computeRoutes in the format Google documents for
 * routes.googleapis.com/directions/v2:computeRoutes (JSON, durations as "123s", errors as
 * {"error": {"code", "message", "status"}}).
 */
async function startFakeRoutesApi(): Promise<{
  baseUrl: string;
  requests: ReceivedRequest[];
  answer(handler: Answer): void;
  close(): Promise<void>;
}> {
  const requests: ReceivedRequest[] = [];
  let handler: Answer = (_req, res) =>
    sendJson(res, 200, routesAnswer([{ meters: 1609.344, seconds: 60 }]));
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as ReceivedRequest['body']) : ({} as ReceivedRequest['body']),
      };
      requests.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answer(next) {
      handler = next;
    },
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

/** A computeRoutes success body with one leg per entry. */
function routesAnswer(legs: { meters: number; seconds: number }[]): unknown {
  const location = (i: number) => ({ latLng: { latitude: 51 + i / 10, longitude: -1 - i / 10 } });
  return {
    routes: [
      {
        distanceMeters: legs.reduce((s, l) => s + l.meters, 0),
        duration: `${legs.reduce((s, l) => s + l.seconds, 0)}s`,
        legs: legs.map((leg, i) => ({
          distanceMeters: leg.meters,
          duration: `${leg.seconds}s`,
          startLocation: location(i),
          endLocation: location(i + 1),
        })),
      },
    ],
  };
}

function googleError(code: number, status: string, message: string) {
  return { error: { code, message, status } };
}

const points: RoutePoint[] = [
  { field: 'pickup', address: 'Heathrow Terminal 5' },
  // The visitor's own position: its coordinates are all there is to send.
  { field: 'dropoff', address: 'Current location', location: { lat: 51.5, lng: -0.12 } },
];
const withStop: RoutePoint[] = [
  { field: 'pickup', address: 'Heathrow Terminal 5' },
  { field: 'stops.0', address: 'Windsor Castle' },
  { field: 'dropoff', address: 'Reading Station' },
];

describe('Google Routes provider against a local server', () => {
  let api: Awaited<ReturnType<typeof startFakeRoutesApi>>;
  const provider = (timeoutMs?: number) =>
    createGoogleRoutesProvider({ apiKey: 'test-key', baseUrl: api.baseUrl, timeoutMs });

  beforeAll(async () => {
    api = await startFakeRoutesApi();
  });
  afterAll(async () => {
    await api.close();
  });
  beforeEach(() => {
    api.requests.length = 0;
  });

  it('asks computeRoutes for a driving route with the key, field mask and UK settings', async () => {
    api.answer((_req, res) =>
      sendJson(res, 200, routesAnswer([{ meters: 16093.44, seconds: 1234 }])),
    );
    const route = await provider().measure(points);

    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/directions/v2:computeRoutes');
    expect(request?.headers['x-goog-api-key']).toBe('test-key');
    expect(request?.headers['x-goog-fieldmask']).toBe(ROUTES_FIELD_MASK);
    for (const field of [
      'routes.legs.distanceMeters',
      'routes.legs.duration',
      'routes.legs.startLocation',
      'routes.legs.endLocation',
      'routes.distanceMeters',
      'routes.duration',
    ]) {
      expect(ROUTES_FIELD_MASK.split(',')).toContain(field);
    }
    expect(request?.body).toEqual({
      origin: { address: 'Heathrow Terminal 5' },
      destination: { location: { latLng: { latitude: 51.5, longitude: -0.12 } } },
      intermediates: [],
      travelMode: 'DRIVE',
      routingPreference: 'TRAFFIC_UNAWARE',
      regionCode: 'GB',
      units: 'IMPERIAL',
    });

    expect(route.miles).toBe(10);
    expect(route.minutes).toBe(21);
    expect(route.legs).toEqual([{ miles: 10, minutes: 20.6 }]);
    expect(route.points[0]).toMatchObject({ field: 'pickup', source: 'google', lat: 51, lng: -1 });
    expect(route.points[1]).toMatchObject({ field: 'dropoff', source: 'browser', lat: 51.5 });
  });

  it('measures an address Google places, and refuses coordinates far from where it placed it', async () => {
    const typed = { field: 'dropoff', address: 'Edinburgh Airport' };
    api.answer((_req, res) =>
      sendJson(res, 200, {
        ...(routesAnswer([{ meters: 650000, seconds: 25000 }]) as object),
        geocodingResults: {
          origin: { geocoderStatus: {}, type: ['airport'] },
          destination: { geocoderStatus: {}, type: ['airport', 'establishment'] },
        },
      }),
    );
    // The fake places the destination at 51.1, -1.1; a pin 3 km away refines an airport.
    const near = await provider().measure([
      withStop[0] as RoutePoint,
      { ...typed, location: { lat: 51.1, lng: -1.0575 } },
    ]);
    expect(api.requests[0]?.body.destination).toEqual({ address: 'Edinburgh Airport' });
    expect(near.points[1]).toMatchObject({ source: 'google', lat: 51.1, lng: -1.1 });
    expect(near.points[1]?.sentKm).toBeCloseTo(3, 0);

    await expect(
      provider().measure([
        withStop[0] as RoutePoint,
        { ...typed, location: { lat: 51.5, lng: -0.12 } },
      ]),
    ).rejects.toMatchObject({ name: 'LocationMismatchError', field: 'dropoff_location' });
  });

  it("sends the visitor's own position as coordinates, and refuses other text Google cannot place", async () => {
    api.answer((req, res) =>
      sendJson(
        res,
        200,
        'address' in (req.body.origin as object)
          ? { geocodingResults: { origin: { geocoderStatus: { code: 5, message: 'NOT_FOUND' } } } }
          : routesAnswer([{ meters: 0, seconds: 0 }]),
      ),
    );
    const location = { lat: 51.5, lng: -0.12 };
    const here = { field: 'pickup', address: 'Current location', location };
    const route = await provider().measure([here, here]);
    expect(api.requests.map((r) => r.body.origin)).toEqual([
      { location: { latLng: { latitude: 51.5, longitude: -0.12 } } },
    ]);
    expect(route.points[0]).toMatchObject({ source: 'browser', lat: 51.5, sentKm: null });

    // Any other text is Google's to place: its coordinates never stand in for it.
    const hotel = { field: 'pickup', address: 'The Balmoral Hotel', location };
    await expect(provider().measure([hotel, here])).rejects.toMatchObject({
      name: 'UnresolvedAddressError',
      field: 'pickup',
    });
  });

  it('sends stops as intermediates and returns one leg per stop', async () => {
    api.answer((_req, res) =>
      sendJson(
        res,
        200,
        routesAnswer([
          { meters: 12000, seconds: 900 },
          { meters: 30000, seconds: 1800 },
        ]),
      ),
    );
    const route = await provider().measure(withStop);
    expect(api.requests[0]?.body.intermediates).toEqual([{ address: 'Windsor Castle' }]);
    expect(route.legs).toHaveLength(2);
    expect(route.miles).toBeCloseTo(42000 / 1609.344, 1);
    expect(route.minutes).toBe(45);
    expect(route.points.map((p) => p.field)).toEqual(['pickup', 'stops.0', 'dropoff']);
  });

  it('reads a zero-length leg, which Google sends without distance or duration', async () => {
    api.answer((_req, res) =>
      sendJson(res, 200, {
        routes: [
          {
            legs: [
              {
                startLocation: { latLng: { latitude: 51, longitude: -1 } },
                endLocation: { latLng: { latitude: 51, longitude: -1 } },
              },
            ],
          },
        ],
      }),
    );
    const route = await provider().measure([
      points[0] as RoutePoint,
      { field: 'dropoff', address: 'Heathrow Terminal 5' },
    ]);
    expect(route).toMatchObject({ miles: 0, minutes: 0 });
  });

  it('names the stop Google could not geocode', async () => {
    api.answer((_req, res) =>
      sendJson(res, 200, {
        geocodingResults: {
          origin: { geocoderStatus: {}, placeId: 'a' },
          destination: { geocoderStatus: {}, placeId: 'b' },
          intermediates: [
            {
              geocoderStatus: { code: 5, message: 'NOT_FOUND' },
              intermediateWaypointRequestIndex: 0,
            },
          ],
        },
      }),
    );
    await expect(provider().measure(withStop)).rejects.toMatchObject({
      name: 'UnresolvedAddressError',
      field: 'stops.0',
      address: 'Windsor Castle',
    });
  });

  it('turns NOT_FOUND and INVALID_ARGUMENT about a waypoint into a 422 for that field', async () => {
    api.answer((_req, res) =>
      sendJson(res, 404, googleError(404, 'NOT_FOUND', 'Origin could not be found.')),
    );
    await expect(provider().measure(withStop)).rejects.toMatchObject({ field: 'pickup' });

    api.answer((_req, res) =>
      sendJson(
        res,
        400,
        googleError(400, 'INVALID_ARGUMENT', 'Invalid intermediates[0]: address is empty.'),
      ),
    );
    await expect(provider().measure(withStop)).rejects.toMatchObject({ field: 'stops.0' });

    // With coordinates everywhere else, the one address must be the one at fault.
    api.answer((_req, res) =>
      sendJson(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Bad waypoint.')),
    );
    await expect(provider().measure(points)).rejects.toBeInstanceOf(UnresolvedAddressError);
  });

  it('says the service is unavailable when the error names no waypoint', async () => {
    api.answer((_req, res) =>
      sendJson(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Bad request.')),
    );
    await expect(provider().measure(withStop)).rejects.toBeInstanceOf(DistanceUnavailableError);
  });

  it.each([
    [429, 'RESOURCE_EXHAUSTED'],
    [500, 'INTERNAL'],
    [503, 'UNAVAILABLE'],
    [403, 'PERMISSION_DENIED'],
  ])('says the service is unavailable on %i %s', async (status, googleStatus) => {
    api.answer((_req, res) => sendJson(res, status, googleError(status, googleStatus, 'No.')));
    await expect(provider().measure(withStop)).rejects.toBeInstanceOf(DistanceUnavailableError);
  });

  it('gives up after its timeout', async () => {
    api.answer((_req, res) => {
      setTimeout(() => sendJson(res, 200, routesAnswer([{ meters: 1, seconds: 1 }])), 1000);
    });
    const started = performance.now();
    await expect(provider(150).measure(points)).rejects.toBeInstanceOf(DistanceUnavailableError);
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('treats a route Google cannot find between geocoded places as an unreachable destination', async () => {
    api.answer((_req, res) => sendJson(res, 200, {}));
    await expect(provider().measure(withStop)).rejects.toMatchObject({ field: 'dropoff' });
  });

  it('says the service is unavailable when nothing answers', async () => {
    const closed = await startFakeRoutesApi();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const unreachable = createGoogleRoutesProvider({ apiKey: 'k', baseUrl });
    await expect(unreachable.measure(points)).rejects.toBeInstanceOf(DistanceUnavailableError);
  });
});

describe('the configured distance provider with a Google key', () => {
  let api: Awaited<ReturnType<typeof startFakeRoutesApi>>;

  beforeAll(async () => {
    api = await startFakeRoutesApi();
    api.answer((_req, res) =>
      sendJson(res, 200, routesAnswer([{ meters: 8046.72, seconds: 600 }])),
    );
  });
  afterAll(async () => {
    await api.close();
  });

  it('asks Google once per address pair, however often and in whatever route it is quoted', async () => {
    const provider = await createDistanceProvider({
      config: testConfig({
        GOOGLE_MAPS_SERVER_KEY: 'test-key',
        GOOGLE_MAPS_API_BASE_URL: api.baseUrl,
      }),
      places: noGazetteer,
    });
    expect(provider.name).toBe('google');

    const [a, b, c] = withStop as [RoutePoint, RoutePoint, RoutePoint];
    const first = await provider.measure([a, b]);
    await provider.measure([{ ...a, field: 'return_pickup' }, b]);
    await provider.measure([a, b, c]);
    await Promise.all([provider.measure([b, c]), provider.measure([b, c])]);

    expect(api.requests).toHaveLength(2);
    expect(api.requests.map((r) => r.body.intermediates)).toEqual([[], []]);
    expect(first).toMatchObject({ miles: 5, minutes: 10 });
  });
});
