import { BOOKING_MESSAGES } from './messages';
import { PAYMENT_STATE_LABELS } from './payment-state';

/**
 * How a booking's payment reads to the passenger (confirmation mail, receipt) and how each line
 * of its money ledger (issue 22: charges and refunds) reads to the passenger and the operator.
 * The booking's payment state, refunds included, is payment-state.ts's.
 */

/** The booking's payment method, as the passenger chose it (or the operator took it). */
export const PASSENGER_PAYMENT_METHOD_LABELS = {
  card: BOOKING_MESSAGES.payByCard,
  car: BOOKING_MESSAGES.payInCar,
  account: 'On account',
} as const;

/** The stored payment status as a booking's first mail states it: payment-state.ts's words. */
export const PASSENGER_PAYMENT_STATUS_LABELS = {
  paid: PAYMENT_STATE_LABELS.paid,
  pay_in_car: PAYMENT_STATE_LABELS.pay_in_car,
  on_account: PAYMENT_STATE_LABELS.on_account,
} as const;

/** A ledger line's kind. */
export const PAYMENT_KIND_LABELS = {
  charge: 'Charge',
  refund: 'Refund',
} as const;

/** What a ledger line was for. */
export const PAYMENT_REASON_LABELS = {
  booking: 'Booking',
  amendment: 'Change to the booking',
  cancellation: 'Cancellation',
} as const;

/**
 * A ledger line's state, by kind: a settled refund is "Refunded"; a failed one is retried by
 * the server (and the operator may retry it at once), which its label says.
 */
export const PAYMENT_ENTRY_STATUS_LABELS = {
  charge: { pending: 'Pending', succeeded: 'Paid', failed: 'Failed' },
  refund: { pending: 'Pending', succeeded: 'Refunded', failed: 'Refund failed — retrying' },
} as const;

/** The label of a ledger line's state. */
export function paymentEntryStatusLabel(entry: {
  kind: keyof typeof PAYMENT_ENTRY_STATUS_LABELS;
  status: keyof (typeof PAYMENT_ENTRY_STATUS_LABELS)['charge'];
}): string {
  return PAYMENT_ENTRY_STATUS_LABELS[entry.kind][entry.status];
}
