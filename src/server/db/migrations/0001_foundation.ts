import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
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
      col.notNull().check(sql`kind in ('airport', 'terminal', 'station', 'port', 'city', 'town')`),
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
}
