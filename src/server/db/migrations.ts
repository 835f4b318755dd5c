import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Migration, MigrationProvider } from 'kysely/migration';

/**
 * Migrations live in code so the server migrates itself at start on PGlite and PostgreSQL alike.
 * Never edit one that has shipped: add the next. Names sort in the order they run.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('settings')
        .addColumn('setting_name', 'text', (col) => col.primaryKey())
        .addColumn('setting_value', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('companies')
        .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('rating', sql`numeric(2, 1)`, (col) =>
          col.notNull().check(sql`rating between 1 and 5`),
        )
        .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
        .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('fleet_categories')
        .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('seats', 'integer', (col) => col.notNull().check(sql`seats > 0`))
        .addColumn('luggage', 'integer', (col) => col.notNull().check(sql`luggage >= 0`))
        .addColumn('hand_luggage', 'integer', (col) => col.notNull().check(sql`hand_luggage >= 0`))
        .addColumn('wheelchair_spaces', 'integer', (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`wheelchair_spaces >= 0`),
        )
        .addColumn('image_path', 'text', (col) => col.notNull())
        .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();

      // One row per operator and category it runs; rate-card columns arrive with pricing.
      await db.schema
        .createTable('company_vehicles')
        .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('company_id', 'integer', (col) =>
          col.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('category_id', 'integer', (col) =>
          col.notNull().references('fleet_categories.id').onDelete('cascade'),
        )
        .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
        .addUniqueConstraint('company_vehicles_company_category_key', ['company_id', 'category_id'])
        .execute();

      await db.schema
        .createTable('places')
        .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('key', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('address', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) =>
          col
            .notNull()
            .check(sql`kind in ('airport', 'terminal', 'station', 'port', 'city', 'town')`),
        )
        .addColumn('lat', 'double precision', (col) => col.notNull())
        .addColumn('lng', 'double precision', (col) => col.notNull())
        .addColumn('postcode', 'text')
        .addColumn('popular', 'boolean', (col) => col.notNull().defaultTo(false))
        .addColumn('search_name', 'text', (col) => col.notNull())
        .addColumn('search_text', 'text', (col) => col.notNull())
        .addColumn('rank', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('source', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('places_popular_idx')
        .on('places')
        .columns(['popular', 'rank'])
        .execute();

      await db.schema
        .createTable('banned_addresses')
        .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('pattern', 'text', (col) => col.notNull().unique())
        .addColumn('reason', 'text')
        .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .execute();

      // A replayed POST with the same key gets the first answer back (API.md, Headers).
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('request_hash', 'text', (col) => col.notNull())
        .addColumn('status_code', 'integer', (col) => col.notNull())
        .addColumn('response', 'jsonb', (col) => col.notNull())
        .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pkey', ['scope', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_expires_idx')
        .on('idempotency_keys')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('seed_runs')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('digest', 'text', (col) => col.notNull())
        .addColumn('applied_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  // Rate cards, the tables that adjust a fare (zones, fixed fares, operator charges, bank
  // holidays) and priced quotes. Money is integer pence and uplifts basis points, as in
  // domain/pricing-model.ts, so no price ever passes through a float in the database.
  '0002_pricing': {
    async up(db: Kysely<unknown>) {
      // One card per operator and category it runs; dropping the offering drops its card.
      await db.schema
        .createTable('rate_cards')
        .addColumn('company_id', 'integer', (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) => col.notNull())
        .addColumn('base_fare_pence', 'integer', (col) =>
          col.notNull().check(sql`base_fare_pence >= 0`),
        )
        .addColumn('minimum_fare_pence', 'integer', (col) =>
          col.notNull().check(sql`minimum_fare_pence >= 0`),
        )
        .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('rate_cards_pkey', ['company_id', 'category_id'])
        .addForeignKeyConstraint(
          'rate_cards_offering_fkey',
          ['company_id', 'category_id'],
          'company_vehicles',
          ['company_id', 'category_id'],
          (fk) => fk.onDelete('cascade'),
        )
        .execute();

      // Bands in order: band 1 covers the first up_to_miles, band 2 the miles after it up to
      // its own up_to_miles, and so on; the last band's up_to_miles is null (every mile beyond).
      await db.schema
        .createTable('rate_card_mile_bands')
        .addColumn('company_id', 'integer', (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) => col.notNull())
        .addColumn('band', 'smallint', (col) => col.notNull().check(sql`band between 1 and 20`))
        .addColumn('up_to_miles', sql`numeric(7, 1)`, (col) => col.check(sql`up_to_miles > 0`))
        .addColumn('pence_per_mile', 'integer', (col) =>
          col.notNull().check(sql`pence_per_mile >= 0`),
        )
        .addPrimaryKeyConstraint('rate_card_mile_bands_pkey', ['company_id', 'category_id', 'band'])
        .addForeignKeyConstraint(
          'rate_card_mile_bands_card_fkey',
          ['company_id', 'category_id'],
          'rate_cards',
          ['company_id', 'category_id'],
          (fk) => fk.onDelete('cascade'),
        )
        .execute();

      // The whole price of an N-hour hire; a missing duration means the card has no such hire.
      await db.schema
        .createTable('rate_card_hourly_rates')
        .addColumn('company_id', 'integer', (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) => col.notNull())
        .addColumn('hours', 'smallint', (col) => col.notNull().check(sql`hours between 4 and 24`))
        .addColumn('price_pence', 'integer', (col) => col.notNull().check(sql`price_pence >= 0`))
        .addPrimaryKeyConstraint('rate_card_hourly_rates_pkey', [
          'company_id',
          'category_id',
          'hours',
        ])
        .addForeignKeyConstraint(
          'rate_card_hourly_rates_card_fkey',
          ['company_id', 'category_id'],
          'rate_cards',
          ['company_id', 'category_id'],
          (fk) => fk.onDelete('cascade'),
        )
        .execute();

      await db.schema
        .createTable('zones')
        .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('lat', 'double precision', (col) =>
          col.notNull().check(sql`lat between -90 and 90`),
        )
        .addColumn('lng', 'double precision', (col) =>
          col.notNull().check(sql`lng between -180 and 180`),
        )
        .addColumn('radius_km', sql`numeric(6, 2)`, (col) =>
          col.notNull().check(sql`radius_km > 0`),
        )
        .addColumn('is_airport', 'boolean', (col) => col.notNull().defaultTo(false))
        .execute();

      await db.schema
        .createTable('fixed_fares')
        .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('company_id', 'integer', (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) => col.notNull())
        .addColumn('from_zone_id', 'integer', (col) =>
          col.notNull().references('zones.id').onDelete('cascade'),
        )
        .addColumn('to_zone_id', 'integer', (col) =>
          col.notNull().references('zones.id').onDelete('cascade'),
        )
        .addColumn('both_ways', 'boolean', (col) => col.notNull().defaultTo(true))
        .addColumn('fare_pence', 'integer', (col) => col.notNull().check(sql`fare_pence >= 0`))
        .addForeignKeyConstraint(
          'fixed_fares_offering_fkey',
          ['company_id', 'category_id'],
          'company_vehicles',
          ['company_id', 'category_id'],
          (fk) => fk.onDelete('cascade'),
        )
        .addUniqueConstraint('fixed_fares_route_key', [
          'company_id',
          'category_id',
          'from_zone_id',
          'to_zone_id',
        ])
        .addCheckConstraint('fixed_fares_two_zones', sql`from_zone_id <> to_zone_id`)
        .execute();

      await db.schema
        .createTable('company_charges')
        .addColumn('company_id', 'integer', (col) =>
          col.primaryKey().references('companies.id').onDelete('cascade'),
        )
        .addColumn('airport_pickup_pence', 'integer', (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`airport_pickup_pence >= 0`),
        )
        // Minutes after midnight, UK time; start > end means the window wraps midnight.
        .addColumn('night_start_minute', 'smallint', (col) =>
          col
            .notNull()
            .defaultTo(1320)
            .check(sql`night_start_minute between 0 and 1439`),
        )
        .addColumn('night_end_minute', 'smallint', (col) =>
          col
            .notNull()
            .defaultTo(360)
            .check(sql`night_end_minute between 0 and 1439`),
        )
        .addColumn('night_uplift_bp', 'integer', (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`night_uplift_bp between 0 and 100000`),
        )
        .addColumn('bank_holiday_uplift_bp', 'integer', (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`bank_holiday_uplift_bp between 0 and 100000`),
        )
        .execute();

      await db.schema
        .createTable('bank_holidays')
        .addColumn('date', 'date', (col) => col.notNull())
        .addColumn('region', 'text', (col) =>
          col.notNull().check(sql`region in ('england-and-wales', 'scotland')`),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('bank_holidays_pkey', ['date', 'region'])
        .execute();

      // A priced quote: what the server offered, so a booking refers to it by id and never
      // takes a price from the client. The id is random and long, so one cannot be guessed.
      await db.schema
        .createTable('quotes')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
        .addColumn('booking_type', 'text', (col) =>
          col.notNull().check(sql`booking_type in ('milleage', 'hourly')`),
        )
        .addColumn('request', 'jsonb', (col) => col.notNull())
        .addColumn('company_id', 'integer', (col) =>
          col.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('category_id', 'integer', (col) =>
          col.notNull().references('fleet_categories.id').onDelete('cascade'),
        )
        .addColumn('vehicle_count', 'smallint', (col) =>
          col.notNull().check(sql`vehicle_count between 1 and 6`),
        )
        .addColumn('price_pence', 'integer', (col) => col.notNull().check(sql`price_pence >= 0`))
        .addColumn('final_pence', 'integer', (col) => col.notNull().check(sql`final_pence >= 0`))
        .addColumn('breakdown', 'jsonb', (col) => col.notNull())
        .addColumn('distance', 'jsonb')
        .execute();
      await db.schema.createIndex('quotes_expires_idx').on('quotes').column('expires_at').execute();
    },
  },
  // Accounts, bookings, card checkout, the mail outbox and reset codes (issue 4). A booking
  // keeps the server's price in pence and the normalised form it was priced from; passenger
  // details and stops are rows of their own, written in the booking's transaction.
  '0003_bookings': {
    async up(db: Kysely<unknown>) {
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
        .addColumn('category_id', 'integer', (col) =>
          col.notNull().references('fleet_categories.id'),
        )
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
    },
  },
  // Corporate sign-in sessions (bearer tokens stored only as SHA-256 hashes) and the quote-now
  // and contact submissions (issue 5).
  '0004_sessions_and_submissions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passenger_sessions')
        .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
        // sha256 of the 32 random bytes the passenger holds; the token itself is never stored.
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('passenger_id', 'integer', (col) =>
          col.notNull().references('passengers.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('passenger_sessions_passenger_idx')
        .on('passenger_sessions')
        .column('passenger_id')
        .execute();

      await db.schema
        .createTable('submissions')
        .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('kind', 'text', (col) =>
          col.notNull().check(sql`kind in ('quote-now', 'contact-us')`),
        )
        .addColumn('email', 'text', (col) => col.notNull())
        // The validated request as received, for the operator to act on.
        .addColumn('payload', 'jsonb', (col) => col.notNull())
        .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  // Operator mails about a customer's request carry the customer as Reply-To, so the operator
  // answers with one click (issue 5).
  '0005_outbox_reply_to': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute();
    },
  },
  // Quotes and bookings keep where each point was placed and the miles priced, so a typed
  // address priced somewhere else can be seen (issue 17, item 1).
  '0006_priced_journey': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('quotes').addColumn('priced_journey', 'jsonb').execute();
      await db.schema.alterTable('bookings').addColumn('priced_journey', 'jsonb').execute();
    },
  },
  // A daily cap on the mails one recipient gets from anonymous requests (issue 17): a capped
  // mail carries its recipient's mailbox key (cap_key), and one over the cap is kept as
  // 'suppressed' with its reason and without its body, never sent.
  '0007_mail_caps': {
    async up(db: Kysely<unknown>) {
      await sql`alter table outbox drop constraint if exists outbox_status_check`.execute(db);
      await sql`alter table outbox add constraint outbox_status_check
        check (status in ('pending', 'sent', 'failed', 'suppressed'))`.execute(db);
      await db.schema
        .alterTable('outbox')
        .addColumn('cap_key', 'text')
        .addColumn('suppressed_reason', 'text')
        .execute();
      await sql`create index outbox_cap_key_idx
        on outbox (cap_key, created_at) where cap_key is not null`.execute(db);
    },
  },
  // Retention (issue 17): a mail holding a secret (a reset code) loses its body once sent; the
  // purge finds ended rows by these indexes.
  '0008_retention': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('outbox')
        .addColumn('secret', 'boolean', (col) => col.notNull().defaultTo(false))
        .execute();
      await sql`create index outbox_sent_idx on outbox (sent_at) where status = 'sent'`.execute(db);
      await db.schema
        .createIndex('passenger_sessions_expires_idx')
        .on('passenger_sessions')
        .column('expires_at')
        .execute();
      await db.schema
        .createIndex('reset_codes_expires_idx')
        .on('reset_codes')
        .column('expires_at')
        .execute();
      await db.schema
        .createIndex('checkout_sessions_expires_idx')
        .on('checkout_sessions')
        .column('expires_at')
        .execute();
    },
  },
  // A paid session's id is no proof of who paid (issue 17, item 13): the booking's details are
  // handed out by POST /booking once, and when is kept here; later answers carry its number.
  '0010_checkout_claims': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('checkout_sessions')
        .addColumn('details_sent_at', 'timestamptz')
        .execute();
    },
  },
};

const provider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/**
 * Brings the schema up to date. `schema` names where Kysely keeps its own bookkeeping tables;
 * it must be the first schema on the connection's search_path, so each test schema has its own.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, schema: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
