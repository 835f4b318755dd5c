import type { BookingStatus } from './booking-lifecycle';

/**
 * What a booking has paid and how its payment stands, for everyone who shows it: the console's
 * booking page and CSV, the passenger's booking page and the receipt (issue 30). One rule here,
 * so a refunded booking never reads "Paid" in one place and "Refunded" in another.
 */

/** The booking's own facts the state is worked out from (pence). */
export interface PaymentFacts {
  payment_method: 'card' | 'car' | 'account';
  status: BookingStatus;
  total_pence: number;
  /** Card charges minus refunds (bookings.paid_pence). */
  paid_pence: number;
  /** Every refund on the ledger, settled or still owed (pending, failed and retried). */
  refunded_pence: number;
}

export const PAYMENT_STATES = [
  'paid',
  'partly_refunded',
  'refunded',
  'pay_in_car',
  'paid_in_car',
  'on_account',
  'unpaid',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The words for each state, the same to the operator and the passenger. */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: 'Paid',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
  pay_in_car: 'To be paid in the car',
  paid_in_car: 'Paid in the car',
  on_account: 'On account',
  unpaid: 'Unpaid',
};

/** A booking that ended without a journey: nothing is owed in the car or on account. */
function endedUnridden(status: BookingStatus): boolean {
  return status === 'cancelled' || status === 'no_show';
}

/**
 * What was paid, net of refunds: a card booking's charges minus its refunds (a refund still
 * owed counts as refunded); one paid in the car or on account has paid its fare once the
 * journey is completed, and nothing before.
 */
export function paidPence(facts: Omit<PaymentFacts, 'refunded_pence'>): number {
  if (facts.payment_method === 'card') return facts.paid_pence;
  return facts.status === 'completed' ? facts.total_pence : 0;
}

/** How the booking's payment stands now. */
export function paymentState(facts: PaymentFacts): PaymentState {
  switch (facts.payment_method) {
    case 'card':
      if (facts.refunded_pence <= 0) return 'paid';
      return facts.paid_pence <= 0 ? 'refunded' : 'partly_refunded';
    case 'car':
      if (facts.status === 'completed') return 'paid_in_car';
      return endedUnridden(facts.status) ? 'unpaid' : 'pay_in_car';
    case 'account':
      return facts.status === 'cancelled' ? 'unpaid' : 'on_account';
  }
}

/** A ledger's refunds in pence, whatever their state (one still owed counts). */
export function refundedPenceOf(
  ledger: readonly { kind: 'charge' | 'refund'; amount_pence: number }[],
): number {
  return ledger
    .filter((row) => row.kind === 'refund')
    .reduce((sum, row) => sum + row.amount_pence, 0);
}

/** What a booking with this ledger has paid and how its payment stands. */
export function paymentOf(
  booking: Omit<PaymentFacts, 'refunded_pence'>,
  ledger: readonly { kind: 'charge' | 'refund'; amount_pence: number }[],
): { paidPence: number; state: PaymentState } {
  return {
    paidPence: paidPence(booking),
    state: paymentState({ ...booking, refunded_pence: refundedPenceOf(ledger) }),
  };
}
