import type { Kysely } from 'kysely';

/**
 * A paid session's id is no proof of who paid (issue 17, item 13): the booking's details are
 * handed out by POST /booking once, and when is kept here; later answers carry its number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('checkout_sessions')
    .addColumn('details_sent_at', 'timestamptz')
    .execute();
}
