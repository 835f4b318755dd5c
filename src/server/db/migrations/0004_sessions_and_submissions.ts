import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Corporate sign-in sessions (bearer tokens stored only as SHA-256 hashes) and the quote-now
 * and contact submissions (issue 5).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
}
