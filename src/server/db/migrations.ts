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
