import type { Kysely, Transaction } from 'kysely';
import type { JobLeg } from '../../domain/booking-jobs';
import type { BookingStatus, StatusActor } from '../../domain/booking-lifecycle';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** When and where a driver pressed a status button on their phone. */
export interface StampedPress {
  at: Date;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
}

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
        /** A driver's press from the app: who, and the phone's time and position (issue 34). */
        driverId?: number | null;
        press?: StampedPress | null;
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
          driver_id: entry.driverId ?? null,
          pressed_at: entry.press?.at ?? null,
          lat: entry.press?.lat ?? null,
          lng: entry.press?.lng ?? null,
          accuracy: entry.press?.accuracy ?? null,
        })
        .execute();
    },

    async history(bookingId: number, trx?: Executor) {
      return (trx ?? db)
        .selectFrom('booking_status_history')
        .select([
          'at',
          'leg',
          'actor',
          'actor_name',
          'from_status',
          'to_status',
          'note',
          'pressed_at',
          'lat',
          'lng',
          'accuracy',
        ])
        .where('booking_id', '=', bookingId)
        .orderBy('id')
        .execute();
    },
  };
}

export type BookingHistoryRepository = ReturnType<typeof createBookingHistoryRepository>;
