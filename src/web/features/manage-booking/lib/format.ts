import type { AmendResponse, ManagedBooking } from '../../../../contract/manage-booking';
import type { PaymentEntry } from '../../../../contract/booking-payments';
import { BREAKDOWN_LABELS, BREAKDOWN_PARTS } from '../../../../domain/pricing-model';
import { formatPounds } from '../../../lib/format-uk-moment';

/**
 * The passenger's words for what the API sends as codes (issue 22). Kept here rather than in
 * domain/messages.ts because only these pages use them.
 */

/** How the booking is paid, from the passenger's side. */
export const PAYMENT_METHOD_WORDS: Record<
  ManagedBooking['booking']['booking']['payment_method'],
  string
> = {
  card: 'Paid by card',
  car: 'Pay the driver in the car',
  account: 'On account',
};

/** What a charge or refund was for. */
export const PAYMENT_REASON_WORDS: Record<PaymentEntry['reason'], string> = {
  booking: 'Booking',
  amendment: 'Change to the booking',
  cancellation: 'Cancellation',
};

/** A ledger entry's state; a refund is pending until the card provider settles it. */
export function paymentStateWords(entry: Pick<PaymentEntry, 'kind' | 'status'>): string {
  if (entry.status === 'pending') return 'Pending';
  if (entry.status === 'failed') {
    return entry.kind === 'refund' ? 'Failed, we will try again' : 'Failed';
  }
  return entry.kind === 'refund' ? 'Refunded' : 'Paid';
}

/** 'Refund of £40.00: Refunded' (or Pending), or null when nothing is refunded. */
export function refundSentence(refund: AmendResponse['refund']): string | null {
  if (refund.status === 'none' || refund.amount <= 0) return null;
  return `Refund of ${formatPounds(refund.amount)}: ${paymentStateWords({ kind: 'refund', status: refund.status })}`;
}

/** A price difference with its sign: '+£5.00', '−£5.00' (a minus sign, not a hyphen), '£0.00'. */
export function signedPounds(amount: number): string {
  const size = formatPounds(Math.abs(amount));
  if (amount > 0) return `+${size}`;
  if (amount < 0) return `\u2212${size}`;
  return size;
}

export type PriceLine = { label: string; value: string };

/** The price's parts in the order the pricing lists them, then any part this browser does not know. */
export function breakdownLines(breakdown: Record<string, number>): PriceLine[] {
  const known: readonly string[] = BREAKDOWN_PARTS;
  return [
    ...BREAKDOWN_PARTS.filter((part) => (breakdown[part] ?? 0) !== 0).map((part) => ({
      label: BREAKDOWN_LABELS[part],
      value: formatPounds(breakdown[part] ?? 0),
    })),
    ...Object.entries(breakdown)
      .filter(([part, amount]) => !known.includes(part) && part !== 'final_price' && amount !== 0)
      .map(([part, amount]) => ({ label: part.replaceAll('_', ' '), value: formatPounds(amount) })),
  ];
}
