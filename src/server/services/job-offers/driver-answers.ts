import type { Transaction } from 'kysely';
import { OFFER_MESSAGES } from '../../../domain/offer-messages';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { changeContext } from '../booking-changes/change-deps';
import { acceptOffer, declineOffer } from '../booking-changes/offer-job';
import type { DriverIdentity, JobOffersDeps, JobRef } from './job-offers-deps';

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

/**
 * The driver accepts a job offered to them (POST /driver/jobs/{job_ref}/accept): Driver
 * assigned, and the passenger's mail, sent once the change is committed.
 */
export async function acceptAs(
  deps: JobOffersDeps,
  driver: DriverIdentity,
  ref: JobRef,
): Promise<void> {
  // Read before the transaction: on PGlite nothing else may run while it is open.
  const ctx = await changeContext(deps);
  await deps.db.transaction().execute(async (trx) => {
    await acceptOffer(deps, trx, ctx, await jobForDriver(deps, trx, driver, ref));
  });
  deps.mailQueued();
}

/** The driver declines a job offered to them, with a reason (POST …/decline). */
export async function declineAs(
  deps: JobOffersDeps,
  driver: DriverIdentity,
  ref: JobRef,
  reason: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await declineOffer(deps, trx, await jobForDriver(deps, trx, driver, ref), reason);
  });
}
