import { CHANGE_MESSAGES } from '../../../domain/messages';
import {
  changeIsLate,
  lateChange,
  refundablePence,
  type BookingPolicy,
  type ChangeSettlement,
  type LateChange,
} from '../../../domain/booking-policy';
import { formatMoney, pence } from '../../../domain/money';
import type { PlannedChange } from './change-plan';

/**
 * The money of a passenger's change: what the late-cancellation policy makes of it (issue 30)
 * and the sentence the change review and the mails say it in.
 */

/** Pence in the operator's currency, as the passenger's sentences say it. */
export function money(amount: number, currency: string): string {
  return formatMoney(pence(amount), currency);
}

/**
 * What the late-cancellation policy makes of a change now (issue 30): inside the late
 * window a card booking's cheaper change refunds only part of the difference, and the fee
 * base is kept. Worked out on the row as it is (locked, when the change is written).
 */
export function lateChangeOf(
  row: {
    pickup_at: Date | string;
    late_fee_due: boolean;
    late_fee_base_pence: number | null;
    payment_method: string;
    paid_pence: number;
  },
  plan: PlannedChange,
  policy: BookingPolicy,
  now: Date,
): LateChange {
  const late =
    refundablePence(row) > 0 &&
    changeIsLate({
      pickupAt: new Date(row.pickup_at),
      now,
      policy,
      lateFeeDue: row.late_fee_due,
    });
  return lateChange({
    late,
    oldTotalPence: plan.oldTotalPence,
    newTotalPence: plan.newTotalPence,
    feeBasePence: row.late_fee_base_pence,
    policy,
  });
}

/** What a change does to the money, in a sentence. */
export function settlementSentence(
  settlement: ChangeSettlement,
  amounts: { difference: number; toPayPence: number },
  plan: Pick<PlannedChange, 'newTotalPence'>,
  currency: string,
  late: LateChange,
): string {
  const amount = money(Math.abs(amounts.difference), currency);
  const newPrice = money(plan.newTotalPence, currency);
  switch (settlement) {
    case 'none':
      return CHANGE_MESSAGES.priceUnchanged;
    case 'refund':
      if (late.keptPence <= 0) return CHANGE_MESSAGES.refunded(newPrice, amount);
      return late.refundPence > 0
        ? CHANGE_MESSAGES.refundedLessFee(
            newPrice,
            money(late.refundPence, currency),
            amount,
            money(late.keptPence, currency),
          )
        : CHANGE_MESSAGES.feeTakesAll(newPrice, amount);
    case 'pay_difference':
      return amounts.toPayPence === amounts.difference
        ? CHANGE_MESSAGES.payDifference(newPrice, amount)
        : CHANGE_MESSAGES.payLessKeptFee(newPrice, money(amounts.toPayPence, currency), amount);
    case 'price_change':
      // A card booking lands here only when a fee kept from an earlier change covers the rise.
      return amounts.difference > 0 && late.late
        ? CHANGE_MESSAGES.keptFeeCovers(newPrice, amount)
        : CHANGE_MESSAGES.paidAsBefore(newPrice, amounts.difference > 0 ? 'up' : 'down', amount);
  }
}
