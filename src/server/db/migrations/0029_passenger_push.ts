import { sql, type Kysely } from 'kysely';

/**
 * The passenger's Web Push (issue 35): the browsers that follow a booking from its page
 * ("Notify me on this phone"). Bound to the booking: deleted with it, and by the change that
 * ends it. A browser has one subscription for the whole site, so the same endpoint may follow
 * several bookings (a passenger with two trips on one phone): it is unique per booking, not
 * across the table as the driver's are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passenger_push_subscriptions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('booking_id', 'integer', (col) =>
      col.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('endpoint', 'text', (col) => col.notNull())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('passenger_push_subscriptions_booking_endpoint', [
      'booking_id',
      'endpoint',
    ])
    .execute();
  // A push service's "gone" removes an endpoint from every booking it follows.
  await db.schema
    .createIndex('passenger_push_subscriptions_endpoint')
    .on('passenger_push_subscriptions')
    .column('endpoint')
    .execute();
}
