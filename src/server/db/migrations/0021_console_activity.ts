import { sql, type Kysely } from 'kysely';

/**
 * The console's activity log (issue 33): every change an operator makes to how the business is
 * set up (settings, prices, fleet, companies, accounts, drivers) and to bookings, with who, when,
 * what, and the values before and after. Append-only: the database refuses an UPDATE or DELETE,
 * so not even a bug or a hand-typed query can rewrite what happened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_activity')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Kept by id and by name: the name as it was when the change was made.
    .addColumn('operator_id', 'integer', (col) => col.references('operators.id'))
    .addColumn('operator_name', 'text', (col) => col.notNull())
    // The company the change concerns (null: the whole site), for a manager's view of it.
    .addColumn('company_id', 'integer', (col) => col.references('companies.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema
    .createIndex('console_activity_by_time')
    .on('console_activity')
    .columns(['at', 'id'])
    .execute();
  await sql`
    create function console_activity_append_only() returns trigger
    language plpgsql as $$
    begin
      raise exception 'console_activity rows cannot be changed or deleted';
    end;
    $$`.execute(db);
  await sql`
    create trigger console_activity_no_change
    before update or delete on console_activity
    for each row execute function console_activity_append_only()`.execute(db);
}
