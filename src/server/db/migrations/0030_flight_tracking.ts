import { sql, type Kysely } from 'kysely';

/**
 * Flight tracking (issue 35). Each airport zone gains its IATA code (what the flight must land
 * at) and its own meeting buffer (null: FLIGHT_BUFFER_MINUTES). A job whose pickup is at such
 * an airport and that carries a flight number has one flight_tracks row: what the provider
 * last said of the flight, the meet time worked out from it, and when to look again.
 * A text can now go to the driver too, and a flight can move the pickup more than once, so a
 * text is once per booking, journey, event, recipient and occurrence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('zones')
    .addColumn('iata_code', 'text')
    .addColumn('flight_buffer_minutes', 'integer')
    .execute();
  // The demo and existing airport zones carry the code in their name: 'Heathrow Airport (LHR)'.
  await sql`update zones set iata_code = substring(name from '\\(([A-Z]{3})\\)')
    where is_airport`.execute(db);
  await db.schema
    .createTable('flight_tracks')
    .addColumn('booking_id', 'integer', (col) =>
      col.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('leg', 'text', (col) => col.notNull())
    .addColumn('flight_no', 'text', (col) => col.notNull())
    .addColumn('airport_code', 'text', (col) => col.notNull())
    .addColumn('airport_name', 'text', (col) => col.notNull())
    .addColumn('buffer_minutes', 'integer', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('warning', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('scheduled_on', 'timestamptz')
    .addColumn('estimated_on', 'timestamptz')
    .addColumn('actual_on', 'timestamptz')
    .addColumn('meet_at', 'timestamptz')
    .addColumn('moves', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('checked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('flight_tracks_pkey', ['booking_id', 'leg'])
    .execute();
  await db.schema
    .alterTable('flight_tracks')
    .addCheckConstraint(
      'flight_tracks_state_kind',
      sql`state in ('untracked', 'checking', 'not_found', 'scheduled', 'delayed', 'early',
        'landed', 'cancelled', 'diverted')`,
    )
    .execute();
  await db.schema
    .alterTable('text_messages')
    .addColumn('recipient', 'text', (col) => col.notNull().defaultTo('passenger'))
    .addColumn('occurrence', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('text_messages')
    .dropConstraint('text_messages_once_per_event')
    .execute();
  await db.schema
    .alterTable('text_messages')
    .addUniqueConstraint('text_messages_once_per_event', [
      'booking_id',
      'leg',
      'event',
      'recipient',
      'occurrence',
    ])
    .execute();
}
