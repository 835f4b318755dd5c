import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Accounts, bookings, card checkout, the mail outbox and reset codes (issue 4). A booking
 * keeps the server's price in pence and the normalised form it was priced from; passenger
 * details and stops are rows of their own, written in the booking's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passengers')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('email', 'text', (col) => col.notNull())
    // lower(trim(email)): one account per address however it is typed.
    .addColumn('email_key', 'text', (col) => col.notNull().unique())
    .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    // Random digits, not a sequence: one booking number says nothing about the next.
    .addColumn('booking_number', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('confirmed')
        .check(sql`status in ('confirmed', 'cancelled')`),
    )
    .addColumn('booking_type', 'text', (col) =>
      col.notNull().check(sql`booking_type in ('milleage', 'hourly')`),
    )
    .addColumn('ride_type', 'text', (col) => col.notNull().check(sql`ride_type in ('Q', 'H')`))
    .addColumn('journey_type', 'text', (col) =>
      col.notNull().check(sql`journey_type in ('one_way', 'return', 'hourly')`),
    )
    .addColumn('registration_mode', 'text', (col) =>
      col
        .notNull()
        .check(sql`registration_mode in ('guest_login', 'new_client', 'existing_client')`),
    )
    .addColumn('passenger_id', 'integer', (col) =>
      col.references('passengers.id').onDelete('set null'),
    )
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id'))
    .addColumn('category_id', 'integer', (col) => col.notNull().references('fleet_categories.id'))
    .addColumn('vehicle_count', 'smallint', (col) =>
      col.notNull().check(sql`vehicle_count between 1 and 6`),
    )
    .addColumn('pick_up_address', 'text', (col) => col.notNull())
    .addColumn('drop_off_address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('pick_up_date', 'text', (col) => col.notNull())
    .addColumn('pick_up_time', 'text', (col) => col.notNull())
    .addColumn('pickup_at', 'timestamptz', (col) => col.notNull())
    .addColumn('return_pickup_address', 'text')
    .addColumn('return_dropoff_address', 'text')
    .addColumn('return_date', 'text')
    .addColumn('return_time', 'text')
    .addColumn('return_at', 'timestamptz')
    .addColumn('hourly_duration', 'smallint')
    .addColumn('flight_no', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('return_flight_no', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('payment_method', 'text', (col) =>
      col.notNull().check(sql`payment_method in ('car', 'card')`),
    )
    .addColumn('payment_status', 'text', (col) =>
      col.notNull().check(sql`payment_status in ('pay_in_car', 'paid')`),
    )
    // One booking per paid checkout session, whoever finalises it first.
    .addColumn('checkout_session_id', 'text', (col) => col.unique())
    .addColumn('payment_id', 'text')
    .addColumn('quote_id', 'text')
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('£'))
    .addColumn('price_pence', 'integer', (col) => col.notNull().check(sql`price_pence >= 0`))
    .addColumn('total_pence', 'integer', (col) => col.notNull().check(sql`total_pence >= 0`))
    .addColumn('breakdown', 'jsonb', (col) => col.notNull())
    // The normalised form the price was computed from (extras, counts, stops).
    .addColumn('form', 'jsonb', (col) => col.notNull())
    .addColumn('distance', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('bookings_passenger_idx')
    .on('bookings')
    .columns(['passenger_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('booking_passengers')
    .addColumn('booking_id', 'integer', (col) =>
      col.primaryKey().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('passenger_id', 'integer', (col) =>
      col.references('passengers.id').onDelete('set null'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('additional_info', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('return_additional_info', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('total_passengers', 'smallint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('booking_stops')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('booking_id', 'integer', (col) =>
      col.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('position', 'smallint', (col) => col.notNull())
    .addColumn('stop_address', 'text', (col) => col.notNull())
    .addColumn('stop_post_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('stop_street_number', 'text', (col) => col.notNull().defaultTo(''))
    .addUniqueConstraint('booking_stops_position_key', ['booking_id', 'position'])
    .execute();

  // A card checkout: the pending booking (validated inputs, price, hashed password of a
  // new client, never the password itself) waits here until the payment is confirmed.
  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) =>
      col.notNull().check(sql`provider in ('stripe', 'test')`),
    )
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'paid', 'booked', 'canceled', 'expired')`),
    )
    .addColumn('amount_pence', 'integer', (col) => col.notNull().check(sql`amount_pence >= 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('pending', 'jsonb', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('success_url', 'text', (col) => col.notNull())
    .addColumn('cancel_url', 'text', (col) => col.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('booking_id', 'integer', (col) => col.references('bookings.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('completed_at', 'timestamptz')
    .execute();

  // Mail is written here in the transaction of what caused it, then sent and retried.
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    .addColumn('attachments', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Held by one sender until this time, so two processes never send the same message.
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('message_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('outbox_due_idx')
    .on('outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('reset_codes')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('passenger_id', 'integer', (col) =>
      col.notNull().references('passengers.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('reset_codes_passenger_idx')
    .on('reset_codes')
    .columns(['passenger_id', 'created_at'])
    .execute();
}
