import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A flight as AeroAPI v4's /flights/{ident} gives it (the fields the app reads, and a few). */
export interface FakeFlight {
  ident: string;
  ident_iata: string;
  fa_flight_id: string;
  origin: { code: string; code_iata: string; code_icao: string } | null;
  destination: { code: string; code_iata: string; code_icao: string } | null;
  scheduled_on: string | null;
  estimated_on: string | null;
  actual_on: string | null;
  scheduled_in: string | null;
  estimated_in: string | null;
  actual_in: string | null;
  cancelled: boolean;
  diverted: boolean;
  status: string;
}

const AIRPORTS: Record<string, { code: string; code_iata: string; code_icao: string }> = {
  LHR: { code: 'EGLL', code_iata: 'LHR', code_icao: 'EGLL' },
  LGW: { code: 'EGKK', code_iata: 'LGW', code_icao: 'EGKK' },
  JFK: { code: 'KJFK', code_iata: 'JFK', code_icao: 'KJFK' },
};

/** A flight from JFK landing at `to` at `landing`, on time. */
export function fakeFlight(ident: string, to: string, landing: Date): FakeFlight {
  return {
    ident: ident.replace(/^BA/, 'BAW'),
    ident_iata: ident,
    fa_flight_id: `${ident}-${Math.floor(landing.getTime() / 1000)}-schedule-0001`,
    origin: AIRPORTS.JFK ?? null,
    destination: AIRPORTS[to] ?? null,
    scheduled_on: landing.toISOString(),
    estimated_on: landing.toISOString(),
    actual_on: null,
    scheduled_in: new Date(landing.getTime() + 10 * 60_000).toISOString(),
    estimated_in: new Date(landing.getTime() + 10 * 60_000).toISOString(),
    actual_in: null,
    cancelled: false,
    diverted: false,
    status: 'Scheduled',
  };
}

/**
 * A local server speaking the part of FlightAware AeroAPI v4 the app uses: GET
 * /flights/{ident}?start=…&end=… with the `x-apikey` header, answering `{flights, links,
 * num_pages}` with the flights of that IATA or ICAO ident scheduled to land between start and
 * end; 401 with AeroAPI's error body for a wrong key. Tests change a flight with `update`.
 */
export async function startFakeAeroApi(apiKey: string) {
  const flights: FakeFlight[] = [];
  const requests: Array<{ ident: string; start: string | null; end: string | null }> = [];
  let failing = false;
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = /^\/aeroapi\/flights\/([^/]+)$/.exec(url.pathname);
    if (request.headers['x-apikey'] !== apiKey) {
      send(401, {
        title: 'Unauthorized',
        reason: 'UNAUTHORIZED',
        detail: 'Invalid API key',
        status: 401,
      });
      return;
    }
    if (request.method !== 'GET' || !match?.[1]) {
      send(404, { title: 'Not found', reason: 'NOT_FOUND', detail: 'No such path', status: 404 });
      return;
    }
    if (failing) {
      send(503, { title: 'Unavailable', reason: 'UNAVAILABLE', detail: 'Try later', status: 503 });
      return;
    }
    const ident = decodeURIComponent(match[1]);
    const start = url.searchParams.get('start');
    const end = url.searchParams.get('end');
    requests.push({ ident, start, end });
    const within = (flight: FakeFlight) => {
      const at = Date.parse(flight.scheduled_on ?? '');
      return (!start || at >= Date.parse(start)) && (!end || at < Date.parse(end));
    };
    const matched = flights.filter(
      (flight) => (flight.ident_iata === ident || flight.ident === ident) && within(flight),
    );
    send(200, { links: null, num_pages: 1, flights: matched });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/aeroapi`,
    requests,
    add(flight: FakeFlight) {
      flights.push(flight);
      return flight;
    },
    /** Changes a flight in place, as FlightAware's data changes between polls. */
    update(ident: string, change: Partial<FakeFlight>) {
      const flight = flights.find((each) => each.ident_iata === ident);
      if (!flight) throw new Error(`No fake flight ${ident}`);
      Object.assign(flight, change);
    },
    /** Every call answers 503 while true. */
    fail(on: boolean) {
      failing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
