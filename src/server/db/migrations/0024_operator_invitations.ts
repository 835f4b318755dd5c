import { sql, type Kysely } from 'kysely';

/**
 * Console accounts made from the console (issue 33): nobody types another person's password, so
 * a new account has none until its owner sets one from the invitation mailed to them. The
 * invitation's token is kept only as its hash; a used one keeps its row (and `used_at`) so a
 * second click can be told it was used rather than that it never existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operators alter column password_hash drop not null`.execute(db);

  await db.schema
    .createTable('operator_invitations')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('operator_id', 'integer', (col) =>
      col.notNull().references('operators.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('operator_invitations_operator')
    .on('operator_invitations')
    .column('operator_id')
    .execute();
}
