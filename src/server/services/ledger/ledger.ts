import type { Transaction } from 'kysely';
import { allocateRefund } from '../../../domain/booking-policy';
import type { Database, PaymentReason } from '../../db/schema';
import type {
  BookingPaymentsRepository,
  NewPayment,
} from '../../repositories/booking-payments-repository';
import type { PaymentProvider, WebhookEvent } from '../payments/payment-provider';
import {
  callForRefund,
  retryDueRefunds,
  settleFromEvent,
  type RefundCallDeps,
} from './refund-calls';

export interface LedgerDeps {
  payments: BookingPaymentsRepository;
  provider: PaymentProvider;
  clock: () => Date;
  logger?: { warn: (object: object, message: string) => void };
  /** Time between automatic retries of a failed refund (RETRY × 2^attempts, capped). */
  retryBaseMs?: number;
}

/** A charge as the ledger takes it: always succeeded (it is written once the provider says paid). */
export type NewCharge = Omit<NewPayment, 'kind' | 'state' | 'refundOf'>;

/**
 * A booking's money, and the one way it moves (issue 32): charges and refunds are rows written
 * in the transaction that decides them, each moving bookings.paid_pence by the same amount
 * (the repository's `record`), and a refund reaches the provider only after that commit, with
 * an idempotency key derived from the booking and the row. A retry, a crash or a second process
 * calls again with the same key, so the provider refunds once.
 */
export function createLedger(deps: LedgerDeps) {
  const calls: RefundCallDeps = { ...deps, retryBaseMs: deps.retryBaseMs ?? 60_000 };

  return {
    /** A paid charge (the booking's checkout, a change's difference), in the caller's transaction. */
    charge: (trx: Transaction<Database>, charge: NewCharge): Promise<number> =>
      deps.payments.record({ ...charge, kind: 'charge', state: 'succeeded' }, trx),

    /** Refunds of `amountPence`, split over the card charges (newest first); their row ids. */
    refundIn: (
      trx: Transaction<Database>,
      booking: { id: number; bookingNumber: string },
      amountPence: number,
      reason: PaymentReason,
    ) => refundIn(deps, trx, booking, amountPence, reason),

    /** After the commit that wrote them: the provider is asked for these refunds. */
    async sendRefunds(ids: readonly number[]): Promise<void> {
      for (const id of ids) await callForRefund(calls, id);
    },

    /** A booking's refunds written but never tried (a crash or a replay after the commit). */
    async untriedRefunds(bookingId: number): Promise<number[]> {
      const rows = await deps.payments.list(bookingId);
      return rows
        .filter((row) => row.kind === 'refund' && row.state === 'pending' && row.attempts === 0)
        .map((row) => row.id);
    },

    /** An operator's "Retry refund": tries a failed refund now; false unless it had failed. */
    async retryNow(id: number): Promise<boolean> {
      if (!(await deps.payments.makeDue(id))) return false;
      await callForRefund(calls, id);
      return true;
    },

    /** Failed refunds whose next try is due, tried again: the job queue's refund-retry pass. */
    retryDue: () => retryDueRefunds(calls),

    settleFromEvent: (event: Extract<WebhookEvent, { kind: 'refunds' }>) =>
      settleFromEvent(calls, event),
  };
}

export type Ledger = ReturnType<typeof createLedger>;

/**
 * Writes the refunds of `amountPence` in the caller's transaction, split over the card
 * payments it returns (newest first). Answers the new rows' ids, for `sendRefunds`.
 */
async function refundIn(
  deps: LedgerDeps,
  trx: Transaction<Database>,
  booking: { id: number; bookingNumber: string },
  amountPence: number,
  reason: PaymentReason,
): Promise<number[]> {
  if (amountPence <= 0) return [];
  const rows = await deps.payments.list(booking.id, trx);
  const charges = rows
    .filter((row) => row.kind === 'charge')
    .map((charge) => ({
      id: charge.id,
      amountPence: charge.amount_pence,
      refundedPence: rows
        .filter((row) => row.kind === 'refund' && row.refund_of === charge.id)
        .reduce((sum, row) => sum + row.amount_pence, 0),
      provider: charge.provider,
    }));
  const ids: number[] = [];
  for (const part of allocateRefund(charges, amountPence)) {
    const charge = charges.find((c) => c.id === part.chargeId)!;
    const id = await deps.payments.record(
      {
        bookingId: booking.id,
        kind: 'refund',
        reason,
        amountPence: part.amountPence,
        provider: charge.provider,
        state: 'pending',
        refundOf: charge.id,
        at: deps.clock(),
      },
      trx,
    );
    // Derived from the booking and this row: the same on every try, unique to this refund.
    await deps.payments.setProviderKey(id, `ridebook-refund-${booking.bookingNumber}-${id}`, trx);
    ids.push(id);
  }
  return ids;
}
