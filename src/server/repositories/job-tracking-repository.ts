import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { JobLeg } from '../../domain/booking-jobs';
import { UNDER_WAY_STATUSES } from '../../domain/live-tracking';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A driver's job under way (On the way to Complete), the earliest pickup first, as a lateral
 * join of a query on drivers: the job their positions belong to.
 */
function jobUnderWay(eb: ExpressionBuilder<Database, 'drivers'>) {
  return eb
    .selectFrom('booking_jobs')
    .innerJoin('bookings', 'bookings.id', 'booking_jobs.booking_id')
    .select([
      'booking_jobs.booking_id',
      'booking_jobs.leg',
      'booking_jobs.status',
      'bookings.booking_number',
    ])
    .whereRef('booking_jobs.driver_id', '=', 'drivers.id')
    .where('booking_jobs.status', 'in', UNDER_WAY_STATUSES)
    .orderBy('bookings.pickup_at')
    .orderBy('booking_jobs.leg')
    .limit(1)
    .as('job');
}

/**
 * A job as its passenger follows it: its status, driver, the vehicle (the company's record
 * of the registration sent, if any), where the pickup was priced, and the car's latest
 * position on it. One query: every watching page asks for it after each position.
 */
function passengerJob(db: Kysely<Database>, bookingId: number, leg: JobLeg) {
  return (
    db
      .selectFrom('booking_jobs')
      .innerJoin('bookings', 'bookings.id', 'booking_jobs.booking_id')
      .innerJoin('fleet_categories', 'fleet_categories.id', 'bookings.category_id')
      .leftJoin('drivers', 'drivers.id', 'booking_jobs.driver_id')
      .leftJoin('vehicles', (join) =>
        join
          .onRef('vehicles.company_id', '=', 'bookings.company_id')
          .on(
            'vehicles.registration',
            '=',
            sql<string>`coalesce(booking_jobs.vehicle_registration, drivers.vehicle_registration)`,
          ),
      )
      // The latest position the job's driver sent on this job (a reassigned job's is not theirs).
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('driver_positions')
            .select(['lat', 'lng', 'at'])
            .whereRef('driver_positions.booking_id', '=', 'booking_jobs.booking_id')
            .whereRef('driver_positions.leg', '=', 'booking_jobs.leg')
            .whereRef('driver_positions.driver_id', '=', 'booking_jobs.driver_id')
            .orderBy('at', 'desc')
            .orderBy('id', 'desc')
            .limit(1)
            .as('latest'),
        (join) => join.onTrue(),
      )
      .select([
        'booking_jobs.booking_id',
        'booking_jobs.leg',
        'booking_jobs.status',
        'booking_jobs.driver_id',
        'booking_jobs.vehicle_registration as job_registration',
        'drivers.name as driver_name',
        'drivers.vehicle_registration as driver_registration',
        'vehicles.make',
        'vehicles.model',
        'vehicles.colour',
        'fleet_categories.name as category_name',
        'bookings.booking_number',
        'bookings.pick_up_address',
        'bookings.drop_off_address',
        'bookings.return_pickup_address',
        'bookings.pickup_lat',
        'bookings.pickup_lng',
        'bookings.priced_journey',
        'latest.lat',
        'latest.lng',
        'latest.at',
      ])
      .where('booking_jobs.booking_id', '=', bookingId)
      .where('booking_jobs.leg', '=', leg)
      .executeTakeFirst()
  );
}

/**
 * The console's map: active drivers of a company (every company's, for null) who are on
 * duty or have a job under way, each with their latest position and that job.
 */
function mapDrivers(db: Kysely<Database>, companyId: number | null) {
  let query = db
    .selectFrom('drivers')
    .innerJoin('companies', 'companies.id', 'drivers.company_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('driver_positions')
          .select(['lat', 'lng', 'accuracy', 'heading', 'speed', 'at'])
          .whereRef('driver_positions.driver_id', '=', 'drivers.id')
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .as('latest'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(jobUnderWay, (join) => join.onTrue())
    .select([
      'drivers.id',
      'drivers.name',
      'drivers.company_id',
      'companies.name as company_name',
      'drivers.on_duty',
      'drivers.vehicle_registration',
      'latest.lat',
      'latest.lng',
      'latest.accuracy',
      'latest.heading',
      'latest.speed',
      'latest.at',
      'job.booking_number',
      'job.leg',
      'job.status',
    ])
    .where('drivers.active', '=', true)
    .where((eb) => eb.or([eb('drivers.on_duty', '=', true), eb('job.status', 'is not', null)]));
  if (companyId !== null) query = query.where('drivers.company_id', '=', companyId);
  return query.orderBy('drivers.name').orderBy('drivers.id').execute();
}

/**
 * Where jobs and drivers stand for the live views (issue 34): a driver's job under way, a job
 * as its passenger follows it, a job's trail's heading, and the drivers on the console's map.
 */
export function createJobTrackingRepository(db: Kysely<Database>) {
  return {
    /**
     * A driver's company and duty, and their job under way (On the way to Complete; the
     * earliest pickup first), null for none; undefined: no such driver. One query: it runs
     * for every position a phone sends.
     */
    async driverNow(driverId: number, trx?: Executor) {
      const row = await (trx ?? db)
        .selectFrom('drivers')
        .leftJoinLateral(jobUnderWay, (join) => join.onTrue())
        .select([
          'drivers.id',
          'drivers.company_id',
          'drivers.on_duty',
          'job.booking_id',
          'job.leg',
          'job.status',
          'job.booking_number',
        ])
        .where('drivers.id', '=', driverId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { booking_id, leg, status, booking_number, ...driver } = row;
      const job =
        booking_id === null || leg === null || status === null || booking_number === null
          ? null
          : { booking_id, leg, status, booking_number };
      return { ...driver, job };
    },

    passengerJob: (bookingId: number, leg: JobLeg) => passengerJob(db, bookingId, leg),

    /** A job in the operator's company (any, for null) by its booking number and leg. */
    async scopedJob(bookingNumber: string, leg: JobLeg, companyId: number | null) {
      let query = db
        .selectFrom('booking_jobs')
        .innerJoin('bookings', 'bookings.id', 'booking_jobs.booking_id')
        .leftJoin('drivers', 'drivers.id', 'booking_jobs.driver_id')
        .select([
          'booking_jobs.booking_id',
          'booking_jobs.leg',
          'booking_jobs.status',
          'drivers.name as driver_name',
          'bookings.booking_number',
          'bookings.pick_up_address',
          'bookings.drop_off_address',
          'bookings.return_pickup_address',
        ])
        .where('bookings.booking_number', '=', bookingNumber)
        .where('booking_jobs.leg', '=', leg);
      if (companyId !== null) query = query.where('bookings.company_id', '=', companyId);
      return query.executeTakeFirst();
    },

    mapDrivers: (companyId: number | null) => mapDrivers(db, companyId),
  };
}

export type JobTrackingRepository = ReturnType<typeof createJobTrackingRepository>;
export type PassengerJobRow = NonNullable<
  Awaited<ReturnType<JobTrackingRepository['passengerJob']>>
>;
export type MapDriverRow = Awaited<ReturnType<JobTrackingRepository['mapDrivers']>>[number];
