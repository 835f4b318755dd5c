import type { CancelRequest, CancelResponse } from '../../../contract/manage-booking';
import { poundsToPence } from '../../../domain/money';
import { requestHash } from '../../lib/idempotency';
import { PASSENGER } from '../booking-changes/change-actor';
import { cancelJobs } from '../booking-changes/cancel-jobs';
import { afterCommit, changeContext } from '../booking-changes/change-deps';
import { refundSummary } from '../ledger/ledger-view';
import { notFound, type ManageBookingDeps } from './manage-context';
import { viewBooking } from './managed-view';

/**
 * The passenger cancels the booking, or its return journey alone (`leg: "return"`), through
 * the one change path (booking-changes/cancel-jobs.ts), the row locked for the transaction;
 * then the provider is asked to refund. A second press, tab or retry finds it cancelled (409)
 * or replays the first answer.
 */
export async function cancelBooking(
  deps: ManageBookingDeps,
  bookingId: number,
  request: CancelRequest,
  key: string | undefined,
): Promise<CancelResponse> {
  const reason = request.reason?.trim() ?? '';
  const answer = await deps.idempotency.run(
    {
      scope: `manage-cancel:${bookingId}`,
      key,
      hash: requestHash({
        reason,
        expected: request.expected_refund ?? null,
        leg: request.leg ?? null,
      }),
      now: deps.clock(),
    },
    () => changeContext(deps),
    async (trx, ctx) => {
      const row = await deps.manage.lock(bookingId, trx);
      if (!row) throw notFound();
      const jobs = await deps.jobs.lockAll(row.id, trx);
      const cancelled = await cancelJobs(
        deps,
        trx,
        ctx,
        { booking: row, jobs },
        {
          actor: PASSENGER,
          which: request.leg ?? 'booking',
          reason,
          ...(request.expected_refund === undefined
            ? {}
            : { expectedRefundPence: poundsToPence(request.expected_refund) }),
        },
      );
      return { statusCode: 200, body: { refund_ids: cancelled.refundIds } };
    },
  );
  await afterCommit(deps, answer.body.refund_ids);
  const rows = await deps.payments.list(bookingId);
  return {
    success: true,
    booking: await viewBooking(deps, bookingId),
    refund: refundSummary(rows, answer.body.refund_ids),
  };
}
