import { BOOKING_MESSAGES } from './messages';
import { PAYMENT_STATE_LABELS } from './payment-state';

/**
 * How a booking's payment reads, to each audience, and how each line of its money ledger
 * (issue 22: charges and refunds) reads to the passenger and the operator. Every payment label
 * of the web, the mails and the receipt is here; where two audiences read different words, each
 * map is named for who reads it. The booking's payment state, refunds included, is
 * payment-state.ts's.
 */

/** A stored booking's payment method. */
type PaymentMethod = 'card' | 'car' | 'account';

/**
 * The booking's payment method as the passenger chose it (or the operator took it), in the
 * words of the payment page's buttons: the confirmation mail and the receipt.
 */
export const PASSENGER_PAYMENT_METHOD_LABELS = {
  card: BOOKING_MESSAGES.payByCard,
  car: BOOKING_MESSAGES.payInCar,
  account: 'On account',
} as const satisfies Record<PaymentMethod, string>;

/**
 * The thank-you page's Payment Method (spec section 2: 'Pay in Car' for car; a card, or
 * anything else, in the corporate list's 'Pay by Card').
 */
export const THANK_YOU_PAGE_PAYMENT_METHOD_LABELS = {
  card: 'Pay by Card',
  car: BOOKING_MESSAGES.payInCar,
  account: 'Pay by Card',
} as const satisfies Record<PaymentMethod, string>;

/** The passenger's booking page (issue 22): how the booking is paid, from their side. */
export const BOOKING_PAGE_PAYMENT_METHOD_LABELS = {
  card: 'Paid by card',
  car: 'Pay the driver in the car',
  account: 'On account',
} as const satisfies Record<PaymentMethod, string>;

/** The operator's console: the booking page and the phone booking's choice. */
export const CONSOLE_PAYMENT_METHOD_LABELS = {
  car: 'Pay in car',
  card: 'Card',
  account: 'On account',
} as const satisfies Record<PaymentMethod, string>;

/**
 * The corporate bookings list and its details (spec section 2: 'Pay to driver' for car,
 * otherwise 'Pay by Card'; a phone booking charged to the account, 'On account').
 */
export const CORPORATE_PAYMENT_METHOD_LABELS = {
  card: 'Pay by Card',
  car: 'Pay to driver',
  account: 'On account',
} as const satisfies Record<PaymentMethod, string>;

/** The stored payment status as a booking's first mail states it: payment-state.ts's words. */
export const PASSENGER_PAYMENT_STATUS_LABELS = {
  paid: PAYMENT_STATE_LABELS.paid,
  pay_in_car: PAYMENT_STATE_LABELS.pay_in_car,
  on_account: PAYMENT_STATE_LABELS.on_account,
} as const;

/** A ledger line's kind, to the operator and on the receipt. */
export const PAYMENT_KIND_LABELS = {
  charge: 'Charge',
  refund: 'Refund',
} as const;

/** A ledger line's kind on the passenger's booking page: every charge there is a card's. */
export const BOOKING_PAGE_PAYMENT_KIND_LABELS = {
  charge: 'Card payment',
  refund: 'Refund',
} as const;

/** What a ledger line was for, in the same words to everyone. */
export const PAYMENT_REASON_LABELS = {
  booking: 'Booking',
  amendment: 'Change to the booking',
  cancellation: 'Cancellation',
} as const;

/** Each kind of ledger line's words for each of its states. */
type EntryStatusLabels = Record<
  'charge' | 'refund',
  Record<'pending' | 'succeeded' | 'failed', string>
>;

/**
 * A ledger line's state, by kind, to the operator and on the receipt: a settled refund is
 * "Refunded"; a failed one is retried by the server (and the operator may retry it at once),
 * which its label says.
 */
export const PAYMENT_ENTRY_STATUS_LABELS = {
  charge: { pending: 'Pending', succeeded: 'Paid', failed: 'Failed' },
  refund: { pending: 'Pending', succeeded: 'Refunded', failed: 'Refund failed — retrying' },
} as const satisfies EntryStatusLabels;

/**
 * A ledger line's state on the passenger's booking page: a refund is pending until the card
 * provider settles it, and a failed one is tried again.
 */
export const BOOKING_PAGE_ENTRY_STATUS_LABELS = {
  charge: { pending: 'Pending', succeeded: 'Paid', failed: 'Failed' },
  refund: { pending: 'Pending', succeeded: 'Refunded', failed: 'Failed, we will try again' },
} as const satisfies EntryStatusLabels;

/** The label of a ledger line's state: the operator's and the receipt's words, or `labels`. */
export function paymentEntryStatusLabel(
  entry: {
    kind: keyof EntryStatusLabels;
    status: keyof EntryStatusLabels['charge'];
  },
  labels: EntryStatusLabels = PAYMENT_ENTRY_STATUS_LABELS,
): string {
  return labels[entry.kind][entry.status];
}
