import { sql, type Kysely } from 'kysely';

/**
 * The console's manager (issue 33): a third role, of one company like a dispatcher. 0012's
 * operators_company_by_role already gives every role but the admin a company, so only the list
 * of roles changes; the check gets a name of its own so the next change can find it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // 0012's column check, named by PostgreSQL after its table and column.
  await sql`alter table operators drop constraint operators_role_check`.execute(db);
  await db.schema
    .alterTable('operators')
    .addCheckConstraint('operators_role_kind', sql`role in ('admin', 'manager', 'dispatcher')`)
    .execute();
}
