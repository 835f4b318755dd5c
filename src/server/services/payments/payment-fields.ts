import { pence, penceToPounds } from '../../../domain/money';
import { paymentOf, type PaymentFacts } from '../../../domain/payment-state';
import type { PaymentRow } from '../../repositories/booking-payments-repository';

/** A booking's paid_amount (pounds, net of refunds) and payment_state, as its pages show them. */
export function paymentFields(
  booking: Omit<PaymentFacts, 'refunded_pence'>,
  ledger: readonly PaymentRow[],
) {
  const paid = paymentOf(booking, ledger);
  return { paid_amount: penceToPounds(pence(paid.paidPence)), payment_state: paid.state };
}
