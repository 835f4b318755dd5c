import type { AmendResponse } from '../../../../contract/manage-booking';
import { formatPounds } from '../../../../domain/money';
import { BOOKING_PAGE_ENTRY_STATUS_LABELS } from '../../../../domain/payment-labels';
import { BREAKDOWN_LABELS, BREAKDOWN_PARTS } from '../../../../domain/pricing-model';

/** 'Refund of £40.00: Refunded' (or Pending), or null when nothing is refunded. */
export function refundSentence(refund: AmendResponse['refund']): string | null {
  if (refund.status === 'none' || refund.amount <= 0) return null;
  return `Refund of ${formatPounds(refund.amount)}: ${BOOKING_PAGE_ENTRY_STATUS_LABELS.refund[refund.status]}`;
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
