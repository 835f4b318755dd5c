import { CHANGE_MESSAGES } from '../../../domain/messages';
import type { Transaction } from 'kysely';
import { journeyNamed, noShowRefusal } from '../../../domain/booking-jobs';
import {
  canTransition,
  refusedTransitionMessage,
  type BookingStatus,
} from '../../../domain/booking-lifecycle';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { todayInLondonFast } from '../../lib/uk-clock';
import { driverAssignedMail } from '../mail/lifecycle-mails';
import { mailValues, savedMailWording } from '../mail/mail-wording';
import { mailInputIn } from './booking-record';
import type { ChangeActor } from './change-actor';
import type { ChangeContext, ChangeDeps } from './change-deps';
import { checkDispatchable } from './dispatch-check';
import { enqueueStepMail, enqueueThanksIfCompleted } from './change-mails';
import { moveJobs, type LockedJob } from './move-jobs';

/** A job of a locked booking, among all its jobs (locked too), and who moves it. */
export interface JobInBooking {
  booking: {
    id: number;
    booking_number: string;
    status: BookingStatus;
    company_id: number;
    pickup_at: Date | string;
    return_at: Date | string | null;
  };
  jobs: readonly LockedJob[];
  job: LockedJob;
  actor: ChangeActor;
}

/** The 409 unless the lifecycle's table lets `from` become `to`. */
export function checkStep(from: BookingStatus, to: BookingStatus): void {
  if (!canTransition(from, to)) throw new HttpError(409, refusedTransitionMessage(from, to));
}

/** A return booking's journey, named in the mails about one of its legs (issue 32). */
function journeyOf({ jobs, job }: JobInBooking) {
  return journeyNamed(jobs.length, [job.leg]);
}

/**
 * One step of a job's lifecycle other than cancelling (which is cancelJobs) and assigning
 * (assignJob), by any actor, in the caller's transaction: checked against the lifecycle's
 * table, written with its history row, and the passenger told.
 */
export async function stepJob(
  deps: ChangeDeps,
  trx: Transaction<Database>,
  ctx: ChangeContext,
  target: JobInBooking,
  step: { to: BookingStatus; note: string },
): Promise<void> {
  const { booking, job, actor } = target;
  // Cancelling has its terms, refund and mails (cancelJobs); assigning needs a driver (assignJob).
  if (step.to === 'cancelled' || step.to === 'driver_assigned') {
    throw new Error(`A move to ${step.to} goes through its own step, not stepJob`);
  }
  checkStep(job.status, step.to);
  if (step.to === 'no_show') {
    const pickup =
      job.leg === 'return' ? (booking.return_at ?? booking.pickup_at) : booking.pickup_at;
    const refusal = noShowRefusal(new Date(pickup), deps.clock());
    if (refusal) throw new HttpError(409, refusal);
  }
  const after = await moveJobs(deps, trx, { booking, jobs: [job], actor, ...step });
  await enqueueThanksIfCompleted(deps, trx, ctx, { id: booking.id, before: booking.status, after });
  await enqueueStepMail(deps, trx, ctx, {
    bookingId: booking.id,
    to: step.to,
    journey: journeyOf(target),
  });
}

/**
 * Puts a driver and a vehicle on a job: Driver assigned, with its history row and the
 * passenger's mail. The lifecycle is judged first, as the console always has; then the driver
 * and the vehicle (the booking's company's, active, every document in date: checkDispatchable,
 * the same check an offer makes). The vehicle is the one chosen, else the one a registration
 * names, else the driver's usual vehicle; an operator's assignment records who dispatched it.
 */
export async function assignJob(
  deps: ChangeDeps,
  trx: Transaction<Database>,
  ctx: ChangeContext,
  target: JobInBooking,
  assigned: {
    driverId: number;
    vehicleId?: number | undefined;
    vehicleRegistration?: string | undefined;
  },
): Promise<void> {
  const { booking, job, actor } = target;
  checkStep(job.status, 'driver_assigned');
  const { driver, vehicle } = await checkDispatchable(
    deps,
    trx,
    {
      companyId: booking.company_id,
      driverId: assigned.driverId,
      vehicleId: assigned.vehicleId,
      registration: assigned.vehicleRegistration,
    },
    todayInLondonFast(deps.clock()),
  );
  const vehicleRegistration = vehicle.registration;
  await moveJobs(deps, trx, {
    booking,
    jobs: [job],
    to: 'driver_assigned',
    actor,
    note: CHANGE_MESSAGES.driverAssigned(driver.name, vehicleRegistration),
    driver: {
      driverId: driver.id,
      vehicleRegistration,
      vehicleId: vehicle.id,
      // A driver accepting an offer leaves it as the console account that offered it.
      dispatchedBy: actor.kind === 'operator' ? actor.id : undefined,
    },
  });
  const input = await mailInputIn(deps, trx, booking.id, ctx);
  const sent = { name: driver.name, vehicleRegistration };
  const wording = await savedMailWording(
    deps.messageTemplates,
    trx,
    'driver_assigned',
    mailValues(input, sent),
  );
  await deps.outbox.enqueue(driverAssignedMail(input, sent, journeyOf(target), wording), trx);
}
