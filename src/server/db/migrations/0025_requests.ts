import { sql, type Kysely } from 'kysely';

/**
 * The console's Requests (issue 33): a Quote Now request or Contact Us message gets a state
 * (new, replied, closed), the booking made from it (Book this), and the replies written in
 * the console, each kept with who sent it, when, and the outbox row that carried it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('submissions')
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('new'))
    .addColumn('booking_id', 'integer', (col) => col.references('bookings.id'))
    .execute();
  await db.schema
    .alterTable('submissions')
    .addCheckConstraint('submissions_state_kind', sql`state in ('new', 'replied', 'closed')`)
    .execute();
  await db.schema
    .createIndex('submissions_by_time')
    .on('submissions')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createTable('submission_replies')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('submission_id', 'integer', (col) => col.notNull().references('submissions.id'))
    // Kept by id and by name: the name as it was when the reply was sent.
    .addColumn('operator_id', 'integer', (col) => col.references('operators.id'))
    .addColumn('operator_name', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('outbox_id', 'integer', (col) => col.references('outbox.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('submission_replies_by_request')
    .on('submission_replies')
    .columns(['submission_id', 'id'])
    .execute();
}
