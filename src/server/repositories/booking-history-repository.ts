import type { Kysely, Transaction } from 'kysely';
import type { JobLeg } from '../../domain/booking-jobs';
import type { BookingStatus, StatusActor } from '../../domain/booking-lifecycle';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A booking's status history: append-only, one row per step of a job, naming who took it. */
export function createBookingHistoryRepository(db: Kysely<Database>) {
  return {
    async addHistory(
      entry: {
        bookingId: number;
        /** The job the move is about; the outward one unless said. */
        leg?: JobLeg;
        at: Date;
        actor: StatusActor;
        operatorId: number | null;
        actorName: string;
        from: BookingStatus | null;
        to: BookingStatus;
        note: string;
      },
      trx: Executor,
    ): Promise<void> {
      await trx
        .insertInto('booking_status_history')
        .values({
          booking_id: entry.bookingId,
          leg: entry.leg ?? 'outward',
          at: entry.at,
          actor: entry.actor,
          operator_id: entry.operatorId,
          actor_name: entry.actorName,
          from_status: entry.from,
          to_status: entry.to,
          note: entry.note,
        })
        .execute();
    },

    async history(bookingId: number, trx?: Executor) {
      return (trx ?? db)
        .selectFrom('booking_status_history')
        .select(['at', 'leg', 'actor', 'actor_name', 'from_status', 'to_status', 'note'])
        .where('booking_id', '=', bookingId)
        .orderBy('id')
        .execute();
    },
  };
}

export type BookingHistoryRepository = ReturnType<typeof createBookingHistoryRepository>;
