import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Secrets the server makes for itself (issue 30): the key that signs the device cookie, kept in
 * the database so every process on it signs alike and a restart keeps the browsers it knows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}
