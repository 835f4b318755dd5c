import type { Transaction } from 'kysely';
import type { PaymentEntry } from '../../../contract/booking-payments';
import { allocateRefund } from '../../../domain/booking-policy';
import { pence, penceToPounds } from '../../../domain/money';
import type { Database, PaymentReason } from '../../db/schema';
import type {
  BookingPaymentsRepository,
  PaymentRow,
} from '../../repositories/booking-payments-repository';
import type { PaymentProvider, ProviderRefundState, WebhookEvent } from './payment-provider';
import { PaymentProviderError } from './payment-provider';

export interface RefundServiceDeps {
  payments: BookingPaymentsRepository;
  provider: PaymentProvider;
  clock: () => Date;
  logger?: { warn: (object: object, message: string) => void };
  /** Time between automatic retries of a failed refund (RETRY × 2^attempts, capped). */
  retryBaseMs?: number;
}

/** What settling a refund needs to know of its row. */
type RefundRow = { id: number; attempts: number; provider_key: string | null };

/** The longest wait between two tries of a refund the provider refused. */
const MAX_RETRY_MS = 6 * 3_600_000;

/** A ledger row as the API shows it; the provider's error is the operator's to read. */
export function toPaymentEntry(row: PaymentRow, withError: boolean): PaymentEntry {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    amount: penceToPounds(pence(row.amount_pence)),
    status: row.state,
    created_at: new Date(row.created_at).toISOString(),
    last_error: withError ? row.last_error : null,
  };
}

/** Refunds owed and their state: pending or failed refunds are owed and still being tried. */
export function refundSummary(rows: readonly PaymentRow[], ids: readonly number[]) {
  const mine = rows.filter((row) => ids.includes(row.id));
  const amountPence = mine.reduce((sum, row) => sum + row.amount_pence, 0);
  const status =
    mine.length === 0
      ? ('none' as const)
      : mine.some((row) => row.state === 'failed')
        ? ('failed' as const)
        : mine.some((row) => row.state === 'pending')
          ? ('pending' as const)
          : ('succeeded' as const);
  return { amount: penceToPounds(pence(amountPence)), status };
}

/**
 * Card refunds, exactly once: a refund is first a ledger row written in the transaction that
 * decides it (a cancellation, a cheaper change), with an idempotency key derived from the
 * booking and the row; the provider is called after the commit, never inside it. A retry, a
 * crash or a second process calls again with the same key, so the provider refunds once.
 */
export function createRefundService(deps: RefundServiceDeps) {
  const { payments, provider, clock } = deps;
  const retryBaseMs = deps.retryBaseMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /**
   * Writes the refunds of `amountPence` in the caller's transaction, split over the card
   * payments it returns (newest first). Answers the new rows' ids, for `process`.
   */
  async function recordIn(
    trx: Transaction<Database>,
    booking: { id: number; bookingNumber: string },
    amountPence: number,
    reason: PaymentReason,
  ): Promise<number[]> {
    if (amountPence <= 0) return [];
    const rows = await payments.list(booking.id, trx);
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
      const id = await payments.record(
        {
          bookingId: booking.id,
          kind: 'refund',
          reason,
          amountPence: part.amountPence,
          provider: charge.provider,
          state: 'pending',
          refundOf: charge.id,
          at: clock(),
        },
        trx,
      );
      // Derived from the booking and this row: the same on every try, unique to this refund.
      await payments.setProviderKey(id, `ridebook-refund-${booking.bookingNumber}-${id}`, trx);
      ids.push(id);
    }
    return ids;
  }

  /**
   * One provider call for one refund row, if nobody else holds it; the outcome is recorded. A
   * refund the provider has accepted (it has its id) is only ever looked up again, never made
   * again: its key would make a second refund once the provider forgets it (Stripe: 24 hours).
   */
  async function processOne(id: number): Promise<void> {
    const now = clock();
    if (!(await payments.claimRefund(id, now, new Date(now.getTime() + provider.callBudgetMs)))) {
      return;
    }
    const row = await payments.find(id);
    if (!row) return;
    if (row.state === 'pending' && row.provider_ref) {
      await look(row, row.provider_ref);
      return;
    }
    const charge = row.refund_of ? await payments.find(row.refund_of) : undefined;
    if (!charge?.provider_ref || !row.provider_key) {
      await payments.settleRefund(id, {
        state: 'failed',
        error: 'The card payment to refund is not known',
        at: clock(),
      });
      return;
    }
    try {
      const refund = await provider.refund({
        paymentId: charge.provider_ref,
        amountPence: row.amount_pence,
        idempotencyKey: row.provider_key,
        metadata: { booking_id: String(row.booking_id), ledger_id: String(row.id) },
      });
      await settle(row, refund.state, refund.id);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
      deps.logger?.warn({ ledgerId: id, err: cause }, 'Refund not settled; it will be retried');
      // Refused: nothing was refunded, and the same key would only replay the refusal. No
      // answer (issue 30): the refund may well have happened, and the retry carries the same
      // key, so it is made once — it is pending, not failed, and the passenger is told so.
      const refused = error.kind === 'failed';
      await payments.settleRefund(id, {
        state: refused ? 'failed' : 'pending',
        error: cause.slice(0, 500),
        retryAt: retryAt(row.attempts),
        ...(refused ? { providerKey: nextKey(row.provider_key, row.attempts) } : {}),
        at: clock(),
      });
    }
  }

  /** Records what the provider says of a refund: pending ones are looked at again later. */
  async function settle(
    row: RefundRow,
    state: ProviderRefundState,
    refundId: string,
  ): Promise<void> {
    const failed = state === 'failed';
    await payments.settleRefund(row.id, {
      state,
      providerRef: refundId,
      error: failed ? 'The card issuer refused the refund' : null,
      retryAt: state === 'succeeded' ? null : retryAt(row.attempts),
      // A refund that failed is over: the next try makes a new one, under a new key.
      ...(failed && row.provider_key
        ? { providerKey: nextKey(row.provider_key, row.attempts) }
        : {}),
      at: clock(),
    });
  }

  /** Looks up a pending refund; no answer leaves it pending, to be looked at again. */
  async function look(row: RefundRow, refundId: string): Promise<void> {
    try {
      await settle(row, await provider.refundState(refundId), refundId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      await payments.settleRefund(row.id, {
        state: 'pending',
        retryAt: retryAt(row.attempts),
        at: clock(),
      });
    }
  }

  /** The key for the try after `attempt` (a definite refusal): the row's key with its number. */
  function nextKey(key: string, attempt: number): string {
    return `${key.replace(/-try\d+$/, '')}-try${attempt + 1}`;
  }

  function retryAt(attempts: number): Date {
    const wait = Math.min(MAX_RETRY_MS, retryBaseMs * 2 ** Math.max(0, attempts - 1));
    return new Date(clock().getTime() + wait);
  }

  /** Every due refund, one at a time. */
  async function retryDue(): Promise<void> {
    const due = await payments.dueRefunds(clock(), 50);
    for (const { id } of due) await processOne(id);
  }

  return {
    recordIn,

    /** Calls the provider for the given refund rows (after their transaction committed). */
    async process(ids: readonly number[]): Promise<void> {
      for (const id of ids) await processOne(id);
    },

    /** An operator's "Retry refund": tries a failed refund now. */
    async retryNow(id: number): Promise<boolean> {
      if (!(await payments.makeDue(id))) return false;
      await processOne(id);
      return true;
    },

    retryDue,

    /**
     * The provider's word on refunds of a payment (refund.updated, refund.failed,
     * charge.refunded). An event that names no refund (a charge in Stripe's current API
     * version) has each unsettled refund of the payment looked up now.
     */
    async settleFromEvent(event: Extract<WebhookEvent, { kind: 'refunds' }>): Promise<void> {
      const ours = await payments.refundsOfPayment(event.paymentId);
      const open = ours.filter((row) => row.state !== 'succeeded');
      if (event.refunds.length === 0) {
        for (const row of open) await processOne(row.id);
        return;
      }
      for (const reported of event.refunds) {
        const row = open.find((r) => r.provider_ref === reported.id);
        if (row) await settle(row, reported.state, reported.id);
      }
    },

    /** Retries failed refunds every `intervalMs` (no-op when 0). */
    start(intervalMs: number): void {
      if (intervalMs <= 0 || timer) return;
      const tick = () => {
        running = retryDue()
          .catch((error: unknown) => deps.logger?.warn({ err: error }, 'Refund retry pass failed'))
          .finally(() => {
            running = undefined;
            if (timer) timer = setTimeout(tick, intervalMs).unref();
          });
      };
      timer = setTimeout(tick, intervalMs).unref();
    },

    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
