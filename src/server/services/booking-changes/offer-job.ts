import type { Transaction } from 'kysely';
import { jobRef } from '../../../domain/booking-jobs';
import { OFFER_MESSAGES } from '../../../domain/offer-messages';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { todayInLondonFast } from '../../lib/uk-clock';
import type { JobOffersRepository } from '../../repositories/job-offers-repository';
import { publishLive } from '../live/live-notices';
import type { ChangeActor } from './change-actor';
import type { ChangeContext, ChangeDeps } from './change-deps';
import { jobsNow, recordJobActivity } from './job-activity';
import { checkDispatchable } from './dispatch-check';
import { assignJob, checkStep, type JobInBooking } from './job-steps';
import { recordStep } from './move-jobs';

/**
 * A job offered to a driver (issue 34), through the one change path: the console offers, the
 * driver accepts (Driver assigned, as the console's Assign) or declines, or the offer times
 * out. An offer moves no status; each step writes the job's history, and an open offer is
 * waiting on the driver, an ended one on the office (Needs action). Each runs in the caller's
 * transaction with the booking's row and its jobs locked.
 */
export type OfferDeps = ChangeDeps & { offers: JobOffersRepository };

type ActorOf<K extends ChangeActor['kind']> = Extract<ChangeActor, { kind: K }>;
type JobBy<K extends ChangeActor['kind']> = JobInBooking & { actor: ActorOf<K> };

/**
 * Tells the screens concerned of an offer's step when it commits (the live event bus): the
 * booking's company's console (the board's Needs action), and each driver it was or is offered
 * to. The passenger's page shows nothing of an offer.
 */
function announceOffer(
  trx: Transaction<Database>,
  target: JobInBooking,
  driverIds: readonly (number | null | undefined)[],
): Promise<void> {
  const { booking, job } = target;
  return publishLive(trx, {
    companyId: booking.company_id,
    driverIds,
    event: { type: 'offer', job_ref: jobRef(booking.booking_number, job.leg) },
  });
}

/** What an offer made: to whom, and until when. */
export interface OfferMade {
  driverId: number;
  driverName: string;
  expiresAt: Date;
}

/**
 * Offers a job to a driver with a vehicle (their usual one when none is named) until
 * `now + timeoutSeconds`, on the same terms as assigning them (the lifecycle must allow Driver
 * assigned; checkDispatchable: the driver and the vehicle the company's, active, every
 * document in date). A new offer replaces an open one. Written in the history ("Offered to …")
 * and the console's activity log.
 */
export async function offerJob(
  deps: OfferDeps,
  trx: Transaction<Database>,
  target: JobBy<'operator'>,
  /** vehicleId: the vehicle chosen; not given, the driver's usual one (checkDispatchable). */
  offer: { driverId: number; vehicleId?: number | undefined; timeoutSeconds: number },
): Promise<OfferMade> {
  const { booking, job, actor } = target;
  checkStep(job.status, 'driver_assigned');
  const { driver, vehicle } = await checkDispatchable(
    deps,
    trx,
    { companyId: booking.company_id, driverId: offer.driverId, vehicleId: offer.vehicleId },
    todayInLondonFast(deps.clock()),
  );
  const expiresAt = new Date(deps.clock().getTime() + offer.timeoutSeconds * 1000);
  const before = await jobsNow(deps, trx, booking.id);
  // An open offer to another driver is replaced: they hear of it too.
  const replaced = before.find((each) => each.leg === job.leg)?.offered_driver_id;
  await deps.offers.open(
    booking.id,
    job.leg,
    { driverId: driver.id, vehicleId: vehicle.id, expiresAt, operatorId: actor.id },
    trx,
  );
  // Ends the offer when its time is up, in whichever process is free then (offer-sweeper.ts).
  await deps.queue.add(
    'offer-timeout',
    { bookingId: booking.id, leg: job.leg, driverId: driver.id },
    { trx, startAfterSeconds: offer.timeoutSeconds },
  );
  const note = OFFER_MESSAGES.offered(driver.name);
  await recordStep(deps, trx, { bookingId: booking.id, job, to: job.status, actor, note });
  await recordJobActivity(deps, trx, {
    booking,
    legs: [job.leg],
    operator: { id: actor.id, name: actor.name },
    note,
    before,
    after: await jobsNow(deps, trx, booking.id),
  });
  await announceOffer(trx, target, [replaced, driver.id]);
  return { driverId: driver.id, driverName: driver.name, expiresAt };
}

/**
 * The job's offer to the acting driver, open now; 'theirs' when it is not offered to them but
 * assigned to them already. Neither: 404 (a driver sees only the jobs offered or assigned to
 * them). Past its time (and not yet swept): the 409.
 */
async function openOfferTo(deps: OfferDeps, trx: Transaction<Database>, target: JobBy<'driver'>) {
  const { booking, job, actor } = target;
  const offer = await deps.offers.offerOf(booking.id, job.leg, trx);
  if (!offer || offer.offered_driver_id !== actor.id) {
    if (offer?.driver_id === actor.id) return 'theirs' as const;
    throw new HttpError(404, OFFER_MESSAGES.jobNotFound);
  }
  const expiresAt = offer.offer_expires_at ? new Date(offer.offer_expires_at) : deps.clock();
  if (expiresAt <= deps.clock()) throw new HttpError(409, OFFER_MESSAGES.offerEnded);
  return offer;
}

/**
 * The offered driver accepts: Driver assigned through assignJob (the same checks, judged again
 * now, history and passenger's mail as the console's Assign) with the driver as the actor and
 * the offered vehicle; who dispatched it stays the console account that offered it. The move clears the offer. Accepting a job already theirs changes nothing (a
 * second tap, or a retry after a lost answer).
 */
export async function acceptOffer(
  deps: OfferDeps,
  trx: Transaction<Database>,
  ctx: ChangeContext,
  target: JobBy<'driver'>,
): Promise<void> {
  const offer = await openOfferTo(deps, trx, target);
  if (offer === 'theirs') return;
  await assignJob(deps, trx, ctx, target, {
    driverId: target.actor.id,
    vehicleId: offer.offered_vehicle_id ?? undefined,
  });
}

/** The offered driver declines, with a reason: the job goes back to the office. */
export async function declineOffer(
  deps: OfferDeps,
  trx: Transaction<Database>,
  target: JobBy<'driver'>,
  reason: string,
): Promise<void> {
  // A job already theirs has no offer to decline: the office takes them off it.
  if ((await openOfferTo(deps, trx, target)) === 'theirs') {
    throw new HttpError(409, OFFER_MESSAGES.offerEnded);
  }
  const { booking, job, actor } = target;
  await deps.offers.end(booking.id, job.leg, { driverId: actor.id, endedAt: deps.clock() }, trx);
  const note = OFFER_MESSAGES.declined(actor.name, reason);
  await recordStep(deps, trx, { bookingId: booking.id, job, to: job.status, actor, note });
  await announceOffer(trx, target, [actor.id]);
}

/**
 * An offer to `driverId` whose time ran out by `now` ends, by the system: the job goes back to
 * the office. Answers whether this call ended it (of two sweeps, exactly one does).
 */
export async function expireOffer(
  deps: OfferDeps,
  trx: Transaction<Database>,
  target: JobBy<'system'>,
  driverId: number,
): Promise<boolean> {
  const { booking, job, actor } = target;
  const now = deps.clock();
  const ended = await deps.offers.end(
    booking.id,
    job.leg,
    { driverId, endedAt: now, dueBy: now },
    trx,
  );
  if (!ended) return false;
  // The offered driver's row is there: an offer holds it by its foreign key.
  const driver = await deps.drivers.find(driverId, null, trx);
  const note = OFFER_MESSAGES.timedOut(driver?.name ?? '');
  await recordStep(deps, trx, { bookingId: booking.id, job, to: job.status, actor, note });
  await announceOffer(trx, target, [driverId]);
  return true;
}
