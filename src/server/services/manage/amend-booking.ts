import type { AmendPreview, AmendRequest, AmendResponse } from '../../../contract/manage-booking';
import { lateChangeRule, POLICY_MESSAGES } from '../../../domain/booking-policy';
import { pence, penceToPounds, poundsToPence } from '../../../domain/money';
import { HttpError } from '../../errors';
import { requestHash, type IdempotentAnswer } from '../../lib/idempotency';
import { refundSummary } from '../ledger/ledger-view';
import { applyChangeIn } from '../booking-changes/amend-job';
import { lateChangeOf, money, settlementSentence } from '../booking-changes/change-money';
import { prepareChange, type PreparedChange } from './prepare-change';
import { differenceCheckout, type AmendAnswer } from './difference-payment';
import { afterCommit, changeContext, type ChangeContext } from '../booking-changes/change-deps';
import { loadStored, type ManageBookingDeps } from './manage-context';
import { viewBooking } from './managed-view';

/** The Idempotency-Key scope of a booking's changes. */
function amendScope(bookingId: number): string {
  return `manage-amend:${bookingId}`;
}

/**
 * What a change is counted by in the change limits (issue 30): the booking's reference and
 * the mailbox its mails go to. Null for a repeat of an answered Idempotency-Key: it changes
 * and mails nothing, so it is not counted.
 */
export async function changeCountKeys(
  deps: ManageBookingDeps,
  bookingId: number,
  key: string | undefined,
): Promise<string[] | null> {
  if (key && (await deps.idempotency.answered(amendScope(bookingId), key, deps.clock()))) {
    return null;
  }
  const { booking } = await loadStored(deps, bookingId);
  return [`booking:${booking.booking_number}`, booking.passenger_email];
}

/** What a change would do: old and new price, the difference, how it settles. */
export async function previewChange(
  deps: ManageBookingDeps,
  bookingId: number,
  request: AmendRequest,
): Promise<AmendPreview> {
  const ctx = await changeContext(deps);
  const { stored, plan, settlement, toPayPence } = await prepareChange(
    deps,
    bookingId,
    request,
    ctx,
  );
  const difference = plan.newTotalPence - plan.oldTotalPence;
  const late = lateChangeOf(stored.booking, plan, ctx.policy, deps.clock());
  return {
    old_total: penceToPounds(pence(plan.oldTotalPence)),
    new_total: penceToPounds(pence(plan.newTotalPence)),
    difference: penceToPounds(pence(difference)),
    settlement,
    message: settlementSentence(settlement, { difference, toPayPence }, plan, ctx.currency, late),
    needs_review: plan.timesMoved,
    refund: settlement === 'refund' ? penceToPounds(late.refundPence) : 0,
    late_rule:
      late.feeBasePence === null
        ? null
        : lateChangeRule(ctx.policy, late.feeBasePence, ctx.currency),
  };
}

/**
 * Makes a change. A card booking whose price goes up gets a checkout for the difference,
 * and the change is made once it is paid; otherwise it is made now, and a lower price is
 * refunded. With an Idempotency-Key a repeat changes, charges and refunds nothing more.
 */
export async function amendBooking(
  deps: ManageBookingDeps,
  bookingId: number,
  request: AmendRequest,
  key: string | undefined,
  /** Where the request came to: the difference's checkout returns there (PUBLIC_URL wins). */
  requestOrigin: string,
): Promise<AmendResponse> {
  const ctx = await changeContext(deps);
  const options = {
    scope: amendScope(bookingId),
    key,
    hash: requestHash(request),
    now: deps.clock(),
  };
  let answer: IdempotentAnswer<AmendAnswer>;
  const first = await prepareChange(deps, bookingId, request, ctx).catch(async (error: unknown) => {
    // A replay of an answered key needs no checks: its change may have closed them.
    if (key && (await deps.idempotency.answered(options.scope, key, options.now))) return null;
    throw error;
  });
  if (first) checkPreviewHolds(deps, first, request, ctx);
  // Worked out once: a replay (first is null) returns its stored answer without it.
  const prepared = async () => first ?? prepareChange(deps, bookingId, request, ctx);
  if (first?.settlement === 'pay_difference') {
    answer = await differenceCheckout(
      deps,
      bookingId,
      first.stored.booking.booking_number,
      options,
      prepared,
      requestOrigin,
    );
  } else {
    answer = await deps.idempotency.run(options, prepared, async (trx, ready) => ({
      statusCode: 200,
      body: {
        settlement: ready.settlement,
        refund_ids: await applyChangeIn(deps, trx, bookingId, ready.plan, ctx, false),
        checkout: null,
      },
    }));
    await afterCommit(deps, answer.body.refund_ids);
  }
  const rows = await deps.payments.list(bookingId);
  return {
    success: true,
    booking: await viewBooking(deps, bookingId, ctx),
    settlement: answer.body.settlement,
    refund: refundSummary(rows, answer.body.refund_ids),
    checkout: answer.body.checkout,
  };
}

/** The preview's price and refund still hold; else a 409 with what the change costs now. */
function checkPreviewHolds(
  deps: ManageBookingDeps,
  first: PreparedChange,
  request: AmendRequest,
  ctx: ChangeContext,
): void {
  // The preview showed a price; a change that costs something else now is looked at again.
  if (
    request.expected_new_total !== undefined &&
    poundsToPence(request.expected_new_total) !== first.plan.newTotalPence
  ) {
    throw new HttpError(
      409,
      POLICY_MESSAGES.priceChanged(money(first.plan.newTotalPence, ctx.currency)),
    );
  }
  // The preview promised a refund; one worked out inside the late window since is less.
  if (request.expected_refund !== undefined) {
    const late = lateChangeOf(first.stored.booking, first.plan, ctx.policy, deps.clock());
    const refund = first.settlement === 'refund' ? late.refundPence : 0;
    if (poundsToPence(request.expected_refund) !== refund) {
      throw new HttpError(409, POLICY_MESSAGES.refundChanged(money(refund, ctx.currency)));
    }
  }
}
