import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Corporate sign-in sessions, known only by the hash of their token. */
export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async insert(session: { tokenHash: string; passengerId: number; expiresAt: Date }) {
      await db
        .insertInto('passenger_sessions')
        .values({
          token_hash: session.tokenHash,
          passenger_id: session.passengerId,
          expires_at: session.expiresAt,
        })
        .execute();
    },

    /** The passenger of a session that is neither revoked nor expired at `now`. */
    async findActive(tokenHash: string, now: Date): Promise<number | undefined> {
      const row = await db
        .selectFrom('passenger_sessions')
        .select('passenger_id')
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.passenger_id;
    },

    async revoke(tokenHash: string, now: Date): Promise<void> {
      await db
        .updateTable('passenger_sessions')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Every live session of the passenger: a new password signs out every device. */
    async revokeAllFor(passengerId: number, now: Date, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .updateTable('passenger_sessions')
        .set({ revoked_at: now })
        .where('passenger_id', '=', passengerId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Every live session of the passenger but `keepTokenHash`'s: the device making a change. */
    async revokeOthers(
      passengerId: number,
      keepTokenHash: string,
      now: Date,
      trx?: Transaction<Database>,
    ): Promise<void> {
      await (trx ?? db)
        .updateTable('passenger_sessions')
        .set({ revoked_at: now })
        .where('passenger_id', '=', passengerId)
        .where('token_hash', '<>', keepTokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
