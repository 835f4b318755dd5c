import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * What a licensed operator keeps of each booking (issue 34), for the console's page: who took
 * it (a console account; none for a booking made online) and, per job, who dispatched it, the
 * vehicle it was sent in and an offer waiting for a driver's answer.
 */
export function createDispatchRecordsRepository(db: Kysely<Database>) {
  return {
    async dispatchRecords(bookingId: number, trx?: Executor) {
      const run = trx ?? db;
      const [booking, jobs] = await Promise.all([
        run
          .selectFrom('bookings')
          .leftJoin('operators as taker', 'taker.id', 'bookings.taken_by_operator_id')
          .select('taker.name as taken_by')
          .where('bookings.id', '=', bookingId)
          .executeTakeFirst(),
        run
          .selectFrom('booking_jobs')
          .leftJoin(
            'operators as dispatcher',
            'dispatcher.id',
            'booking_jobs.dispatched_by_operator_id',
          )
          .leftJoin('vehicles', 'vehicles.id', 'booking_jobs.vehicle_id')
          .leftJoin('drivers as offered', 'offered.id', 'booking_jobs.offered_driver_id')
          .select([
            'booking_jobs.leg',
            'dispatcher.name as dispatched_by',
            'offered.name as offered_driver_name',
            'booking_jobs.offer_expires_at',
            'vehicles.id as vehicle_id',
            'vehicles.registration',
            'vehicles.make',
            'vehicles.model',
            'vehicles.colour',
            'vehicles.active',
            'vehicles.phv_licence_expiry',
            'vehicles.mot_expiry',
            'vehicles.insurance_expiry',
          ])
          .where('booking_jobs.booking_id', '=', bookingId)
          .orderBy('booking_jobs.leg')
          .execute(),
      ]);
      return { takenBy: booking?.taken_by ?? null, jobs };
    },
  };
}

export type DispatchRecords = Awaited<
  ReturnType<ReturnType<typeof createDispatchRecordsRepository>['dispatchRecords']>
>;
