import { textEventFor } from '../texts/passenger-texts';
import { notifyPassenger, type NotifyDeps } from '../messages/notify-passenger';
import { endPassengerPush } from '../passenger-push/passenger-push';
import type { Transaction } from 'kysely';
import { jobRef, type JobLeg } from '../../../domain/booking-jobs';
import { isFinalStatus, type BookingStatus } from '../../../domain/booking-lifecycle';
import type { Database } from '../../db/schema';
import type { JobDriver } from '../../repositories/booking-jobs-repository';
import { historyBy, type ChangeActor } from './change-actor';
import type { ChangeDeps } from './change-deps';
import { publishLive } from '../live/live-notices';
import { jobsNow, recordJobActivity, type ChangedBooking } from './job-activity';

/** A job as it was locked: its leg and its status before the move. */
export type LockedJob = { leg: JobLeg; status: BookingStatus };

/**
 * One step in a job's history, by `actor`, in the caller's transaction. Every history row
 * of a booking after it is made is written here.
 */
export async function recordStep(
  deps: Pick<ChangeDeps, 'history' | 'clock'>,
  trx: Transaction<Database>,
  step: { bookingId: number; job: LockedJob; to: BookingStatus; actor: ChangeActor; note: string },
): Promise<void> {
  await deps.history.addHistory(
    {
      bookingId: step.bookingId,
      leg: step.job.leg,
      at: deps.clock(),
      ...historyBy(step.actor),
      from: step.job.status,
      to: step.to,
      note: step.note,
    },
    trx,
  );
}

/**
 * Moves jobs to `to` (their driver given, or taken off with null) and writes each one's
 * history row: the one write of a move, whoever makes it. The booking's own status then
 * follows from its jobs (the jobs repository settles it). An operator's move is written in the
 * console's activity log too (issue 33), every move is announced on the live event bus
 * (issue 34), and the passenger is told of the moves they hear of, by text and notification
 * (issue 35); a move that ends the booking ends its notifications. Answers the booking's status.
 */
export async function moveJobs(
  deps: Pick<ChangeDeps, 'jobs' | 'history' | 'clock' | 'activity' | 'drivers'> & NotifyDeps,
  trx: Transaction<Database>,
  move: {
    booking: ChangedBooking;
    jobs: readonly LockedJob[];
    to: BookingStatus;
    actor: ChangeActor;
    note: string;
    driver?: JobDriver;
  },
): Promise<BookingStatus> {
  const { booking, actor } = move;
  const legs = move.jobs.map((job) => job.leg);
  const before = await jobsNow(deps, trx, booking.id);
  const status = await deps.jobs.move(booking.id, legs, move.to, move.driver, trx);
  for (const job of move.jobs) {
    await recordStep(deps, trx, { ...move, bookingId: booking.id, job });
  }
  if (actor.kind === 'operator') {
    await recordJobActivity(deps, trx, {
      booking,
      legs,
      operator: { id: actor.id, name: actor.name },
      note: move.note,
      before,
      after: await jobsNow(deps, trx, booking.id),
    });
  }
  await announceMove(trx, { ...move, legs, before });
  // The passenger's text and notifications about the move (issue 35).
  const event = textEventFor(move.to);
  if (event) {
    for (const leg of legs) await notifyPassenger(deps, trx, { bookingId: booking.id, leg, event });
  }
  // After the cancellation's notice was queued: it carries its own copy of each subscription.
  if (isFinalStatus(status)) await endPassengerPush(deps, trx, booking.id);
  return status;
}

/**
 * Tells the screens concerned that the jobs moved (issue 34), when the move commits: the
 * booking's company's console, each job's driver before and after (one taken off hears it
 * too), and the passenger. The notice names the job; the screens fetch what it is now.
 */
async function announceMove(
  trx: Transaction<Database>,
  move: {
    booking: ChangedBooking;
    legs: readonly JobLeg[];
    before: Awaited<ReturnType<typeof jobsNow>>;
    driver?: JobDriver;
  },
): Promise<void> {
  const { booking } = move;
  for (const leg of move.legs) {
    const before = move.before.find((job) => job.leg === leg);
    const was = before?.driver_id ?? null;
    const now = move.driver === undefined ? was : (move.driver?.driverId ?? null);
    await publishLive(trx, {
      companyId: booking.company_id,
      // A driver the job was offered to hears it too: an assignment or an end closes the offer.
      driverIds: [was, now, before?.offered_driver_id],
      bookingId: booking.id,
      event: { type: 'jobs', job_ref: jobRef(booking.booking_number, leg) },
    });
  }
}
