import type { Transaction } from 'kysely';
import type { OperatorBooking, StatusChangeRequest } from '../../../contract/operator';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import { requestHash } from '../../lib/idempotency';
import { cancelJobs } from '../booking-changes/cancel-jobs';
import { afterCommit, changeContext, type ChangeContext } from '../booking-changes/change-deps';
import { stepJob } from '../booking-changes/job-steps';
import { bookingInScope, showBooking } from './console-booking-detail';
import {
  operatorActor,
  scopeOf,
  type ConsoleBookingsDeps,
  type JobTarget,
} from './console-context';
import type { OperatorIdentity } from './operator-auth-service';

/**
 * Moves a job (or, cancelling by the booking's endpoint, the booking) to `change.status` if
 * the lifecycle allows it from where it is now, through the one change path
 * (booking-changes/). The booking's row is locked for the transaction, so of two dispatchers
 * pressing at once one goes first and the other is judged against the result. With an
 * Idempotency-Key a repeat changes nothing.
 */
export async function changeStatus(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  target: JobTarget,
  change: StatusChangeRequest,
  key: string | undefined,
): Promise<OperatorBooking> {
  const { bookingNumber } = target;
  const note = change.note?.trim() ?? '';
  if (change.status === 'driver_assigned') {
    throw new HttpError(409, OPERATOR_MESSAGES.assignWithDriver);
  }
  if (change.status === 'cancelled' && note === '') {
    throw new RequestValidationError([
      { path: 'note', message: OPERATOR_MESSAGES.cancellationReason },
    ]);
  }
  const answer = await deps.idempotency.run<OperatorBooking, ChangeContext>(
    {
      scope: `operator-status:${operator.id}`,
      key,
      hash: requestHash({
        bookingNumber,
        leg: target.leg,
        via: target.via,
        status: change.status,
        note,
        waiveFee: change.waive_fee ?? true,
      }),
      now: deps.clock(),
    },
    () => changeContext(deps),
    async (trx, ctx) => ({
      statusCode: 200,
      body: await changeStatusIn(deps, trx, operator, target, { ...change, note }, ctx),
    }),
  );
  deps.mailQueued();
  if (change.status !== 'cancelled') return answer.body;
  // The refunds were written with the cancellation; the provider is asked after the commit
  // (a replay sends any the first answer's commit left untried).
  const found = await deps.operatorBookings.findInScope(scopeOf(operator), bookingNumber);
  if (!found) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
  await afterCommit(deps, await deps.ledger.untriedRefunds(found.id));
  return showBooking(deps, found.id);
}

/** The status change, its refund and its mails, in the caller's transaction. */
async function changeStatusIn(
  deps: ConsoleBookingsDeps,
  trx: Transaction<Database>,
  operator: OperatorIdentity,
  target: JobTarget,
  change: StatusChangeRequest & { note: string },
  ctx: ChangeContext,
): Promise<OperatorBooking> {
  const { row, jobs, job } = await bookingInScope(deps, trx, operator, target);
  const actor = operatorActor(operator);
  if (change.status === 'cancelled') {
    await cancelJobs(
      deps,
      trx,
      ctx,
      { booking: row, jobs },
      {
        actor,
        // By the booking's endpoint, the whole booking; by the job's, that job.
        which: target.via === 'booking' ? 'booking' : job.leg,
        reason: change.note,
        waiveFee: change.waive_fee ?? true,
      },
    );
  } else {
    await stepJob(
      deps,
      trx,
      ctx,
      { booking: row, jobs, job, actor },
      {
        to: change.status,
        note: change.note,
      },
    );
  }
  return showBooking(deps, row.id, trx);
}
