import { sql, type Kysely } from 'kysely';

/**
 * The late-cancellation fee cannot be cut by changing first (issue 30): the highest price a
 * booking has had since it was first changed inside the late window, pence. Null until then,
 * when the fee is worked out on what was paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('late_fee_base_pence', 'integer', (col) => col.check(sql`late_fee_base_pence >= 0`))
    .execute();
}
