import type { Transaction } from 'kysely';
import type { OfferAnswerResponse } from '../../../contract/job-offers';
import { jobRef } from '../../../domain/booking-jobs';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import { OFFER_MESSAGES } from '../../../domain/offer-messages';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { changeContext } from '../booking-changes/change-deps';
import { acceptOffer, declineOffer } from '../booking-changes/offer-job';
import type { DriverIdentity } from '../driver/driver-auth-service';
import type { JobOffersDeps, JobRef } from './job-offers-deps';

/** What an answer to an offer says: the job, and its status now. */
type OfferAnswer = OfferAnswerResponse['data'];

/** The driver as the actor of a change: the history names them. */
export function driverActor(driver: DriverIdentity) {
  return { kind: 'driver' as const, id: driver.id, name: driver.name };
}

/**
 * A job of the driver's company, its booking's row and jobs locked for a change by the
 * driver; 404 when there is none (another company's job is not there). Whether it is offered
 * or assigned to them is the change's to judge.
 */
async function jobForDriver(
  deps: JobOffersDeps,
  trx: Transaction<Database>,
  driver: DriverIdentity,
  ref: JobRef,
) {
  const scope = { companyId: driver.companyId };
  const booking = await deps.operatorBookings.lockInScope(scope, ref.bookingNumber, trx);
  if (!booking) throw new HttpError(404, OFFER_MESSAGES.jobNotFound);
  const jobs = await deps.jobs.lockAll(booking.id, trx);
  const job = jobs.find((each) => each.leg === ref.leg);
  if (!job) throw new HttpError(404, OFFER_MESSAGES.jobNotFound);
  return { booking, jobs, job, actor: driverActor(driver) };
}

/** A job's status as it stands in the answer's transaction. */
async function statusNow(
  deps: JobOffersDeps,
  trx: Transaction<Database>,
  target: Awaited<ReturnType<typeof jobForDriver>>,
): Promise<OfferAnswer> {
  const jobs = await deps.jobs.list(target.booking.id, trx);
  const job = jobs.find((each) => each.leg === target.job.leg) ?? target.job;
  return {
    job_ref: jobRef(target.booking.booking_number, target.job.leg),
    status: job.status as BookingStatus,
  };
}

/**
 * The driver accepts a job offered to them (POST /driver/jobs/{job_ref}/accept): Driver
 * assigned, and the passenger's mail, sent once the change is committed.
 */
export async function acceptAs(
  deps: JobOffersDeps,
  driver: DriverIdentity,
  ref: JobRef,
): Promise<OfferAnswer> {
  // Read before the transaction: on PGlite nothing else may run while it is open.
  const ctx = await changeContext(deps);
  const answer = await deps.db.transaction().execute(async (trx) => {
    const target = await jobForDriver(deps, trx, driver, ref);
    await acceptOffer(deps, trx, ctx, target);
    return statusNow(deps, trx, target);
  });
  deps.mailQueued();
  return answer;
}

/** The driver declines a job offered to them, with a reason (POST …/decline). */
export async function declineAs(
  deps: JobOffersDeps,
  driver: DriverIdentity,
  ref: JobRef,
  reason: string,
): Promise<OfferAnswer> {
  return deps.db.transaction().execute(async (trx) => {
    const target = await jobForDriver(deps, trx, driver, ref);
    await declineOffer(deps, trx, target, reason);
    return statusNow(deps, trx, target);
  });
}
