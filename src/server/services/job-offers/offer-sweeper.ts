import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM } from '../booking-changes/change-actor';
import { expireOffer, type OfferDeps } from '../booking-changes/offer-job';

/** Offers ended per pass at most; a longer queue is taken on the next pass, seconds later. */
const BATCH = 100;

/** One sweep (runOnce says how many offers it ended), and one offer ended when its time is up. */
export interface OfferSweeper {
  runOnce(): Promise<number>;
  endOne(due: { booking_id: number; leg: string; driverId: number }): Promise<boolean>;
}

/**
 * The offer timeout (issue 34): ends each offer whose time ran out (OFFER_TIMEOUT_SECONDS),
 * by the system, with its history row, and the job goes back to Needs action. Every API
 * process runs it; each offer is ended exactly once, as a driver's answer is: the booking's
 * row is locked first (one busy with another change is skipped until the next pass), and the
 * offer is cleared only while it is still open to the same driver and past its time.
 */
export function createOfferSweeper(
  deps: OfferDeps,
  options: { logger: FastifyBaseLogger },
): OfferSweeper {
  const { logger } = options;

  async function endOne(due: { booking_id: number; leg: string; driverId: number }) {
    return deps.db.transaction().execute(async (trx) => {
      const booking = await deps.offers.lockForSweep(due.booking_id, trx);
      if (!booking) return false;
      const jobs = await deps.jobs.lockAll(booking.id, trx);
      const job = jobs.find((each) => each.leg === due.leg);
      if (!job) return false;
      return expireOffer(deps, trx, { booking, jobs, job, actor: SYSTEM }, due.driverId);
    });
  }

  async function pass(): Promise<number> {
    let ended = 0;
    for (const due of await deps.offers.due(deps.clock(), BATCH)) {
      if (due.offered_driver_id === null) continue;
      if (await endOne({ ...due, driverId: due.offered_driver_id })) ended += 1;
    }
    if (ended > 0) logger.info({ ended }, 'offers timed out');
    return ended;
  }

  return { runOnce: pass, endOne };
}
