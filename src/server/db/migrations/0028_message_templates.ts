import { sql, type Kysely } from 'kysely';

/**
 * The operator's own wording of what the passenger is told (issue 35): one row per event the
 * operator changed on the Messages page; an event without a row uses the default in
 * domain/passenger-messages.ts, and Reset to default deletes the row. Subject and intro are
 * null for an event told by text only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_templates')
    .addColumn('event', 'text', (col) => col.primaryKey())
    .addColumn('subject', 'text')
    .addColumn('intro', 'text')
    .addColumn('sms', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (col) => col.references('operators.id'))
    .execute();
}
