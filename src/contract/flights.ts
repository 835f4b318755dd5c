import * as z from 'zod/mini';
import { JOB_LEGS } from '../domain/booking-jobs';
import { FLIGHT_STATES } from '../domain/flights';

/**
 * A tracked flight in the booking answers (issue 35): the passenger's, the console's booking
 * and the driver's job. Times are ISO instants; `meet_time` is the UK clock time (HH:MM) the
 * driver meets the passenger, which follows the flight.
 */
export const trackedFlightSchema = z.object({
  leg: z.enum(JOB_LEGS),
  flight_number: z.string(),
  /** The airport zone the pickup is in, e.g. 'Heathrow Airport (LHR)'. */
  airport: z.string(),
  state: z.enum(FLIGHT_STATES),
  /** The board's words: Scheduled, Delayed 40 min, Landed 14:32, Cancelled. */
  label: z.string(),
  scheduled_arrival: z.nullable(z.string()),
  estimated_arrival: z.nullable(z.string()),
  actual_arrival: z.nullable(z.string()),
  meet_at: z.nullable(z.string()),
  meet_time: z.nullable(z.string()),
  /** Why the passenger was warned (the flight does not land there that day), or why not tracked. */
  warning: z.nullable(z.string()),
});
export type TrackedFlight = z.infer<typeof trackedFlightSchema>;

/** A job's flight in brief, for the board's rows and the driver's job list (issue 35). */
export const flightBriefSchema = z.object({
  flight_number: z.string(),
  state: z.enum(FLIGHT_STATES),
  label: z.string(),
  /** HH:MM, UK time, when the driver meets the passenger. */
  meet_time: z.nullable(z.string()),
});
export type FlightBrief = z.infer<typeof flightBriefSchema>;

/** Brief, or null for a job without a tracked flight; a copy kept from before reads as null. */
export const optionalFlightBriefSchema = z._default(z.nullable(flightBriefSchema), null);

/** A list of them; a copy kept on a device before flights were tracked reads as none. */
export const trackedFlightsSchema = z._default(z.array(trackedFlightSchema), []);
