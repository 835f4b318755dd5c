/**
 * A booking's jobs (issue 32): each leg of a booking is a job, dispatched, followed and changed
 * on its own — the outward leg, and the return leg when there is one. Money stays on the
 * booking; a job has its own status, history, driver and vehicle registration.
 */
import type { BookingStatus } from './booking-lifecycle';

export const JOB_LEGS = ['outward', 'return'] as const;
export type JobLeg = (typeof JOB_LEGS)[number];

/** How the console's Leg column names each leg. */
export const JOB_LEG_LABELS: Record<JobLeg, string> = {
  outward: 'Outward',
  return: 'Return',
};

/** What follows the booking number in the return leg's reference. */
const RETURN_SUFFIX = '-R';

/** A job's reference: the booking number for the outward leg, with "-R" for the return. */
export function jobRef(bookingNumber: string, leg: JobLeg): string {
  return leg === 'return' ? `${bookingNumber}${RETURN_SUFFIX}` : bookingNumber;
}

/**
 * The booking number and leg a job reference names, or undefined for text that is not one
 * (the booking number's own shape is the contract's to check). "-r" is taken as "-R": people
 * type references.
 */
export function parseJobRef(ref: string): { bookingNumber: string; leg: JobLeg } | undefined {
  const text = ref.trim();
  if (text === '') return undefined;
  if (text.toUpperCase().endsWith(RETURN_SUFFIX)) {
    const bookingNumber = text.slice(0, -RETURN_SUFFIX.length);
    return bookingNumber === '' ? undefined : { bookingNumber, leg: 'return' };
  }
  return { bookingNumber: text, leg: 'outward' };
}

/** The legs a booking of this journey type has. */
export function legsOf(journeyType: 'one_way' | 'return' | 'hourly'): readonly JobLeg[] {
  return journeyType === 'return' ? JOB_LEGS : ['outward'];
}

const ENDED_BY_RIDE: readonly BookingStatus[] = ['completed', 'no_show'];

/**
 * The booking's own status, from its jobs' — the one rule for it:
 * - every job cancelled: Cancelled;
 * - every job over (Completed, No-show or Cancelled): Completed if any leg was ridden, else
 *   No-show (a no-show on one leg and a cancelled other leg is a no-show);
 * - otherwise the status of the first leg still under way (outward before return), so a
 *   booking reads as its next ride: Completed outward and Confirmed return is Confirmed.
 */
export function bookingStatusFromJobs(statuses: readonly BookingStatus[]): BookingStatus {
  if (statuses.length === 0) throw new Error('A booking has at least one job');
  const open = statuses.find((status) => !isJobOver(status));
  if (open !== undefined) return open;
  if (statuses.every((status) => status === 'cancelled')) return 'cancelled';
  return statuses.includes('completed') ? 'completed' : 'no_show';
}

/** Whether nothing more happens on a job in this status. */
export function isJobOver(status: BookingStatus): boolean {
  return status === 'cancelled' || ENDED_BY_RIDE.includes(status);
}

/**
 * A leg's share of the booking's price: a return journey's price is split evenly between its
 * legs, the outward leg taking the odd penny; a booking of one leg is all of it.
 */
export function legSharePence(totalPence: number, leg: JobLeg, legCount: number): number {
  if (legCount === 1) return totalPence;
  const returnShare = Math.floor(totalPence / 2);
  return leg === 'return' ? returnShare : totalPence - returnShare;
}

/**
 * What a cancellation of `cancelling` legs is worked out on: everything still held when every
 * leg the booking has goes at once (as before jobs), else the cancelled legs' shares, never
 * more than is held.
 */
export function cancelledLegsPence(input: {
  heldPence: number;
  totalPence: number;
  legCount: number;
  cancelling: readonly JobLeg[];
}): number {
  if (input.cancelling.length === input.legCount) return input.heldPence;
  const shares = input.cancelling.reduce(
    (sum, leg) => sum + legSharePence(input.totalPence, leg, input.legCount),
    0,
  );
  return Math.min(input.heldPence, shares);
}

/**
 * When the first of the legs being cancelled is picked up: a cancellation is late or not by
 * it. The outward pickup when the outward leg goes or the booking has no return time.
 */
export function firstPickupOf(
  legs: readonly JobLeg[],
  pickups: { outward: Date; return: Date | null },
): Date {
  return legs.includes('outward') || pickups.return === null ? pickups.outward : pickups.return;
}
