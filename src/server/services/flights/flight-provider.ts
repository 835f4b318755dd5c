import * as z from 'zod/mini';
import type { FlightReport } from '../../../domain/flights';
import { flightIdent, flightParts } from '../../../domain/flights';

/**
 * FlightAware AeroAPI v4 (issue 35): `GET /flights/{ident}` with the `x-apikey` header, which
 * answers every flight of that number between `start` and `end` (up to two days ahead), and
 * `GET /schedules/{date_start}/{date_end}` for the airline's timetable further ahead. There is no official Node
 * SDK, so this is its documented REST call with Node's fetch; tests point
 * FLIGHTAWARE_API_BASE_URL at a local server speaking the same wire format.
 */

export const AEROAPI_BASE_URL = 'https://aeroapi.flightaware.com/aeroapi';

/** A call that takes longer is given up; the poll tries again at its next look. */
const CALL_TIMEOUT_MS = 10_000;

const airportSchema = z.nullable(
  z.object({ code: z.nullish(z.string()), code_iata: z.nullish(z.string()) }),
);
const time = z.nullish(z.string());
const flightSchema = z.object({
  fa_flight_id: z.string(),
  destination: z.optional(airportSchema),
  scheduled_on: time,
  estimated_on: time,
  actual_on: time,
  scheduled_in: time,
  estimated_in: time,
  actual_in: time,
  cancelled: z.optional(z.boolean()),
  diverted: z.optional(z.boolean()),
});
const flightsAnswerSchema = z.object({ flights: z.array(flightSchema) });
/** A flight of the airline's timetable (/schedules): gate times only, and the airport's codes. */
const timetabledSchema = z.object({
  fa_flight_id: z.nullish(z.string()),
  ident: z.string(),
  destination_iata: z.nullish(z.string()),
  scheduled_in: time,
});
const schedulesAnswerSchema = z.object({ scheduled: z.array(timetabledSchema) });
type AeroFlight = z.infer<typeof flightSchema>;

/** One flight as the poll uses it. */
export interface ProviderFlight extends FlightReport {
  providerId: string;
}

export interface ArrivalQuery {
  flightNo: string;
  airportCode: string;
  from: Date;
  to: Date;
  near: Date;
}

export interface FlightProvider {
  /**
   * The flight `flightNo` landing at `airportCode` (IATA) between `from` and `to`, the one
   * scheduled nearest `near`; null when no such flight lands there then.
   */
  arrival(query: ArrivalQuery): Promise<ProviderFlight | null>;
  /**
   * The same question of the airline's timetable, for a flight further ahead than the
   * provider follows (LIVE_HORIZON_MS): when it is due to land, not how it is doing.
   * 'unknown': the timetable cannot be asked about this number (not airline + digits).
   */
  timetabled(query: ArrivalQuery): Promise<ProviderFlight | null | 'unknown'>;
}

/** Thrown for an answer the poll cannot use; it is logged and tried again later. */
export class FlightProviderError extends Error {
  override name = 'FlightProviderError';
}

const at = (text: string | null | undefined) => (text ? new Date(text) : null);

function toReport(flight: AeroFlight): ProviderFlight {
  return {
    providerId: flight.fa_flight_id,
    // The runway times; a provider without them for this flight gives the gate times.
    scheduledOn: at(flight.scheduled_on ?? flight.scheduled_in),
    estimatedOn: at(flight.estimated_on ?? flight.estimated_in),
    actualOn: at(flight.actual_on ?? flight.actual_in),
    cancelled: flight.cancelled ?? false,
    diverted: flight.diverted ?? false,
  };
}

/** An instant as AeroAPI's dates take it: whole seconds, UTC. */
const isoSeconds = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The flight nearest `near` of those landing: a number flown twice a day lands twice. */
function nearest(flights: ProviderFlight[], near: Date): ProviderFlight | null {
  const distance = (flight: ProviderFlight) =>
    Math.abs((flight.scheduledOn?.getTime() ?? 0) - near.getTime());
  return flights.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

export function createAeroApiProvider(options: {
  apiKey: string;
  baseUrl?: string;
}): FlightProvider {
  const base = (options.baseUrl ?? AEROAPI_BASE_URL).replace(/\/$/, '');
  /**
   * One GET; null for the statuses that mean "no such flight" (`none`): /flights answers an
   * ident it does not know with a 400 or 404. Any other failure throws, to be tried again.
   */
  async function get<T>(url: URL, schema: z.ZodMiniType<T>, none: number[]): Promise<T | null> {
    const response = await fetch(url, {
      headers: { 'x-apikey': options.apiKey, accept: 'application/json' },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    if (none.includes(response.status)) return null;
    if (!response.ok) throw new FlightProviderError(`AeroAPI answered ${response.status}`);
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) throw new FlightProviderError('AeroAPI answer not understood');
    return parsed.data;
  }

  return {
    async arrival(query) {
      const url = new URL(`${base}/flights/${encodeURIComponent(flightIdent(query.flightNo))}`);
      url.searchParams.set('start', query.from.toISOString());
      url.searchParams.set('end', query.to.toISOString());
      const answer = await get(url, flightsAnswerSchema, [400, 404]);
      const landing = (answer?.flights ?? [])
        .filter((flight) => flight.destination?.code_iata === query.airportCode)
        .map(toReport)
        .filter((flight) => flight.scheduledOn !== null);
      return nearest(landing, query.near);
    },

    async timetabled(query) {
      const parts = flightParts(query.flightNo);
      // The timetable's flight_number is a whole number: BA117A cannot be asked about.
      if (!parts || !/^\d+$/.test(parts.number)) return 'unknown';
      // The timetable is searched by departure: a flight landing that day left up to a day before.
      const departedFrom = new Date(query.from.getTime() - 24 * 3_600_000);
      const url = new URL(`${base}/schedules/${isoSeconds(departedFrom)}/${isoSeconds(query.to)}`);
      url.searchParams.set('airline', parts.airline);
      url.searchParams.set('flight_number', parts.number);
      url.searchParams.set('destination', query.airportCode);
      // A 400 here is a question AeroAPI did not take, not an answer: it throws.
      const answer = await get(url, schedulesAnswerSchema, []);
      const landing = (answer?.scheduled ?? [])
        .filter((flight) => flight.destination_iata === query.airportCode && flight.scheduled_in)
        .map((flight) => ({
          providerId: flight.fa_flight_id ?? `${flight.ident}-${flight.scheduled_in}`,
          scheduledOn: at(flight.scheduled_in),
          estimatedOn: null,
          actualOn: null,
          cancelled: false,
          diverted: false,
        }))
        .filter((flight) => {
          const on = flight.scheduledOn?.getTime() ?? 0;
          return on >= query.from.getTime() && on < query.to.getTime();
        });
      return nearest(landing, query.near);
    },
  };
}
