import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * A daily cap on the mails one recipient gets from anonymous requests (issue 17): a capped
 * mail carries its recipient's mailbox key (cap_key), and one over the cap is kept as
 * 'suppressed' with its reason and without its body, never sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
}
