import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Manage tokens: the SHA-256 of each, the one booking it opens, and until when. */
export function createManageTokensRepository(db: Kysely<Database>) {
  return {
    async insert(
      token: { hash: string; bookingId: number; expiresAt: Date },
      trx?: Executor,
    ): Promise<void> {
      await (trx ?? db)
        .insertInto('manage_tokens')
        .values({
          token_hash: token.hash,
          booking_id: token.bookingId,
          expires_at: token.expiresAt,
        })
        .execute();
    },

    /** What a token for the booking numbered `bookingNumber` is made from, if it exists. */
    async linkedBooking(bookingNumber: string) {
      return db
        .selectFrom('bookings')
        .select(['id', 'booking_number', 'pickup_at', 'return_at'])
        .where('booking_number', '=', bookingNumber)
        .executeTakeFirst();
    },

    /** The booking a live token opens, if it is the booking asked for. */
    async opens(hash: string, bookingNumber: string, now: Date): Promise<number | undefined> {
      const row = await db
        .selectFrom('manage_tokens')
        .innerJoin('bookings', 'bookings.id', 'manage_tokens.booking_id')
        .select('bookings.id')
        .where('manage_tokens.token_hash', '=', hash)
        .where('bookings.booking_number', '=', bookingNumber)
        .where('manage_tokens.expires_at', '>', now)
        .executeTakeFirst();
      return row?.id;
    },
  };
}

export type ManageTokensRepository = ReturnType<typeof createManageTokensRepository>;
