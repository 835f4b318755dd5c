import type { Kysely, Transaction } from 'kysely';
import type { JobLeg } from '../../domain/booking-jobs';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A job's offer to a driver (issue 34), kept on its booking_jobs row:
 *
 * - open: `offered_driver_id` (and the vehicle) set, until `offer_expires_at`;
 * - ended unanswered (declined, or timed out and swept): `offered_driver_id` null and
 *   `offer_expires_at` the time it ended, so the job is back in Needs action until the office
 *   acts on it (a new offer, or a driver assigned: the jobs repository's move clears it);
 * - none: all three null.
 *
 * The job's status and driver are never written here: that is the jobs repository's move.
 */
export function createJobOffersRepository(db: Kysely<Database>) {
  return {
    /** A job's offer and its driver, read in the caller's transaction (jobs locked). */
    async offerOf(bookingId: number, leg: JobLeg, trx: Executor) {
      return trx
        .selectFrom('booking_jobs')
        .select(['offered_driver_id', 'offered_vehicle_id', 'offer_expires_at', 'driver_id'])
        .where('booking_id', '=', bookingId)
        .where('leg', '=', leg)
        .executeTakeFirst();
    },

    /** Opens an offer on a job, replacing any other; records who dispatched it. */
    async open(
      bookingId: number,
      leg: JobLeg,
      offer: { driverId: number; vehicleId: number; expiresAt: Date; operatorId: number },
      trx: Transaction<Database>,
    ): Promise<void> {
      await trx
        .updateTable('booking_jobs')
        .set({
          offered_driver_id: offer.driverId,
          offered_vehicle_id: offer.vehicleId,
          offer_expires_at: offer.expiresAt,
          dispatched_by_operator_id: offer.operatorId,
        })
        .where('booking_id', '=', bookingId)
        .where('leg', '=', leg)
        .execute();
    },

    /**
     * Ends the offer open to `driverId` (declined, or timed out when `dueBy` is given: only if
     * its time ran out by then), leaving the job waiting on the office. Answers whether it
     * ended it: of two processes ending the same offer, exactly one does.
     */
    async end(
      bookingId: number,
      leg: JobLeg,
      ending: { driverId: number; endedAt: Date; dueBy?: Date },
      trx: Transaction<Database>,
    ): Promise<boolean> {
      let query = trx
        .updateTable('booking_jobs')
        .set({
          offered_driver_id: null,
          offered_vehicle_id: null,
          offer_expires_at: ending.endedAt,
        })
        .where('booking_id', '=', bookingId)
        .where('leg', '=', leg)
        .where('offered_driver_id', '=', ending.driverId);
      if (ending.dueBy) query = query.where('offer_expires_at', '<=', ending.dueBy);
      const rows = await query.returning('booking_id').execute();
      return rows.length > 0;
    },

    /** Open offers whose time ran out by `now`, oldest first, `limit` at a time. */
    async due(now: Date, limit: number) {
      return db
        .selectFrom('booking_jobs')
        .select(['booking_id', 'leg', 'offered_driver_id'])
        .where('offered_driver_id', 'is not', null)
        .where('offer_expires_at', '<=', now)
        .orderBy('offer_expires_at')
        .limit(limit)
        .execute();
    },

    /**
     * A booking locked for a change by the offer sweep; undefined when another transaction
     * holds it (skipped: the sweep comes back to it) or it is gone.
     */
    async lockForSweep(bookingId: number, trx: Transaction<Database>) {
      return trx
        .selectFrom('bookings')
        .select(['id', 'booking_number', 'company_id', 'status', 'pickup_at', 'return_at'])
        .where('id', '=', bookingId)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
    },
  };
}

export type JobOffersRepository = ReturnType<typeof createJobOffersRepository>;
