import type { Kysely } from 'kysely';

/**
 * The console's Fleet and Companies pages (issue 33): a company's own phone and email (its
 * passengers' "call us on …" and its booking notices), a category the admin can withdraw
 * without losing the bookings made in it, and a company's own picture of a category it runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('fleet_categories')
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  // Null: the company shows the category's own picture.
  await db.schema.alterTable('company_vehicles').addColumn('image_path', 'text').execute();
}
