import type { AmendResponse } from '../../../../contract/manage-booking';
import { formatPounds } from '../../../../domain/money';
import { BOOKING_PAGE_ENTRY_STATUS_LABELS } from '../../../../domain/payment-labels';
import { breakdownLines as priceParts } from '../../../../contract/price-details';

/** 'Refund of £40.00: Refunded' (or Pending), or null when nothing is refunded. */
export function refundSentence(refund: AmendResponse['refund']): string | null {
  if (refund.status === 'none' || refund.amount <= 0) return null;
  return `Refund of ${formatPounds(refund.amount)}: ${BOOKING_PAGE_ENTRY_STATUS_LABELS.refund[refund.status]}`;
}

export type PriceLine = { label: string; value: string };

/** The price's parts in the order the pricing lists them, then any part this browser does not know. */
export function breakdownLines(breakdown: Record<string, number>): PriceLine[] {
  return priceParts(breakdown).map((line) => ({
    label: line.label,
    value: formatPounds(line.amount),
  }));
}
