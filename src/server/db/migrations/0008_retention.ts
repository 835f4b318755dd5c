import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Retention (issue 17): a mail holding a secret (a reset code) loses its body once sent; the
 * purge finds ended rows by these indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
}
