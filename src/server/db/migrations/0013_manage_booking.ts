import { sql, type Kysely } from 'kysely';

/**
 * The passenger's own booking page (issue 22): manage tokens, the money ledger of every card
 * charge and refund, a difference checkout's purpose, and the operator's address and VAT number
 * for receipts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Only the SHA-256 of a token is kept; each is bound to one booking and expires.
  await db.schema
    .createTable('manage_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('booking_id', 'integer', (col) =>
      col.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('manage_tokens_booking')
    .on('manage_tokens')
    .column('booking_id')
    .execute();

  // Every charge and refund, pence; paid = charges − refunds (failed refunds are still owed
  // and retried, so they count). Provider calls happen outside the transaction that writes the
  // row; `provider_key` is the idempotency key the provider saw, derived from the booking.
  await db.schema
    .createTable('booking_payments')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('booking_id', 'integer', (col) =>
      col.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('charge', 'refund')`))
    .addColumn('reason', 'text', (col) =>
      col.notNull().check(sql`reason in ('booking', 'amendment', 'cancellation')`),
    )
    .addColumn('amount_pence', 'integer', (col) => col.notNull().check(sql`amount_pence > 0`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('gbp'))
    .addColumn('provider', 'text', (col) => col.notNull())
    // pi_… for a charge, re_… for a refund once the provider answered.
    .addColumn('provider_ref', 'text')
    .addColumn('checkout_session_id', 'text')
    // A refund returns part of one charge (a card payment); a charge has none.
    .addColumn('refund_of', 'integer', (col) => col.references('booking_payments.id'))
    .addColumn('provider_key', 'text', (col) => col.unique())
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    // When the next try is due (a back-off after a refusal, or the next look at a pending one).
    .addColumn('next_attempt_at', 'timestamptz')
    // Held by one process's provider call until then: no second call runs alongside it.
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('booking_payments_booking')
    .on('booking_payments')
    .columns(['booking_id', 'id'])
    .execute();
  await db.schema
    .createIndex('booking_payments_retry')
    .on('booking_payments')
    .columns(['state', 'next_attempt_at'])
    .execute();

  // What the booking says was paid, pence: kept in step with the ledger in one transaction.
  // `version` rises with each change by the passenger, so a change worked out on an older copy
  // is refused. `late_fee_due`: the pickup was moved when cancelling would already have cost the
  // late fee, so moving it cannot make a later cancellation free.
  await db.schema
    .alterTable('bookings')
    .addColumn('paid_pence', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('late_fee_due', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`update bookings set paid_pence = total_pence where payment_status = 'paid'`.execute(db);
  // Card bookings made before have their one charge on the ledger.
  await sql`
    insert into booking_payments
      (booking_id, kind, reason, amount_pence, provider, provider_ref, checkout_session_id, state, created_at, settled_at)
    select b.id, 'charge', 'booking', b.total_pence, coalesce(s.provider, 'stripe'), b.payment_id,
      b.checkout_session_id, 'succeeded', b.created_at, b.created_at
    from bookings b left join checkout_sessions s on s.id = b.checkout_session_id
    where b.payment_status = 'paid' and b.total_pence > 0
  `.execute(db);

  // A checkout session pays for a new booking, or for the difference of a change to one.
  await db.schema
    .alterTable('checkout_sessions')
    .addColumn('purpose', 'text', (col) =>
      col
        .notNull()
        .defaultTo('booking')
        .check(sql`purpose in ('booking', 'amendment')`),
    )
    // A paid difference: its change was made ('applied'), or could not be and was refunded.
    .addColumn('outcome', 'text', (col) => col.check(sql`outcome in ('applied', 'refunded')`))
    .execute();

  // A receipt names the operator's address, and its VAT number when it has one.
  await db.schema
    .alterTable('companies')
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('vat_number', 'text')
    .execute();
}
