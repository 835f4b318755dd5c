import type { Transaction } from 'kysely';
import {
  journeyNamed,
  legCancellationTerms,
  openLegs,
  returnAloneCancellable,
  type CancellableBooking,
  type JobLeg,
} from '../../../domain/booking-jobs';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import { CHANGE_MESSAGES } from '../../../domain/messages';
import {
  cancellationSentence,
  cancelRefusalBy,
  POLICY_MESSAGES,
  type CancellationTerms,
} from '../../../domain/booking-policy';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import type { ChangeActor } from './change-actor';
import type { ChangeContext, ChangeDeps } from './change-deps';
import { enqueueCancellationMails, enqueueThanksIfCompleted } from './change-mails';
import { moveJobs, type LockedJob } from './move-jobs';

/** The booking's row as a cancellation is judged on it, locked by the caller in its scope. */
export type LockedBooking = CancellableBooking & {
  id: number;
  booking_number: string;
  company_id: number;
  status: BookingStatus;
};

export interface Cancellation {
  /** Only the passenger and the console cancel; a driver reports a no-show instead. */
  actor: Extract<ChangeActor, { kind: 'passenger' | 'operator' }>;
  /** The whole booking (every job not yet over), or one job. */
  which: 'booking' | JobLeg;
  /** The passenger's reason (may be empty) or the operator's (required by the console). */
  reason: string;
  /** The operator may waive the late fee; the passenger's cancellation never does. */
  waiveFee?: boolean;
  /** What the passenger's dialog said they would get back: a change since is a 409. */
  expectedRefundPence?: number;
}

export interface Cancelled {
  refundIds: number[];
  terms: CancellationTerms;
  legs: JobLeg[];
}

/**
 * Cancels a booking or one of its jobs, by any actor, in the caller's transaction (the
 * booking and its jobs locked, as the caller read them): the rule of who may, the terms under the policy (the cancelled legs'
 * share, the late fee unless waived), the jobs and their history, the refund on the ledger
 * and the mails. The refunds go to the provider after the commit (afterCommit).
 */
export async function cancelJobs(
  deps: ChangeDeps,
  trx: Transaction<Database>,
  ctx: ChangeContext,
  { booking, jobs }: { booking: LockedBooking; jobs: readonly LockedJob[] },
  cancellation: Cancellation,
): Promise<Cancelled> {
  const legs = legsToCancel(booking, jobs, cancellation);
  const terms = legCancellationTerms({
    booking,
    legCount: jobs.length,
    cancelling: legs,
    now: deps.clock(),
    policy: ctx.policy,
    ...(cancellation.waiveFee === undefined ? {} : { waiveFee: cancellation.waiveFee }),
  });
  // The dialog said what would happen; if that is no longer so, the passenger looks again.
  const expected = cancellation.expectedRefundPence;
  if (expected !== undefined && expected !== terms.refundPence) {
    throw new HttpError(
      409,
      POLICY_MESSAGES.termsChanged(cancellationSentence(terms, ctx.currency)),
    );
  }
  const after = await moveJobs(deps, trx, {
    booking,
    jobs: jobs.filter((job) => legs.includes(job.leg)),
    to: 'cancelled',
    actor: cancellation.actor,
    note: cancellationNote(cancellation),
  });
  const refundIds = await deps.ledger.refundIn(
    trx,
    { id: booking.id, bookingNumber: booking.booking_number },
    terms.refundPence,
    'cancellation',
  );
  // The other journey was ridden: the booking is Completed now, with its thanks and receipt.
  await enqueueThanksIfCompleted(deps, trx, ctx, { id: booking.id, before: booking.status, after });
  await enqueueCancellationMails(deps, trx, ctx, {
    bookingId: booking.id,
    actor: cancellation.actor,
    reason: cancellation.reason,
    terms,
    // One journey of a return booking: its mails name it (issue 32).
    journey: journeyNamed(jobs.length, legs),
  });
  return { refundIds, terms, legs };
}

/**
 * The legs a cancellation takes, or a 409 saying why it may not. The whole booking is every
 * leg not yet over (a leg already ridden stays so), judged by the booking's status; a job
 * alone by its own. The passenger may cancel the return alone only while the outward leg
 * still stands (once it is over, cancelling the booking is cancelling the return).
 */
function legsToCancel(
  booking: LockedBooking,
  jobs: readonly LockedJob[],
  cancellation: Cancellation,
): JobLeg[] {
  const by = cancellation.actor.kind;
  const whole = cancellation.which === 'booking' || (by === 'operator' && jobs.length === 1);
  const job = whole ? undefined : jobs.find((each) => each.leg === cancellation.which);
  // The passenger's cancel is judged on the booking, as their page shows it.
  const refusal = cancelRefusalBy(by, job && by === 'operator' ? job.status : booking.status);
  if (refusal) throw new HttpError(409, refusal);
  if (whole) return openLegs(jobs);
  if (!job || (by === 'passenger' && !returnAloneCancellable(jobs))) {
    throw new HttpError(409, POLICY_MESSAGES.noReturnToCancel);
  }
  return [job.leg];
}

/** The history's note: the passenger's reason after who cancelled; the operator's as given. */
function cancellationNote({ actor, reason }: Cancellation): string {
  if (actor.kind === 'operator') return reason;
  return CHANGE_MESSAGES.cancelledByPassenger(reason);
}
