import type { Kysely } from 'kysely';

/**
 * Operator mails about a customer's request carry the customer as Reply-To, so the operator
 * answers with one click (issue 5).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute();
}
