import { sql, type Kysely } from 'kysely';

/**
 * Text messages to passengers (issue 35): whether the passenger wants them, their number in
 * E.164 (null when it cannot take texts, with the reason shown to them and the console), and
 * one row per text: at most one per booking, journey and event, its delivery status as the
 * provider last reported it. The sending itself is a job on the job queue (pg-boss).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('booking_passengers')
    .addColumn('texts_wanted', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('text_number', 'text')
    .addColumn('text_problem', 'text')
    .execute();
  await db.schema
    .createTable('text_messages')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('booking_id', 'integer', (col) =>
      col.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('leg', 'text', (col) => col.notNull().defaultTo('outward'))
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('to_number', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
    .addColumn('provider_id', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('status_at', 'timestamptz')
    .addUniqueConstraint('text_messages_once_per_event', ['booking_id', 'leg', 'event'])
    .execute();
  await db.schema
    .alterTable('text_messages')
    .addCheckConstraint(
      'text_messages_status_kind',
      sql`status in ('queued', 'sending', 'sent', 'delivered', 'failed', 'undelivered', 'suppressed')`,
    )
    .execute();
  // The per-number daily cap counts by number and time; the status callback finds by SID.
  await db.schema
    .createIndex('text_messages_by_number')
    .on('text_messages')
    .columns(['to_number', 'created_at'])
    .execute();
  await db.schema
    .createIndex('text_messages_by_provider_id')
    .on('text_messages')
    .column('provider_id')
    .execute();
}
