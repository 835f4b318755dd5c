import type { Transaction } from 'kysely';
import type { JobLeg } from '../../../domain/booking-jobs';
import { haversineKm } from '../../../domain/geo';
import type { Database } from '../../db/schema';
import type {
  FlightTracksRepository,
  TrackedAirport,
} from '../../repositories/flight-tracks-repository';
import type { JobQueue } from '../job-queue/job-queue';
import type { PricedJourney } from '../pricing/priced-journey';

/** What starting to track a booking's flights needs: ChangeDeps' queue, and these. */
export interface TrackFlightsDeps {
  flightTracks: FlightTracksRepository;
  queue: JobQueue;
  /** False without FLIGHTAWARE_API_KEY: tracks say so and are never looked at. */
  flightTracking: boolean;
  /** FLIGHT_BUFFER_MINUTES: an airport zone without its own buffer uses this. */
  flightBufferMinutes: number;
}

/** The booking as tracking reads it, in the booking's own transaction. */
export interface TrackedBooking {
  id: number;
  flight_no: string;
  return_flight_no: string;
  pickup_at: Date;
  return_at: Date | null;
  priced_journey: unknown;
}

function airportAt(
  airports: readonly TrackedAirport[],
  point: { lat: number; lng: number } | undefined,
): TrackedAirport | undefined {
  if (!point) return undefined;
  return airports.find((airport) => haversineKm(airport, point) <= airport.radiusKm);
}

function pricedPoint(journey: unknown, field: string) {
  const points = (journey as PricedJourney | null)?.points ?? [];
  return points.find((point) => point.field === field);
}

/** A leg of the booking as tracking reads it. */
interface LegFlight {
  leg: JobLeg;
  flightNo: string;
  /** The priced journey's point its pickup is at. */
  field: string;
  pickupAt: Date | null;
}

function legFlights(booking: TrackedBooking): LegFlight[] {
  return [
    { leg: 'outward', flightNo: booking.flight_no, field: 'pickup', pickupAt: booking.pickup_at },
    {
      leg: 'return',
      flightNo: booking.return_flight_no,
      field: 'return_pickup',
      pickupAt: booking.return_at,
    },
  ];
}

const carriesFlight = (leg: LegFlight) => Boolean(leg.flightNo.trim() && leg.pickupAt);

/**
 * Starts tracking the flights of a new booking (issue 35), in its transaction: a leg whose
 * pickup is inside an airport zone with an IATA code and that carries a flight number gets a
 * track, met at the booked pickup time until the flight says otherwise. Its first look is
 * queued at once; without a provider key the track says it is not tracked.
 */
export async function trackFlights(
  deps: TrackFlightsDeps,
  trx: Transaction<Database>,
  booking: TrackedBooking,
): Promise<void> {
  const wanted = legFlights(booking).filter(carriesFlight);
  if (wanted.length === 0) return;
  const airports = await deps.flightTracks.airports(trx);
  for (const leg of wanted) await startTrack(deps, trx, booking, leg, airports);
}

/**
 * After a change to a leg's flight number or pickup (amend-job.ts), in its transaction: the
 * leg's flight is tracked from the start again, or no longer tracked when it carries no flight
 * or its pickup is no longer at an airport. A moved pickup is met at its new time; another
 * flight at the same pickup keeps the meet time already told (`pickupMoved` false), so the
 * new flight's first look tells a move from there.
 */
export async function trackFlightAgain(
  deps: TrackFlightsDeps,
  trx: Transaction<Database>,
  change: { booking: TrackedBooking; leg: JobLeg; pickupMoved: boolean },
): Promise<void> {
  const { booking, leg } = change;
  const changed = legFlights(booking).find((each) => each.leg === leg);
  const airports = changed && carriesFlight(changed) ? await deps.flightTracks.airports(trx) : [];
  const keepMeet = !change.pickupMoved;
  if (!changed || !(await startTrack(deps, trx, booking, changed, airports, keepMeet))) {
    await deps.flightTracks.stop(booking.id, leg, trx);
  }
}

/** Tracks one leg from the start, with its first look queued; false when it is not tracked. */
async function startTrack(
  deps: TrackFlightsDeps,
  trx: Transaction<Database>,
  booking: TrackedBooking,
  leg: LegFlight,
  airports: readonly TrackedAirport[],
  keepMeet = false,
): Promise<boolean> {
  const airport = airportAt(airports, pricedPoint(booking.priced_journey, leg.field));
  const pickupAt = leg.pickupAt;
  if (!airport || !pickupAt || !carriesFlight(leg)) return false;
  const generation = await deps.flightTracks.start(
    {
      booking_id: booking.id,
      leg: leg.leg,
      flight_no: leg.flightNo.trim().toUpperCase(),
      airport_code: airport.code,
      airport_name: airport.name,
      buffer_minutes: airport.bufferMinutes ?? deps.flightBufferMinutes,
      state: deps.flightTracking ? 'checking' : 'untracked',
      warning: null,
      provider_id: null,
      scheduled_on: null,
      estimated_on: null,
      actual_on: null,
      meet_at: pickupAt,
      checked_at: null,
    },
    trx,
    keepMeet,
  );
  if (!deps.flightTracking) return true;
  // Looked at once, at once: a flight further ahead than the provider follows is checked
  // against the timetable, so a wrong number is caught while the passenger is still here.
  await deps.queue.add('flight-look', { bookingId: booking.id, leg: leg.leg, generation }, { trx });
  return true;
}
