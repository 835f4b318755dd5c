import type { DriverJobSummary } from '../../../../contract/driver';
import { JOB_UNDER_WAY_STATUSES } from '../../../../domain/driver-app-messages';
import type { DriverJobLists } from '../api/get-jobs';

/** Whether a job of the driver's is between On the way and Complete. */
export function jobUnderWay(lists: DriverJobLists | undefined): boolean {
  if (!lists) return false;
  return [...lists.today, ...lists.upcoming].some((job) =>
    JOB_UNDER_WAY_STATUSES.includes(job.status),
  );
}

/** An offer still waiting for this driver's answer. */
export function isOffer(job: Pick<DriverJobSummary, 'offer_expires_at'>): boolean {
  return job.offer_expires_at !== null;
}

/** Seconds left to answer an offer at `now` (0 once run out). */
export function offerSecondsLeft(expiresAt: string, now: number): number {
  const left = (Date.parse(expiresAt) - now) / 1000;
  return Number.isFinite(left) ? Math.max(0, Math.ceil(left)) : 0;
}
