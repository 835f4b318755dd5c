import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** A password-reset code as the account service sees it; the code itself is never stored. */
export interface ResetCodeRow {
  id: number;
  passengerId: number;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** Reset codes: at most one live code per passenger, hashed, counted and used once. */
export function createResetCodesRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores a new code and removes the passenger's earlier unused ones, so only the code in
     * the latest email works.
     */
    async replaceForPassenger(
      code: { passengerId: number; codeHash: string; createdAt: Date; expiresAt: Date },
      trx?: Executor,
    ): Promise<number> {
      const q = trx ?? db;
      await q
        .deleteFrom('reset_codes')
        .where('passenger_id', '=', code.passengerId)
        .where('used_at', 'is', null)
        .execute();
      const row = await q
        .insertInto('reset_codes')
        .values({
          passenger_id: code.passengerId,
          code_hash: code.codeHash,
          created_at: code.createdAt,
          expires_at: code.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The passenger's latest unused code, locked until the transaction ends so two guesses
     * racing each other are both counted.
     */
    async findLiveForUpdate(passengerId: number, trx: Executor): Promise<ResetCodeRow | undefined> {
      const row = await trx
        .selectFrom('reset_codes')
        .select(['id', 'passenger_id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
        .where('passenger_id', '=', passengerId)
        .where('used_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          passengerId: row.passenger_id,
          codeHash: row.code_hash,
          attempts: row.attempts,
          expiresAt: row.expires_at,
          usedAt: row.used_at,
        }
      );
    },

    async countWrongAttempt(id: number, trx?: Executor): Promise<void> {
      await (trx ?? db)
        .updateTable('reset_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    async markUsed(id: number, usedAt: Date, trx?: Executor): Promise<void> {
      await (trx ?? db)
        .updateTable('reset_codes')
        .set({ used_at: usedAt })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type ResetCodesRepository = ReturnType<typeof createResetCodesRepository>;
