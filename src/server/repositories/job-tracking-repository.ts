import { sql, type Kysely, type Transaction } from 'kysely';
import type { JobLeg } from '../../domain/booking-jobs';
import { UNDER_WAY_STATUSES } from '../../domain/live-tracking';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A job as its passenger follows it: its status, driver, the vehicle (the company's record
 * of the registration sent, if any), and where the pickup was priced.
 */
function passengerJob(db: Kysely<Database>, bookingId: number, leg: JobLeg) {
  return db
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
    ])
    .where('booking_jobs.booking_id', '=', bookingId)
    .where('booking_jobs.leg', '=', leg)
    .executeTakeFirst();
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
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('booking_jobs')
          .innerJoin('bookings', 'bookings.id', 'booking_jobs.booking_id')
          .select(['bookings.booking_number', 'booking_jobs.leg', 'booking_jobs.status'])
          .whereRef('booking_jobs.driver_id', '=', 'drivers.id')
          .where('booking_jobs.status', 'in', UNDER_WAY_STATUSES)
          .orderBy('bookings.pickup_at')
          .orderBy('booking_jobs.leg')
          .limit(1)
          .as('job'),
      (join) => join.onTrue(),
    )
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
  /** A driver's jobs under way (On the way to Complete), the earliest pickup first. */
  const underWay = (run: Executor, driverId: number) =>
    run
      .selectFrom('booking_jobs')
      .innerJoin('bookings', 'bookings.id', 'booking_jobs.booking_id')
      .select([
        'booking_jobs.booking_id',
        'booking_jobs.leg',
        'booking_jobs.status',
        'bookings.booking_number',
      ])
      .where('booking_jobs.driver_id', '=', driverId)
      .where('booking_jobs.status', 'in', UNDER_WAY_STATUSES)
      .orderBy('bookings.pickup_at')
      .orderBy('booking_jobs.leg');

  return {
    /** A driver's company and duty, and their job under way (null: none); undefined: no driver. */
    async driverNow(driverId: number, trx?: Executor) {
      const run = trx ?? db;
      const driver = await run
        .selectFrom('drivers')
        .select(['id', 'company_id', 'on_duty'])
        .where('id', '=', driverId)
        .executeTakeFirst();
      if (!driver) return undefined;
      const job = await underWay(run, driverId).limit(1).executeTakeFirst();
      return { ...driver, job: job ?? null };
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
