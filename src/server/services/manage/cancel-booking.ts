import type { Transaction } from 'kysely';
import type { CancelRequest, CancelResponse } from '../../../contract/manage-booking';
import {
  cancellationOutcome,
  cancellationOutcomeForOperator,
  cancellationSentence,
  cancelRefusal,
  POLICY_MESSAGES,
} from '../../../domain/booking-policy';
import { legCancellationTerms, openLegs, type JobLeg } from '../../../domain/booking-jobs';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import { poundsToPence } from '../../../domain/money';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { requestHash } from '../../lib/idempotency';
import {
  operatorPassengerCancelledMail,
  passengerCancelledMail,
  passengerReturnCancelledMail,
} from '../mail/manage-mails';
import { refundSummary } from '../payments/refund-service';
import {
  afterCommit,
  byPassenger,
  mailInputIn,
  manageContext,
  notFound,
  type ManageBookingDeps,
  type ManageContext,
} from './manage-context';
import { viewBooking } from './managed-view';

/**
 * Cancels under the policy: Cancelled, the refund (less any late fee) on the ledger, the
 * mails, all in one transaction with the row locked; then the provider is asked to refund.
 * A second press, tab or retry finds it cancelled (409) or replays the first answer.
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
    () => manageContext(deps),
    async (trx, ctx) => ({
      statusCode: 200,
      body: { refund_ids: await cancelIn(deps, trx, bookingId, request, reason, ctx) },
    }),
  );
  await afterCommit(deps, answer.body.refund_ids);
  const rows = await deps.payments.list(bookingId);
  return {
    success: true,
    booking: await viewBooking(deps, bookingId),
    refund: refundSummary(rows, answer.body.refund_ids),
  };
}

/** The return leg's pickup day and time, as the booking's data holds them. */
function returnPickup(booking: { return_date: string | null; return_time: string | null }) {
  return { date: booking.return_date ?? '', time: booking.return_time ?? '' };
}

/** The return leg, when it and the outward leg can both still be cancelled; else a 409. */
function returnAlone(jobs: readonly { leg: JobLeg; status: BookingStatus }[]): JobLeg[] {
  if (openLegs(jobs).length !== 2) throw new HttpError(409, POLICY_MESSAGES.noReturnToCancel);
  return ['return'];
}

/** The cancellation in the caller's transaction; answers the refund rows to send after it. */
async function cancelIn(
  deps: ManageBookingDeps,
  trx: Transaction<Database>,
  bookingId: number,
  request: CancelRequest,
  reason: string,
  ctx: ManageContext,
): Promise<number[]> {
  const row = await deps.manage.lock(bookingId, trx);
  if (!row) throw notFound();
  const refusal = cancelRefusal(row.status);
  if (refusal) throw new HttpError(409, refusal);
  // The booking is cancelled: every leg that can still be (a leg already ridden stays so);
  // with `leg: "return"`, the return leg alone while the outward one still stands.
  const jobs = await deps.jobs.lockAll(bookingId, trx);
  const legs = request.leg === 'return' ? returnAlone(jobs) : openLegs(jobs);
  const cancelling = jobs.filter((job) => legs.includes(job.leg));
  const terms = legCancellationTerms({
    booking: row,
    legCount: jobs.length,
    cancelling: legs,
    now: deps.clock(),
    policy: ctx.policy,
  });
  // The dialog said what would happen; if that is no longer so, the passenger looks again.
  if (
    request.expected_refund !== undefined &&
    poundsToPence(request.expected_refund) !== terms.refundPence
  ) {
    throw new HttpError(
      409,
      POLICY_MESSAGES.termsChanged(cancellationSentence(terms, ctx.currency)),
    );
  }
  await deps.jobs.move(bookingId, legs, 'cancelled', undefined, trx);
  const note = reason ? `Cancelled by the passenger: ${reason}` : 'Cancelled by the passenger';
  for (const job of cancelling) {
    await byPassenger(deps, trx, bookingId, job.status, 'cancelled', note, job.leg);
  }
  const refundIds = await deps.refunds.recordIn(
    trx,
    { id: bookingId, bookingNumber: row.booking_number },
    terms.refundPence,
    'cancellation',
  );
  const moneyLine = cancellationOutcome(terms, ctx.currency);
  const input = await mailInputIn(deps, trx, bookingId, ctx);
  const returnOnly = legs.length === 1 && legs[0] === 'return' && jobs.length === 2;
  await deps.outbox.enqueue(
    returnOnly
      ? passengerReturnCancelledMail(input, returnPickup(input.data.booking), moneyLine)
      : passengerCancelledMail(input, moneyLine),
    trx,
  );
  if (ctx.contacts.companyEmail) {
    await deps.outbox.enqueue(
      operatorPassengerCancelledMail(
        input,
        reason,
        cancellationOutcomeForOperator(terms, ctx.currency),
        returnOnly,
      ),
      trx,
    );
  }
  return refundIds;
}
