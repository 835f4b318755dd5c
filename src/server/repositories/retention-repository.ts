import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { deleteLoosePositions } from './driver-positions-repository';

type Executor = Kysely<Database> | Transaction<Database>;

/** Rows a purge pass removed or cleared, by what they were. */
export interface PurgeCounts {
  quotes: number;
  sessions: number;
  idempotencyAnswers: number;
  resetCodes: number;
  mailBodies: number;
  checkouts: number;
  /** Drivers' positions sent outside any job (issue 34); a job's trail stays. */
  positions: number;
}

/** The cut-off times of one pass: rows ended at or before these go. */
export interface PurgeCutoffs {
  now: Date;
  quotesExpiredBefore: Date;
  mailSentBefore: Date;
  openCheckoutsExpiredBefore: Date;
  loosePositionsBefore: Date;
}

function count(result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }): number {
  return Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0n);
}

/** The retention purge's statements; each is safe to run twice or in two processes at once. */
export function createRetentionRepository(db: Kysely<Database>) {
  return {
    /**
     * Runs `work` in a transaction holding the purge's advisory lock; undefined, doing nothing,
     * when another process holds it (its pass is doing the same work).
     */
    async underPurgeLock<T>(work: (trx: Transaction<Database>) => Promise<T>) {
      return db.transaction().execute(async (trx): Promise<T | undefined> => {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_xact_lock(hashtext('retention-purge')) as locked`.execute(trx);
        return rows[0]?.locked ? work(trx) : undefined;
      });
    },

    async purge(cutoffs: PurgeCutoffs, trx: Executor): Promise<PurgeCounts> {
      const { now } = cutoffs;
      const quotes = await trx
        .deleteFrom('quotes')
        .where('expires_at', '<=', cutoffs.quotesExpiredBefore)
        .executeTakeFirst();
      const sessions = await trx
        .deleteFrom('passenger_sessions')
        .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', now)]))
        .executeTakeFirst();
      const idempotencyAnswers = await trx
        .deleteFrom('idempotency_keys')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      const resetCodes = await trx
        .deleteFrom('reset_codes')
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
        .executeTakeFirst();
      // The record of who was mailed what, when, stays; the words go.
      const mailBodies = await trx
        .updateTable('outbox')
        .set({ text_body: '', html_body: '', attachments: '[]' })
        .where('status', '=', 'sent')
        .where('sent_at', '<=', cutoffs.mailSentBefore)
        .where((eb) =>
          eb.or([
            eb('text_body', '<>', ''),
            eb('html_body', '<>', ''),
            eb(sql`attachments`, '<>', sql`'[]'::jsonb`),
          ]),
        )
        .executeTakeFirst();
      // An unpaid checkout holds a would-be client's details (and a new client's password
      // hash). Closed ones go once expired; open ones a grace later, since a payment made just
      // before expiry may still be confirmed (Stripe retries its webhook for days).
      const checkouts = await trx
        .deleteFrom('checkout_sessions')
        // A change's difference names its booking from the start; unpaid, it goes the same way.
        .where((eb) => eb.or([eb('booking_id', 'is', null), eb('purpose', '=', 'amendment')]))
        .where((eb) =>
          eb.or([
            eb.and([eb('status', 'in', ['canceled', 'expired']), eb('expires_at', '<=', now)]),
            eb.and([
              eb('status', '=', 'open'),
              eb('expires_at', '<=', cutoffs.openCheckoutsExpiredBefore),
            ]),
          ]),
        )
        .executeTakeFirst();
      const positions = await deleteLoosePositions(trx, cutoffs.loosePositionsBefore);
      return {
        quotes: count(quotes),
        sessions: count(sessions),
        idempotencyAnswers: count(idempotencyAnswers),
        resetCodes: count(resetCodes),
        mailBodies: count(mailBodies),
        checkouts: count(checkouts),
        positions,
      };
    },
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
