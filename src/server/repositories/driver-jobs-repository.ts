import { sql, type Kysely, type Transaction } from 'kysely';
import type { JobLeg } from '../../domain/booking-jobs';
import type { BookingStatus } from '../../domain/booking-lifecycle';
import type { Database } from '../db/schema';
import { likeEscape, onReturn } from './operator-bookings-repository';
import { FLIGHT_COLUMNS } from './flight-tracks-repository';

type Executor = Kysely<Database> | Transaction<Database>;

const OVER: BookingStatus[] = ['completed', 'cancelled', 'no_show'];

/** The moves by a driver that show a job was theirs: accepting it, and their own steps. */
const THEIRS_FROM: BookingStatus[] = [
  'driver_assigned',
  'en_route',
  'arrived',
  'on_board',
  'completed',
  'no_show',
];

/** Who is asking and when: a driver sees the jobs assigned to them and their live offers. */
export interface DriverScope {
  driverId: number;
  companyId: number;
  now: Date;
}

/** The jobs of a driver's list, with what the list shows of each. */
function driverJobRows(db: Executor, scope: DriverScope) {
  return (
    db
      .selectFrom('booking_jobs')
      .innerJoin('bookings', 'bookings.id', 'booking_jobs.booking_id')
      .innerJoin('booking_passengers', 'booking_passengers.booking_id', 'bookings.id')
      .innerJoin('fleet_categories', 'fleet_categories.id', 'bookings.category_id')
      .innerJoin('drivers as me', (join) => join.on('me.id', '=', scope.driverId))
      .leftJoin('vehicles as job_vehicle', 'job_vehicle.id', 'booking_jobs.vehicle_id')
      .leftJoin(
        'vehicles as offered_vehicle',
        'offered_vehicle.id',
        'booking_jobs.offered_vehicle_id',
      )
      // The passenger's tracked flight (issue 35): the app shows the meet time it sets.
      .leftJoin('flight_tracks', (join) =>
        join
          .onRef('flight_tracks.booking_id', '=', 'booking_jobs.booking_id')
          .onRef('flight_tracks.leg', '=', 'booking_jobs.leg')
          .on('flight_tracks.active', '=', true),
      )
      .select(FLIGHT_COLUMNS)
      .select([
        'bookings.id as booking_id',
        'bookings.booking_number',
        'booking_jobs.leg',
        'booking_jobs.status',
        'booking_jobs.driver_id',
        'booking_jobs.offer_expires_at',
        onReturn<Date>('return_at', 'pickup_at').as('pickup_at'),
        onReturn<string>('return_date', 'pick_up_date').as('pick_up_date'),
        onReturn<string>('return_time', 'pick_up_time').as('pick_up_time'),
        onReturn<string>('return_pickup_address', 'pick_up_address').as('pick_up_address'),
        onReturn<string>('return_dropoff_address', 'drop_off_address').as('drop_off_address'),
        onReturn<string>('return_flight_no', 'flight_no').as('travel_reference'),
        'bookings.journey_type',
        'bookings.form',
        'booking_passengers.total_passengers',
        'fleet_categories.name as category_name',
        // The car: the job's own, else the one offered with it, else the driver's usual plate.
        sql<string>`coalesce(job_vehicle.registration, booking_jobs.vehicle_registration, offered_vehicle.registration, me.vehicle_registration)`.as(
          'registration',
        ),
        'bookings.payment_method',
        'bookings.total_pence',
        'bookings.paid_pence',
        'bookings.currency',
      ])
      .where('bookings.company_id', '=', scope.companyId)
      .where((eb) =>
        eb.or([
          eb('booking_jobs.driver_id', '=', scope.driverId),
          eb.and([
            eb('booking_jobs.offered_driver_id', '=', scope.driverId),
            eb('booking_jobs.offer_expires_at', '>', scope.now),
          ]),
        ]),
      )
  );
}

export type DriverJobRow = Awaited<
  ReturnType<ReturnType<typeof driverJobRows>['executeTakeFirstOrThrow']>
>;

/**
 * The driver's app's reads of jobs (issue 34), always within one driver's scope: assigned to
 * them, or offered to them until the offer's end. Anything else is not there.
 */
export function createDriverJobsRepository(db: Kysely<Database>) {
  return {
    /** The driver's jobs from `today` (UK) on, and earlier ones not yet over, by pickup. */
    async list(scope: DriverScope, today: string) {
      return driverJobRows(db, scope)
        .where((eb) =>
          eb.or([
            eb(onReturn<string>('return_date', 'pick_up_date'), '>=', today),
            eb('booking_jobs.status', 'not in', OVER),
          ]),
        )
        .orderBy(onReturn<Date>('return_at', 'pickup_at'))
        .orderBy('bookings.id')
        .orderBy('booking_jobs.leg')
        .execute();
    },

    /** One of the driver's jobs, with what its page shows beyond the list; else undefined. */
    async find(scope: DriverScope, bookingNumber: string, leg: JobLeg, trx: Executor = db) {
      const row = await driverJobRows(trx, scope)
        .innerJoin('companies', 'companies.id', 'bookings.company_id')
        .select([
          'booking_passengers.name as passenger_name',
          'booking_passengers.phone as passenger_phone',
          // The return's own notes, else the booking's (a dog, a wheelchair, go for both legs).
          sql<string>`case when booking_jobs.leg = 'return' then coalesce(nullif(booking_passengers.return_additional_info, ''), booking_passengers.additional_info) else booking_passengers.additional_info end`.as(
            'notes',
          ),
          'companies.phone as company_phone',
          'bookings.priced_journey',
          'bookings.pickup_lat',
          'bookings.pickup_lng',
        ])
        .where('bookings.booking_number', '=', bookingNumber)
        .where('booking_jobs.leg', '=', leg)
        .executeTakeFirst();
      if (!row) return undefined;
      // A return leg goes straight back: the stops are the outward journey's.
      const stops =
        leg === 'outward'
          ? await trx
              .selectFrom('booking_stops')
              .select(['stop_address', 'stop_post_code', 'stop_street_number'])
              .where('booking_id', '=', row.booking_id)
              .orderBy('position')
              .execute()
          : [];
      return { ...row, stops, arrivedAt: await arrivedAt(trx, row.booking_id, leg) };
    },

    arrivedAt,

    /**
     * Whether the job was ever this driver's: assigned to them (the history's note of an
     * assignment names the driver), accepted by them, or stepped by them from the app. A job never theirs is
     * not there for them (404); one taken from them is theirs to be told about (409).
     */
    async wasDrivers(
      trx: Executor,
      job: { bookingId: number; leg: JobLeg },
      driver: { id: number; assignedNote: string },
    ): Promise<boolean> {
      const row = await trx
        .selectFrom('booking_status_history')
        .select('id')
        .where('booking_id', '=', job.bookingId)
        .where('leg', '=', job.leg)
        .where((eb) =>
          eb.or([
            // Their accept or a step they pressed; a declined offer never made it theirs.
            eb.and([eb('driver_id', '=', driver.id), eb('to_status', 'in', THEIRS_FROM)]),
            eb.and([
              eb('to_status', '=', 'driver_assigned'),
              eb('note', 'like', `${likeEscape(driver.assignedNote)}%`),
            ]),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/**
 * When the job's latest Arrived was pressed (the phone's time of a press from the app, else
 * when it was recorded), or null: the No-show wait runs from it.
 */
async function arrivedAt(db: Executor, bookingId: number, leg: JobLeg): Promise<Date | null> {
  const row = await db
    .selectFrom('booking_status_history')
    .select(sql<Date>`coalesce(pressed_at, at)`.as('at'))
    .where('booking_id', '=', bookingId)
    .where('leg', '=', leg)
    .where('to_status', '=', 'arrived')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? new Date(row.at) : null;
}

export type DriverJobsRepository = ReturnType<typeof createDriverJobsRepository>;
export type DriverJobDetailRow = NonNullable<Awaited<ReturnType<DriverJobsRepository['find']>>>;
