import type { Insertable, Kysely, Transaction } from 'kysely';
import type { JobLeg } from '../../domain/booking-jobs';
import type { Database, DriverPositionsTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

const POSITION_COLUMNS = ['lat', 'lng', 'accuracy', 'heading', 'speed', 'at'] as const;

/**
 * The positions drivers' phones send (issue 34): each with the job under way then (booking_id
 * and leg, its trail, kept as long as the booking) or none (deleted after a day by retention).
 */
export function createDriverPositionsRepository(db: Kysely<Database>) {
  return {
    async insert(position: Insertable<DriverPositionsTable>, trx?: Executor): Promise<void> {
      await (trx ?? db).insertInto('driver_positions').values(position).execute();
    },

    /** A job's trail: every position sent while it was under way, oldest first. */
    async trail(bookingId: number, leg: JobLeg) {
      return db
        .selectFrom('driver_positions')
        .select(POSITION_COLUMNS)
        .where('booking_id', '=', bookingId)
        .where('leg', '=', leg)
        .orderBy('at')
        .orderBy('id')
        .execute();
    },
  };
}

/**
 * Deletes the positions sent outside any job that arrived at or before `before` (retention:
 * 24 hours); a trail's positions stay. Answers how many went.
 */
export async function deleteLoosePositions(trx: Executor, before: Date): Promise<number> {
  const result = await trx
    .deleteFrom('driver_positions')
    .where('booking_id', 'is', null)
    .where('received_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type DriverPositionsRepository = ReturnType<typeof createDriverPositionsRepository>;
export type PositionRow = Awaited<ReturnType<DriverPositionsRepository['trail']>>[number];
