import type { Kysely, Transaction } from 'kysely';
import { isFinalStatus, type BookingStatus } from '../../domain/booking-lifecycle';
import { bookingStatusFromJobs, legsOf, type JobLeg } from '../../domain/booking-jobs';
import type { BookingsTable, Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A job's offer columns with no offer, open or ended (job-offers-repository.ts). */
const NO_OFFER = { offered_driver_id: null, offered_vehicle_id: null, offer_expires_at: null };

/**
 * The driver a job is given, or null to take the driver off it. With the driver: the vehicle
 * record sent (issue 34), and the console account that dispatched it (left as it was when not
 * given, e.g. a driver accepting an offer the dispatcher made).
 */
export type JobDriver = {
  driverId: number;
  vehicleRegistration: string;
  vehicleId?: number | null;
  dispatchedBy?: number | null;
} | null;

/** A job's columns as its driver is set or taken off: a job with a driver has no open offer. */
function driverColumns(driver: JobDriver) {
  return {
    driver_id: driver?.driverId ?? null,
    vehicle_registration: driver?.vehicleRegistration ?? null,
    vehicle_id: driver?.vehicleId ?? null,
    ...NO_OFFER,
    ...(driver === null
      ? { dispatched_by_operator_id: null }
      : driver.dispatchedBy !== undefined
        ? { dispatched_by_operator_id: driver.dispatchedBy }
        : {}),
  };
}

/**
 * A booking's jobs (its legs) and the one place their status and driver are written: each
 * write settles the booking's own status from its jobs' (domain/booking-jobs.ts) and keeps the
 * booking's driver columns as the outward job's, which the pages read.
 */
export function createBookingJobsRepository(db: Kysely<Database>) {
  async function list(bookingId: number, trx?: Executor) {
    return (
      (trx ?? db)
        .selectFrom('booking_jobs')
        .select([
          'leg',
          'status',
          'driver_id',
          'vehicle_registration',
          // The dispatch record (issue 34): the vehicle sent, who sent it, an open offer.
          'vehicle_id',
          'dispatched_by_operator_id',
          'offered_driver_id',
          'offer_expires_at',
        ])
        .where('booking_id', '=', bookingId)
        // 'outward' sorts before 'return'.
        .orderBy('leg')
        .execute()
    );
  }

  return {
    list,

    /** A new booking's jobs, each in the booking's first status. */
    async insertFor(
      bookingId: number,
      journeyType: BookingsTable['journey_type'],
      status: BookingStatus,
      trx: Executor,
    ): Promise<void> {
      await trx
        .insertInto('booking_jobs')
        .values(legsOf(journeyType).map((leg) => ({ booking_id: bookingId, leg, status })))
        .execute();
    },

    /** The booking's jobs, outward first, held until the transaction ends (lock the booking first). */
    async lockAll(bookingId: number, trx: Transaction<Database>) {
      return trx
        .selectFrom('booking_jobs')
        .select(['leg', 'status', 'driver_id', 'offered_driver_id', 'vehicle_registration'])
        .where('booking_id', '=', bookingId)
        .orderBy('leg')
        .forUpdate()
        .execute();
    },

    /**
     * Moves the given legs to `status` (with `driver` given or taken off when not undefined),
     * then settles the booking. Answers the booking's status after.
     */
    async move(
      bookingId: number,
      legs: readonly JobLeg[],
      status: BookingStatus,
      driver: JobDriver | undefined,
      trx: Transaction<Database>,
    ): Promise<BookingStatus> {
      if (legs.length === 0) throw new Error('A move names at least one leg');
      await trx
        .updateTable('booking_jobs')
        .set({
          status,
          // A job's end answers any offer (issue 34): it is neither open nor waiting on the
          // office any more; so does a driver on it (driverColumns).
          ...(isFinalStatus(status) ? NO_OFFER : {}),
          ...(driver === undefined ? {} : driverColumns(driver)),
        })
        .where('booking_id', '=', bookingId)
        .where('leg', 'in', legs)
        .execute();
      const jobs = await list(bookingId, trx);
      const outward = jobs.find((job) => job.leg === 'outward');
      const bookingStatus = bookingStatusFromJobs(jobs.map((job) => job.status));
      await trx
        .updateTable('bookings')
        .set({
          status: bookingStatus,
          driver_id: outward?.driver_id ?? null,
          vehicle_registration: outward?.vehicle_registration ?? null,
        })
        .where('id', '=', bookingId)
        .execute();
      return bookingStatus;
    },
  };
}

export type BookingJobsRepository = ReturnType<typeof createBookingJobsRepository>;
