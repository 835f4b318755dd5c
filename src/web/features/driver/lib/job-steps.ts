import { DRIVER_STEPS, type DriverJob, type DriverStep } from '../../../../contract/driver';
import { nextStatuses, type BookingStatus } from '../../../../domain/booking-lifecycle';
import type { PressRecord } from '../offline/driver-db';

export function isDriverStep(status: BookingStatus): status is DriverStep {
  return (DRIVER_STEPS as readonly string[]).includes(status);
}

/**
 * The press the server's copy of the job does not show yet: the last one still waiting, or
 * sent after that copy was fetched. Null when the copy is up to date.
 */
export function pendingPress(
  presses: readonly PressRecord[],
  fetchedAt: number,
): PressRecord | null {
  const ahead = presses.filter(
    (press) => press.state === 'waiting' || (press.state === 'sent' && press.createdAt > fetchedAt),
  );
  return ahead.at(-1) ?? null;
}

/** What the job page's buttons stand on: the server's job, or the driver's own newer press. */
export type StepChoice = {
  /** The buttons to show, in the lifecycle's order. */
  steps: DriverStep[];
  /** No-show is the server's to allow: from this instant (ISO), when it is not yet. */
  noShowFrom: string | null;
};

/**
 * The status buttons: the server's next_statuses (what it allows now), and No-show once
 * `no_show_from` has passed, while the page is open: the server lists No-show only from then,
 * so a copy fetched before would never show it. After a press the server has not answered for,
 * the steps after that press (as the lifecycle allows, without No-show, whose wait the server
 * knows).
 */
export function stepChoice(
  job: Pick<DriverJob, 'next_statuses' | 'no_show_from'>,
  pending: PressRecord | null,
  now: number,
): StepChoice {
  if (pending) {
    const steps = nextStatuses(pending.body.status).filter(isDriverStep);
    return { steps: steps.filter((step) => step !== 'no_show'), noShowFrom: null };
  }
  const steps = job.next_statuses.filter(isDriverStep);
  const from = job.no_show_from === null ? Number.NaN : Date.parse(job.no_show_from);
  // No no_show_from: not Arrived, and the server's list is the whole answer.
  if (Number.isNaN(from)) return { steps, noShowFrom: null };
  const others = steps.filter((step) => step !== 'no_show');
  if (from <= now) return { steps: [...others, 'no_show'], noShowFrom: null };
  return { steps: others, noShowFrom: job.no_show_from };
}
