import type { Kysely } from 'kysely';

/**
 * Where a gazetteer place is, shown beside its suggestion (issue 30, item 14): the county of a
 * town ("Waterloo, Merseyside"), the town and postcode district of a station or terminal
 * ("London SE1"). The seed fills it; empty until it runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('places')
    .addColumn('area', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}
