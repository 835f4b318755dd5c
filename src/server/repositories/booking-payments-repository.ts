import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, PaymentKind, PaymentReason, PaymentState } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewPayment {
  bookingId: number;
  kind: PaymentKind;
  reason: PaymentReason;
  amountPence: number;
  provider: string;
  state: PaymentState;
  providerRef?: string | null;
  checkoutSessionId?: string | null;
  /** A refund: the charge it returns part of. */
  refundOf?: number | null;
  at: Date;
}

const COLUMNS = [
  'id',
  'booking_id',
  'kind',
  'reason',
  'amount_pence',
  'provider',
  'provider_ref',
  'provider_key',
  'refund_of',
  'state',
  'attempts',
  'next_attempt_at',
  'last_error',
  'created_at',
] as const;

/**
 * The money ledger. `record` is the one way a row is added: it moves bookings.paid_pence by the
 * same amount in the same transaction, so paid = charges − refunds always holds.
 */
function ledgerRows(db: Kysely<Database>) {
  return {
    async record(payment: NewPayment, trx: Transaction<Database>): Promise<number> {
      const row = await trx
        .insertInto('booking_payments')
        .values({
          booking_id: payment.bookingId,
          kind: payment.kind,
          reason: payment.reason,
          amount_pence: payment.amountPence,
          provider: payment.provider,
          provider_ref: payment.providerRef ?? null,
          checkout_session_id: payment.checkoutSessionId ?? null,
          refund_of: payment.refundOf ?? null,
          state: payment.state,
          created_at: payment.at,
          settled_at: payment.state === 'succeeded' ? payment.at : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const signed = payment.kind === 'charge' ? payment.amountPence : -payment.amountPence;
      await trx
        .updateTable('bookings')
        .set({ paid_pence: sql<number>`paid_pence + ${signed}` })
        .where('id', '=', payment.bookingId)
        .execute();
      return row.id;
    },

    /** The idempotency key the provider sees for a refund: fixed once, reused on every retry. */
    async setProviderKey(id: number, key: string, trx: Executor): Promise<void> {
      await trx
        .updateTable('booking_payments')
        .set({ provider_key: key })
        .where('id', '=', id)
        .execute();
    },

    async list(bookingId: number, trx?: Executor) {
      return (trx ?? db)
        .selectFrom('booking_payments')
        .select(COLUMNS)
        .where('booking_id', '=', bookingId)
        .orderBy('id')
        .execute();
    },

    async find(id: number, trx?: Executor) {
      return (trx ?? db)
        .selectFrom('booking_payments')
        .select(COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

/** The state of refunds on their way to the provider: claimed, settled, retried. */
function refundStates(db: Kysely<Database>) {
  return {
    /**
     * Takes a refund for one provider call: true when this caller may call now (it is not
     * settled, its time has come, and no other call holds it until `leaseUntil`). A crash
     * mid-call leaves the lease to run out; the retry uses the same provider key, so the
     * provider refunds once.
     */
    async claimRefund(id: number, now: Date, leaseUntil: Date): Promise<boolean> {
      const result = await db
        .updateTable('booking_payments')
        .set({ locked_until: leaseUntil, attempts: sql<number>`attempts + 1` })
        .where('id', '=', id)
        .where('kind', '=', 'refund')
        .where('state', '!=', 'succeeded')
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** What the provider said: settled, still pending (its webhook settles it), or refused. */
    async settleRefund(
      id: number,
      outcome: {
        state: PaymentState;
        providerRef?: string | null;
        error?: string | null;
        retryAt?: Date | null;
        /** A new key after the provider definitely refused: the old one would replay the refusal. */
        providerKey?: string;
        at: Date;
      },
    ): Promise<void> {
      await db
        .updateTable('booking_payments')
        .set({
          state: outcome.state,
          ...(outcome.providerRef ? { provider_ref: outcome.providerRef } : {}),
          ...(outcome.providerKey ? { provider_key: outcome.providerKey } : {}),
          last_error: outcome.error ?? null,
          next_attempt_at: outcome.retryAt ?? null,
          locked_until: null,
          settled_at: outcome.state === 'succeeded' ? outcome.at : null,
        })
        .where('id', '=', id)
        .where('state', '!=', 'succeeded')
        .execute();
    },

    /**
     * A failed refund made due now (the operator's Retry refund); false unless it had failed.
     * A call in flight keeps its lock, so the retry cannot run beside it.
     */
    async makeDue(id: number): Promise<boolean> {
      const result = await db
        .updateTable('booking_payments')
        .set({ next_attempt_at: null })
        .where('id', '=', id)
        .where('kind', '=', 'refund')
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Refunds not yet settled whose retry time has come: the retrier's work. */
    async dueRefunds(now: Date, limit: number) {
      return db
        .selectFrom('booking_payments')
        .select(['id'])
        .where('kind', '=', 'refund')
        .where('state', '!=', 'succeeded')
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The refunds of a card payment (pi_…), for the provider's refund events. */
    async refundsOfPayment(paymentId: string) {
      return db
        .selectFrom('booking_payments as refund')
        .innerJoin('booking_payments as charge', 'charge.id', 'refund.refund_of')
        .select([
          'refund.id',
          'refund.provider_ref',
          'refund.provider_key',
          'refund.state',
          'refund.attempts',
        ])
        .where('refund.kind', '=', 'refund')
        .where('charge.provider_ref', '=', paymentId)
        .orderBy('refund.id')
        .execute();
    },
  };
}

/**
 * The money ledger, written through the ledger service (services/ledger/): its rows, and the
 * state of refunds on their way to the provider.
 */
export function createBookingPaymentsRepository(db: Kysely<Database>) {
  return { ...ledgerRows(db), ...refundStates(db) };
}

export type BookingPaymentsRepository = ReturnType<typeof createBookingPaymentsRepository>;
export type PaymentRow = Awaited<ReturnType<BookingPaymentsRepository['list']>>[number];
