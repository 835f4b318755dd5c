/**
 * A booking's jobs (issue 32): each leg of a booking is a job, dispatched, followed and changed
 * on its own — the outward leg, and the return leg when there is one. Money stays on the
 * booking; a job has its own status, history, driver and vehicle registration.
 */
import { canTransition, type BookingStatus } from './booking-lifecycle';
import {
  cancellationTerms,
  refundablePence,
  type BookingPolicy,
  type CancellationTerms,
} from './booking-policy';
import { OPERATOR_MESSAGES } from './messages';
import { londonTimeOfDay } from './uk-time';

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

/** The legs a cancellation of the booking cancels: every one that can still be cancelled. */
export function openLegs(jobs: readonly { leg: JobLeg; status: BookingStatus }[]): JobLeg[] {
  return jobs.filter((job) => canTransition(job.status, 'cancelled')).map((job) => job.leg);
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

/**
 * Whether the return journey may be cancelled on its own: while both legs still stand (once the
 * outward one is over, cancelling the booking is cancelling the return).
 */
export function returnAloneCancellable(
  jobs: readonly { leg: JobLeg; status: BookingStatus }[],
): boolean {
  return openLegs(jobs).length === 2;
}

/**
 * The journey a mail about a move names: the one leg of a return booking that moved; none for
 * a one-way booking or when every leg moved (the mail is then the booking's).
 */
export function journeyNamed(legCount: number, moved: readonly JobLeg[]): JobLeg | undefined {
  return legCount > 1 && moved.length === 1 ? moved[0] : undefined;
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

/** What a booking's cancellation is worked out from (its row, as stored). */
export interface CancellableBooking {
  payment_method: string;
  paid_pence: number;
  total_pence: number;
  pickup_at: Date | string;
  return_at: Date | string | null;
  late_fee_due: boolean;
  late_fee_base_pence: number | null;
}

/**
 * The terms of cancelling `cancelling` legs of a booking of `legCount` legs — the one rule for
 * the passenger's dialog, their cancel and the operator's: the cancelled legs' part of what was
 * paid by card (cancelledLegsPence), late by the first cancelled leg's pickup, the fee on the
 * same part of the fee base. Every leg at once is the booking's cancellation as before jobs.
 */
export function legCancellationTerms(input: {
  booking: CancellableBooking;
  legCount: number;
  cancelling: readonly JobLeg[];
  now: Date;
  policy: BookingPolicy;
  waiveFee?: boolean;
}): CancellationTerms {
  const { booking } = input;
  const part = (heldPence: number) =>
    cancelledLegsPence({
      heldPence,
      totalPence: booking.total_pence,
      legCount: input.legCount,
      cancelling: input.cancelling,
    });
  const firstPickup =
    input.cancelling.includes('outward') || booking.return_at === null
      ? booking.pickup_at
      : booking.return_at;
  return cancellationTerms({
    paidPence: part(refundablePence(booking)),
    pickupAt: new Date(firstPickup),
    now: input.now,
    policy: input.policy,
    lateFeeDue: booking.late_fee_due,
    feeBasePence: booking.late_fee_base_pence === null ? null : part(booking.late_fee_base_pence),
    ...(input.waiveFee === undefined ? {} : { waiveFee: input.waiveFee }),
  });
}

/**
 * Why a job may not be marked No-show at `now`, or null: never before its pickup time (a walk
 * of the console recorded one days early, and the passenger lost their ride's money).
 */
export function noShowRefusal(pickupAt: Date, now: Date): string | null {
  if (now.getTime() >= pickupAt.getTime()) return null;
  return OPERATOR_MESSAGES.noShowBeforePickup(londonTimeOfDay(pickupAt));
}
