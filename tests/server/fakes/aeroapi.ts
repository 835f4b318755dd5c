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
 * end; GET /schedules/{start}/{end}?airline&flight_number&destination, answering `{scheduled}`
 * with the timetable's flights departing between them; 401 with AeroAPI's error body for a
 * wrong key. Tests change a flight with `update`.
 */
export async function startFakeAeroApi(apiKey: string) {
  const flights: FakeFlight[] = [];
  const requests: Array<{ ident: string; start: string | null; end: string | null }> = [];
  const timetableRequests: Array<{
    airline: string;
    number: string;
    destination: string | null;
    start: string;
    end: string;
  }> = [];
  let failing = false;
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = /^\/aeroapi\/flights\/([^/]+)$/.exec(url.pathname);
    const timetable = /^\/aeroapi\/schedules\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (request.headers['x-apikey'] !== apiKey) {
      send(401, {
        title: 'Unauthorized',
        reason: 'UNAUTHORIZED',
        detail: 'Invalid API key',
        status: 401,
      });
      return;
    }
    if (failing) {
      send(503, { title: 'Unavailable', reason: 'UNAVAILABLE', detail: 'Try later', status: 503 });
      return;
    }
    if (request.method === 'GET' && timetable?.[1] && timetable[2]) {
      send(200, scheduled(url, decodeURIComponent(timetable[1]), decodeURIComponent(timetable[2])));
      return;
    }
    if (request.method !== 'GET' || !match?.[1]) {
      send(404, { title: 'Not found', reason: 'NOT_FOUND', detail: 'No such path', status: 404 });
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
  /** GET /schedules/{start}/{end}: the timetable's flights departing then, as AeroAPI lists them. */
  function scheduled(url: URL, start: string, end: string) {
    const airline = url.searchParams.get('airline') ?? '';
    const number = url.searchParams.get('flight_number') ?? '';
    const destination = url.searchParams.get('destination');
    timetableRequests.push({ airline, number, destination, start, end });
    const listed = flights
      .filter((flight) => [flight.ident_iata, flight.ident].includes(`${airline}${number}`))
      .filter((flight) => !destination || flight.destination?.code_iata === destination)
      .map((flight) => ({
        ident: flight.ident,
        ident_iata: flight.ident_iata,
        fa_flight_id: null,
        origin_iata: flight.origin?.code_iata ?? null,
        destination_iata: flight.destination?.code_iata ?? null,
        // A JFK flight leaves about seven hours before it lands.
        scheduled_out: new Date(
          Date.parse(flight.scheduled_in ?? '') - 7 * 3_600_000,
        ).toISOString(),
        scheduled_in: flight.scheduled_in,
      }))
      .filter((flight) => {
        const out = Date.parse(flight.scheduled_out);
        return out >= Date.parse(start) && out < Date.parse(end);
      });
    return { links: null, num_pages: 1, scheduled: listed };
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/aeroapi`,
    requests,
    /** Every GET /schedules: the timetable asked about a flight further ahead. */
    timetableRequests,
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
