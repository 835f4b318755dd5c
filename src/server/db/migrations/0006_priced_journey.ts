import type { Kysely } from 'kysely';

/**
 * Quotes and bookings keep where each point was placed and the miles priced, so a typed
 * address priced somewhere else can be seen (issue 17, item 1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quotes').addColumn('priced_journey', 'jsonb').execute();
  await db.schema.alterTable('bookings').addColumn('priced_journey', 'jsonb').execute();
}
