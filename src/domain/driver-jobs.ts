import { isJobOver, legSharePence, type JobLeg } from './booking-jobs';
import type { BookingStatus } from './booking-lifecycle';
import { COLLECT_MESSAGES } from './driver-messages';
import { formatMoney, pence } from './money';

/**
 * What the driver's app says of a job (issue 34): what to collect, and when a No-show may be
 * pressed. The rules here; the server's mapper and the app read them.
 */

export type CollectKind = 'collect' | 'paid' | 'account';

/** What the driver collects: the kind, the amount (pence; 0 unless collected) and the words. */
export interface Collect {
  kind: CollectKind;
  amount_pence: number;
  text: string;
}

/**
 * What to collect on a leg. Paid by card: "Paid". On account: "On account". Paid in the car:
 * what is left to pay (the fare less anything paid by card since, e.g. a change's difference),
 * a return trip's legs each collecting their share; once the leg is ridden, "Paid in the car",
 * and nothing on a leg that ended without a ride.
 */
export function collectFor(job: {
  payment_method: 'card' | 'car' | 'account';
  total_pence: number;
  paid_pence: number;
  leg: JobLeg;
  legCount: number;
  status: BookingStatus;
  currencySign: string;
}): Collect {
  if (job.payment_method === 'card')
    return { kind: 'paid', amount_pence: 0, text: COLLECT_MESSAGES.paid };
  if (job.payment_method === 'account') {
    return { kind: 'account', amount_pence: 0, text: COLLECT_MESSAGES.onAccount };
  }
  if (job.status === 'completed') {
    return { kind: 'paid', amount_pence: 0, text: COLLECT_MESSAGES.paidInCar };
  }
  if (isJobOver(job.status)) {
    return { kind: 'collect', amount_pence: 0, text: COLLECT_MESSAGES.nothingToCollect };
  }
  const left = Math.max(0, job.total_pence - job.paid_pence);
  const amount = legSharePence(left, job.leg, job.legCount);
  return {
    kind: 'collect',
    amount_pence: amount,
    text: COLLECT_MESSAGES.collectInCar(formatMoney(pence(amount), job.currencySign)),
  };
}

const MINUTE_MS = 60_000;

/**
 * From when a No-show may be pressed: after Arrived, once the driver has waited `waitMinutes`
 * from the Arrived press, and never before the pickup time. Null: not at Arrived.
 */
export function noShowFrom(input: {
  status: BookingStatus;
  arrivedAt: Date | null;
  waitMinutes: number;
  pickupAt: Date;
}): Date | null {
  if (input.status !== 'arrived' || input.arrivedAt === null) return null;
  const waited = input.arrivedAt.getTime() + input.waitMinutes * MINUTE_MS;
  return new Date(Math.max(waited, input.pickupAt.getTime()));
}
