import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { JobLeg } from '../../domain/booking-jobs';
import type { Database, FlightTracksTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export type FlightTrackRow = Selectable<FlightTracksTable>;

/** A track as tracking starts it: no moves yet, the first generation. */
export type NewTrack = Omit<FlightTrackRow, 'created_at' | 'moves' | 'generation' | 'active'>;

/** The columns a board row or a driver's job takes from its left-joined flight track. */
export const FLIGHT_COLUMNS = [
  'flight_tracks.flight_no as flight_number',
  'flight_tracks.state as flight_state',
  'flight_tracks.scheduled_on as flight_scheduled_on',
  'flight_tracks.estimated_on as flight_estimated_on',
  'flight_tracks.actual_on as flight_actual_on',
  'flight_tracks.meet_at as flight_meet_at',
] as const;

/** An airport zone flights are tracked to: one with an IATA code. */
export interface TrackedAirport {
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
  code: string;
  /** The zone's own buffer; null: FLIGHT_BUFFER_MINUTES. */
  bufferMinutes: number | null;
}

/** A track locked for a look, with what the look needs of its booking and job. */
export interface LockedTrack extends FlightTrackRow {
  booking_number: string;
  company_id: number;
  pickup_at: Date;
  return_at: Date | null;
  pick_up_date: string;
  return_date: string | null;
  job_status: string;
  driver_id: number | null;
}

/** The airport zones flights are tracked to: those with an IATA code. */
async function trackedAirports(trx: Executor): Promise<TrackedAirport[]> {
  const rows = await trx
    .selectFrom('zones')
    .select(['name', 'lat', 'lng', 'radius_km', 'iata_code', 'flight_buffer_minutes'])
    .where('is_airport', '=', true)
    .where('iata_code', 'is not', null)
    .execute();
  return rows.map((row) => ({
    name: row.name,
    lat: Number(row.lat),
    lng: Number(row.lng),
    radiusKm: Number(row.radius_km),
    code: row.iata_code ?? '',
    bufferMinutes: row.flight_buffer_minutes,
  }));
}

/**
 * A track and its job, locked for the caller's transaction; undefined when gone or stopped.
 * The booking is locked first, as every change to a booking locks it before its track: a look
 * that writes history and texts (their keys share-lock the booking) would otherwise wait on a
 * change that waits on the look's track.
 */
async function lockTrack(
  bookingId: number,
  leg: JobLeg,
  trx: Transaction<Database>,
): Promise<LockedTrack | undefined> {
  await trx
    .selectFrom('bookings')
    .select('id')
    .where('id', '=', bookingId)
    .forNoKeyUpdate()
    .execute();
  return trx
    .selectFrom('flight_tracks')
    .innerJoin('bookings', 'bookings.id', 'flight_tracks.booking_id')
    .innerJoin('booking_jobs', (join) =>
      join
        .onRef('booking_jobs.booking_id', '=', 'flight_tracks.booking_id')
        .onRef('booking_jobs.leg', '=', 'flight_tracks.leg'),
    )
    .selectAll('flight_tracks')
    .select([
      'bookings.booking_number',
      'bookings.company_id',
      'bookings.pickup_at',
      'bookings.return_at',
      'bookings.pick_up_date',
      'bookings.return_date',
      'booking_jobs.status as job_status',
      'booking_jobs.driver_id',
    ])
    .where('flight_tracks.booking_id', '=', bookingId)
    .where('flight_tracks.leg', '=', leg)
    .where('flight_tracks.active', '=', true)
    .forUpdate('flight_tracks')
    .executeTakeFirst() as Promise<LockedTrack | undefined>;
}

/**
 * Where tracking starts and stops (track-flights.ts). A track is never deleted while its
 * booking lives: stopped, it keeps its generation (so looks queued before go stale) and its
 * moves (each told once, under its own number), and a start takes it up again.
 */
function trackStarts() {
  return {
    /**
     * Starts tracking a job's flight: a new track, or the job's track started over (another
     * flight, another pickup, its flight number back) with its next generation. With
     * `keepMeet`, an active track keeps the meet time already told, so the first look measures
     * its move from there. Answers the generation the first look is queued for.
     */
    async start(row: NewTrack, trx: Executor, keepMeet = false): Promise<number> {
      const { booking_id: _booking, leg: _leg, ...fresh } = row;
      const started = await trx
        .insertInto('flight_tracks')
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(['booking_id', 'leg']).doUpdateSet((eb) => ({
            ...fresh,
            ...(keepMeet
              ? {
                  meet_at: eb
                    .case()
                    .when('flight_tracks.active', '=', true)
                    .then(eb.ref('flight_tracks.meet_at'))
                    .else(eb.ref('excluded.meet_at'))
                    .end(),
                }
              : {}),
            active: true,
            generation: eb('flight_tracks.generation', '+', 1),
          })),
        )
        .returning('generation')
        .executeTakeFirstOrThrow();
      return started.generation;
    },

    /** What tracking reads of a booking (track-flights.ts), as the caller's transaction sees it. */
    trackedBooking: (bookingId: number, trx: Executor) =>
      trx
        .selectFrom('bookings')
        .select(['id', 'flight_no', 'return_flight_no', 'pickup_at', 'return_at', 'priced_journey'])
        .where('id', '=', bookingId)
        .executeTakeFirst(),

    /** A job no longer tracked (its flight number taken off, its pickup away from an airport). */
    async stop(bookingId: number, leg: JobLeg, trx: Executor): Promise<void> {
      await trx
        .updateTable('flight_tracks')
        .set((eb) => ({ active: false, generation: eb('generation', '+', 1) }))
        .where('booking_id', '=', bookingId)
        .where('leg', '=', leg)
        .execute();
    },
  };
}

/** Flight tracks (issue 35): one per job whose pickup is at an airport with a flight number. */
export function createFlightTracksRepository(db: Kysely<Database>) {
  return {
    airports: (trx: Executor = db) => trackedAirports(trx),

    ...trackStarts(),

    /** The track and its job, locked for the caller's transaction; undefined when gone. */
    lock: lockTrack,

    async update(
      bookingId: number,
      leg: JobLeg,
      patch: Updateable<FlightTracksTable>,
      trx: Executor,
    ): Promise<void> {
      await trx
        .updateTable('flight_tracks')
        .set(patch)
        .where('booking_id', '=', bookingId)
        .where('leg', '=', leg)
        .execute();
    },

    /** When the driver meets the passenger of a tracked job; undefined: not tracked. */
    async meetAt(bookingId: number, leg: JobLeg, trx: Executor = db): Promise<Date | undefined> {
      const row = await trx
        .selectFrom('flight_tracks')
        .select('meet_at')
        .where('booking_id', '=', bookingId)
        .where('leg', '=', leg)
        .where('active', '=', true)
        .executeTakeFirst();
      return row?.meet_at ? new Date(row.meet_at) : undefined;
    },

    /** Every track of these bookings, for the answers and the board. */
    async forBookings(
      bookingIds: readonly number[],
      trx: Executor = db,
    ): Promise<FlightTrackRow[]> {
      if (bookingIds.length === 0) return [];
      return trx
        .selectFrom('flight_tracks')
        .selectAll()
        .where('booking_id', 'in', bookingIds)
        .where('active', '=', true)
        .orderBy('booking_id')
        .orderBy('leg')
        .execute();
    },
  };
}

export type FlightTracksRepository = ReturnType<typeof createFlightTracksRepository>;
