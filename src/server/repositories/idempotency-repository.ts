import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A stored answer to a request sent with an Idempotency-Key; status 0 while being made. */
export interface IdempotencyRecord {
  requestHash: string;
  statusCode: number;
  response: unknown;
  expiresAt: Date;
}

/** The idempotency_keys table: one row per (scope, key), the first answer kept until expiry. */
export function createIdempotencyRepository(db: Kysely<Database>) {
  return {
    async find(scope: string, key: string, trx?: Executor): Promise<IdempotencyRecord | undefined> {
      const row = await (trx ?? db)
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response', 'expires_at'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
      return (
        row && {
          requestHash: row.request_hash,
          statusCode: row.status_code,
          response: row.response,
          expiresAt: row.expires_at,
        }
      );
    },

    /** Forgets the key when its answer has expired, so it may be used afresh. */
    async deleteIfExpired(scope: string, key: string, now: Date, trx: Executor): Promise<void> {
      await trx
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('expires_at', '<=', now)
        .execute();
    },

    /**
     * Claims the key for this transaction; false when another has it. A claim racing an
     * uncommitted one waits on the primary key until that transaction ends, so whoever loses
     * then reads the winner's committed answer.
     */
    async claim(
      record: { scope: string; key: string; requestHash: string; expiresAt: Date },
      trx: Executor,
    ): Promise<boolean> {
      const row = await trx
        .insertInto('idempotency_keys')
        .values({
          scope: record.scope,
          key: record.key,
          request_hash: record.requestHash,
          status_code: 0,
          response: 'null',
          expires_at: record.expiresAt,
        })
        .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Stores the answer of a claimed key, in the claiming transaction; `expiresAt` replaces a
     * claim's shorter expiry when it was claimed apart from its work.
     */
    async complete(
      scope: string,
      key: string,
      answer: { statusCode: number; response: unknown },
      trx: Executor,
      expiresAt?: Date,
    ): Promise<void> {
      await trx
        .updateTable('idempotency_keys')
        .set({
          status_code: answer.statusCode,
          response: JSON.stringify(answer.response),
          ...(expiresAt ? { expires_at: expiresAt } : {}),
        })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    },

    /** Gives up a claim that has no answer yet (its call failed), so the key may be used again. */
    async release(scope: string, key: string, trx?: Executor): Promise<void> {
      await (trx ?? db)
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('status_code', '=', 0)
        .execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
