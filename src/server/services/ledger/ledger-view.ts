import type { PaymentEntry } from '../../../contract/booking-payments';
import { pence, penceToPounds } from '../../../domain/money';
import type { PaymentRow } from '../../repositories/booking-payments-repository';

/** A ledger row as the API shows it; the provider's error is the operator's to read. */
export function toPaymentEntry(row: PaymentRow, withError: boolean): PaymentEntry {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    amount: penceToPounds(pence(row.amount_pence)),
    status: row.state,
    created_at: new Date(row.created_at).toISOString(),
    last_error: withError ? row.last_error : null,
  };
}

/** Refunds owed and their state: pending or failed refunds are owed and still being tried. */
export function refundSummary(rows: readonly PaymentRow[], ids: readonly number[]) {
  const mine = rows.filter((row) => ids.includes(row.id));
  const amountPence = mine.reduce((sum, row) => sum + row.amount_pence, 0);
  const status =
    mine.length === 0
      ? ('none' as const)
      : mine.some((row) => row.state === 'failed')
        ? ('failed' as const)
        : mine.some((row) => row.state === 'pending')
          ? ('pending' as const)
          : ('succeeded' as const);
  return { amount: penceToPounds(pence(amountPence)), status };
}
