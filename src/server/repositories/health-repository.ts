import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The questions a health check asks the database. */
export function createHealthRepository(db: Kysely<Database>) {
  return {
    /** Resolves when the database answers a query. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },

    /** Messages in the outbox still waiting to be sent (retries included). */
    async pendingMail(): Promise<number> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
