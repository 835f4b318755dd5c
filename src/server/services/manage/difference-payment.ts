import type { Transaction } from 'kysely';
import type { AmendResponse, ManagedBooking } from '../../../contract/manage-booking';
import { POLICY_MESSAGES, type ChangeSettlement } from '../../../domain/booking-policy';
import { BOOKING_MESSAGES, CHANGE_MESSAGES } from '../../../domain/messages';
import type { Database } from '../../db/schema';
import { HttpError, UpstreamError } from '../../errors';
import type { IdempotencyOptions, IdempotentAnswer } from '../../lib/idempotency';
import { IDEMPOTENCY_TTL_MS } from '../../lib/idempotency';
import type { CheckoutSessionRecord } from '../../repositories/checkout-sessions-repository';
import { changeNotMadeMail } from '../mail/manage-mails';
import { siteOrigin } from '../payments/card-checkout';
import { PaymentProviderError } from '../payments/payment-provider';
import { fromProvider } from '../payments/provider-call';
import { applyChangeIn } from '../booking-changes/amend-job';
import { money } from '../booking-changes/change-money';
import type { PlannedChange } from '../booking-changes/change-plan';
import type { PreparedChange } from './prepare-change';
import { mailInputIn } from '../booking-changes/booking-record';
import { afterCommit, changeContext, type ChangeContext } from '../booking-changes/change-deps';
import { notFound, type ManageBookingDeps } from './manage-context';
import { viewBooking } from './managed-view';

/** A change's difference waiting for its checkout: what the session's `pending` holds. */
interface PendingChange {
  bookingId: number;
  plan: PlannedChange;
}

/** What a change answers, and what its Idempotency-Key replays. */
export interface AmendAnswer {
  settlement: ChangeSettlement;
  refund_ids: number[];
  checkout: AmendResponse['checkout'];
}

/**
 * A dearer change to a card booking: a checkout for the difference, its session holding the
 * planned change, which is made once it is paid (or the difference refunded when the booking can
 * no longer take it). The provider is called outside any transaction; a repeat of the key gets
 * the same session.
 */
export function differenceCheckout(
  deps: ManageBookingDeps,
  bookingId: number,
  bookingNumber: string,
  options: IdempotencyOptions,
  prepared: () => Promise<PreparedChange>,
  /** Where the request came to: the difference's checkout returns there (PUBLIC_URL wins). */
  requestOrigin: string,
): Promise<IdempotentAnswer<AmendAnswer>> {
  const { key } = options;
  const origin = siteOrigin(deps.publicUrl, requestOrigin);
  const successUrl = `${origin}/manage-booking/${bookingNumber}?amend_session={CHECKOUT_SESSION_ID}`;
  const cancelUrl = `${origin}/manage-booking/${bookingNumber}?amend_cancelled=1`;
  return deps.idempotency.runCalling(
    { ...options, callMs: deps.provider.callBudgetMs },
    prepared,
    (ready) =>
      fromProvider(
        deps.provider.createCheckout({
          amountPence: ready.toPayPence,
          currency: 'gbp',
          description: CHANGE_MESSAGES.differenceCheckout(ready.stored.booking.booking_number),
          successUrl,
          cancelUrl,
          siteOrigin: origin,
          metadata: {
            purpose: 'amendment',
            booking_number: ready.stored.booking.booking_number,
          },
          ...(key ? { idempotencyKey: `manage-amend-${bookingId}-${key}` } : {}),
        }),
      ),
    async (trx, ready, created) => {
      await deps.sessions.insert(
        {
          id: created.id,
          provider: deps.provider.name,
          amountPence: ready.toPayPence,
          currency: 'gbp',
          pending: { bookingId, plan: ready.plan } satisfies PendingChange,
          url: created.url,
          successUrl,
          cancelUrl,
          expiresAt: new Date(deps.clock().getTime() + IDEMPOTENCY_TTL_MS),
          purpose: 'amendment',
          bookingId,
        },
        trx,
      );
      return {
        statusCode: 200,
        body: {
          settlement: 'pay_difference' as const,
          refund_ids: [],
          checkout: { url: created.url, session_id: created.id },
        },
      };
    },
  );
}

/** Back from the difference's checkout: the change is made once the provider says paid. */
export async function amendPayment(
  deps: ManageBookingDeps,
  bookingId: number,
  sessionId: string,
): Promise<ManagedBooking> {
  const session = await deps.sessions.findById(sessionId);
  if (!session || session.purpose !== 'amendment' || session.bookingId !== bookingId) {
    throw new HttpError(404, BOOKING_MESSAGES.checkoutSessionNotFound);
  }
  if (session.status !== 'booked') {
    const status = await deps.provider.retrieve(sessionId).catch((error: unknown) => {
      if (error instanceof PaymentProviderError) {
        throw new UpstreamError(503, BOOKING_MESSAGES.paymentProviderUnavailable, {
          cause: error,
        });
      }
      throw error;
    });
    if (!status?.paid || !status.paymentId) {
      throw new HttpError(402, BOOKING_MESSAGES.paymentNotCompleted);
    }
    if (status.amountPence !== session.amountPence) {
      throw new HttpError(409, BOOKING_MESSAGES.amountMismatch);
    }
    await finalisePaid(deps, session, status.paymentId);
  }
  const settled = await deps.sessions.findById(sessionId);
  if (settled?.outcome === 'refunded') {
    throw new HttpError(
      409,
      `${POLICY_MESSAGES.changeNotMade} ${CHANGE_MESSAGES.paidDifferenceRefunded(money(session.amountPence, (await changeContext(deps)).currency))}`,
    );
  }
  return viewBooking(deps, bookingId);
}

/** A paid difference (the webhook, the test checkout's Pay, or the page coming back). */
export async function finalisePaid(
  deps: ManageBookingDeps,
  session: CheckoutSessionRecord,
  paymentId: string,
): Promise<void> {
  const ctx = await changeContext(deps);
  const refundIds = await deps.db
    .transaction()
    .execute((trx) => finalisePaidIn(deps, trx, session, paymentId, ctx));
  await afterCommit(deps, refundIds);
}

/** A paid difference checkout: the charge on the ledger, then the change it paid for. */
async function finalisePaidIn(
  deps: ManageBookingDeps,
  trx: Transaction<Database>,
  session: CheckoutSessionRecord,
  paymentId: string,
  ctx: ChangeContext,
): Promise<number[]> {
  const locked = await deps.sessions.lockById(session.id, trx);
  if (!locked || locked.status === 'booked') return [];
  const pending = locked.pending as PendingChange;
  await deps.ledger.charge(trx, {
    bookingId: pending.bookingId,
    reason: 'amendment',
    amountPence: locked.amountPence,
    provider: locked.provider,
    providerRef: paymentId,
    checkoutSessionId: locked.id,
    at: deps.clock(),
  });
  let refusal: string;
  try {
    const refundIds = await applyChangeIn(deps, trx, pending.bookingId, pending.plan, ctx, true);
    await deps.sessions.markBooked(
      locked.id,
      { bookingId: pending.bookingId, paymentId, outcome: 'applied' },
      deps.clock(),
      trx,
    );
    return refundIds;
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
    refusal = error.message;
  }
  // Paid, but the booking can no longer take the change (cancelled, past the cut-off, changed
  // since): the difference goes straight back, and the passenger is told why.
  const row = await deps.manage.lock(pending.bookingId, trx);
  if (!row) throw notFound();
  await deps.sessions.markBooked(
    locked.id,
    { bookingId: pending.bookingId, paymentId, outcome: 'refunded' },
    deps.clock(),
    trx,
  );
  const refundIds = await deps.ledger.refundIn(
    trx,
    { id: row.id, bookingNumber: row.booking_number },
    locked.amountPence,
    'amendment',
  );
  const input = await mailInputIn(deps, trx, row.id, ctx);
  await deps.outbox.enqueue(
    changeNotMadeMail(input, {
      reason: refusal,
      money: CHANGE_MESSAGES.paidDifferenceRefunded(money(locked.amountPence, ctx.currency)),
    }),
    trx,
  );
  return refundIds;
}
