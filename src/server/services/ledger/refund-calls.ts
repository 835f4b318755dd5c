import { CHANGE_MESSAGES } from '../../../domain/messages';
import type { BookingPaymentsRepository } from '../../repositories/booking-payments-repository';
import type {
  PaymentProvider,
  ProviderRefundState,
  WebhookEvent,
} from '../payments/payment-provider';
import { PaymentProviderError } from '../payments/payment-provider';

/** What calling the provider for refunds needs. */
export interface RefundCallDeps {
  payments: BookingPaymentsRepository;
  provider: PaymentProvider;
  clock: () => Date;
  logger?: { warn: (object: object, message: string) => void };
  /** Time between automatic retries of a failed refund (RETRY × 2^attempts, capped). */
  retryBaseMs: number;
}

/** What settling a refund needs to know of its row. */
type RefundRow = { id: number; attempts: number; provider_key: string | null };

/** The longest wait between two tries of a refund the provider refused. */
const MAX_RETRY_MS = 6 * 3_600_000;

/**
 * One provider call for one refund row, if nobody else holds it; the outcome is recorded. A
 * refund the provider has accepted (it has its id) is only ever looked up again, never made
 * again: its key would make a second refund once the provider forgets it (Stripe: 24 hours).
 */
export async function callForRefund(deps: RefundCallDeps, id: number): Promise<void> {
  const { payments, provider, clock } = deps;
  const now = clock();
  if (!(await payments.claimRefund(id, now, new Date(now.getTime() + provider.callBudgetMs)))) {
    return;
  }
  const row = await payments.find(id);
  if (!row) return;
  if (row.state === 'pending' && row.provider_ref) {
    await lookUp(deps, row, row.provider_ref);
    return;
  }
  const charge = row.refund_of ? await payments.find(row.refund_of) : undefined;
  if (!charge?.provider_ref || !row.provider_key) {
    await payments.settleRefund(id, {
      state: 'failed',
      error: CHANGE_MESSAGES.chargeUnknown,
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
    await settle(deps, row, refund.state, refund.id);
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
      retryAt: retryAt(deps, row.attempts),
      ...(refused ? { providerKey: nextKey(row.provider_key, row.attempts) } : {}),
      at: clock(),
    });
  }
}

/** Records what the provider says of a refund: pending ones are looked at again later. */
async function settle(
  deps: RefundCallDeps,
  row: RefundRow,
  state: ProviderRefundState,
  refundId: string,
): Promise<void> {
  const failed = state === 'failed';
  await deps.payments.settleRefund(row.id, {
    state,
    providerRef: refundId,
    error: failed ? CHANGE_MESSAGES.issuerRefused : null,
    retryAt: state === 'succeeded' ? null : retryAt(deps, row.attempts),
    // A refund that failed is over: the next try makes a new one, under a new key.
    ...(failed && row.provider_key ? { providerKey: nextKey(row.provider_key, row.attempts) } : {}),
    at: deps.clock(),
  });
}

/** Looks up a pending refund; no answer leaves it pending, to be looked at again. */
async function lookUp(deps: RefundCallDeps, row: RefundRow, refundId: string): Promise<void> {
  try {
    await settle(deps, row, await deps.provider.refundState(refundId), refundId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await deps.payments.settleRefund(row.id, {
      state: 'pending',
      retryAt: retryAt(deps, row.attempts),
      at: deps.clock(),
    });
  }
}

/** The key for the try after `attempt` (a definite refusal): the row's key with its number. */
function nextKey(key: string, attempt: number): string {
  return `${key.replace(/-try\d+$/, '')}-try${attempt + 1}`;
}

function retryAt(deps: RefundCallDeps, attempts: number): Date {
  const wait = Math.min(MAX_RETRY_MS, deps.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return new Date(deps.clock().getTime() + wait);
}

/** Every due refund, one at a time. */
export async function retryDueRefunds(deps: RefundCallDeps): Promise<void> {
  const due = await deps.payments.dueRefunds(deps.clock(), 50);
  for (const { id } of due) await callForRefund(deps, id);
}

/**
 * The provider's word on refunds of a payment (refund.updated, refund.failed,
 * charge.refunded). An event that names no refund (a charge in Stripe's current API
 * version) has each unsettled refund of the payment looked up now.
 */
export async function settleFromEvent(
  deps: RefundCallDeps,
  event: Extract<WebhookEvent, { kind: 'refunds' }>,
): Promise<void> {
  const ours = await deps.payments.refundsOfPayment(event.paymentId);
  const open = ours.filter((row) => row.state !== 'succeeded');
  if (event.refunds.length === 0) {
    for (const row of open) await callForRefund(deps, row.id);
    return;
  }
  for (const reported of event.refunds) {
    const row = open.find((r) => r.provider_ref === reported.id);
    if (row) await settle(deps, row, reported.state, reported.id);
  }
}
