import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Rate cards, the tables that adjust a fare (zones, fixed fares, operator charges, bank
 * holidays) and priced quotes. Money is integer pence and uplifts basis points, as in
 * domain/pricing-model.ts, so no price ever passes through a float in the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
    .addColumn('pence_per_mile', 'integer', (col) => col.notNull().check(sql`pence_per_mile >= 0`))
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
    .addPrimaryKeyConstraint('rate_card_hourly_rates_pkey', ['company_id', 'category_id', 'hours'])
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
    .addColumn('lat', 'double precision', (col) => col.notNull().check(sql`lat between -90 and 90`))
    .addColumn('lng', 'double precision', (col) =>
      col.notNull().check(sql`lng between -180 and 180`),
    )
    .addColumn('radius_km', sql`numeric(6, 2)`, (col) => col.notNull().check(sql`radius_km > 0`))
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
}
