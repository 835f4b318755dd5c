import * as z from 'zod/mini';
import type { FlightReport } from '../../../domain/flights';
import { flightIdent } from '../../../domain/flights';

/**
 * FlightAware AeroAPI v4 (issue 35): `GET /flights/{ident}` with the `x-apikey` header, which
 * answers every flight of that number between `start` and `end`. There is no official Node
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
type AeroFlight = z.infer<typeof flightSchema>;

/** One flight as the poll uses it. */
export interface ProviderFlight extends FlightReport {
  providerId: string;
}

export interface FlightProvider {
  /**
   * The flight `flightNo` landing at `airportCode` (IATA) between `from` and `to`, the one
   * scheduled nearest `near`; null when no such flight lands there then.
   */
  arrival(query: {
    flightNo: string;
    airportCode: string;
    from: Date;
    to: Date;
    near: Date;
  }): Promise<ProviderFlight | null>;
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

export function createAeroApiProvider(options: {
  apiKey: string;
  baseUrl?: string;
}): FlightProvider {
  const base = (options.baseUrl ?? AEROAPI_BASE_URL).replace(/\/$/, '');
  return {
    async arrival(query) {
      const url = new URL(`${base}/flights/${encodeURIComponent(flightIdent(query.flightNo))}`);
      url.searchParams.set('start', query.from.toISOString());
      url.searchParams.set('end', query.to.toISOString());
      const response = await fetch(url, {
        headers: { 'x-apikey': options.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      // An ident AeroAPI does not know is a 400 or 404: no such flight, not a failure.
      if (response.status === 404 || response.status === 400) return null;
      if (!response.ok) throw new FlightProviderError(`AeroAPI answered ${response.status}`);
      const parsed = flightsAnswerSchema.safeParse(await response.json());
      if (!parsed.success) throw new FlightProviderError('AeroAPI answer not understood');
      const landing = parsed.data.flights
        .filter((flight) => flight.destination?.code_iata === query.airportCode)
        .map(toReport)
        .filter((flight) => flight.scheduledOn !== null);
      const distance = (flight: ProviderFlight) =>
        Math.abs((flight.scheduledOn?.getTime() ?? 0) - query.near.getTime());
      return landing.sort((a, b) => distance(a) - distance(b))[0] ?? null;
    },
  };
}
