import { describe, expect, it } from 'vitest';
import {
  allocateRefund,
  bookingPolicy,
  cancellationSentence,
  cancellationTerms,
  cancelRefusal,
  changeRefusal,
  changeSettlement,
  POLICY_MESSAGES,
} from '../../src/domain/booking-policy';
import { pence } from '../../src/domain/money';

const PICKUP = new Date('2026-12-04T14:30:00Z');
const HOUR = 3_600_000;
const policy = bookingPolicy({});

describe('the passenger booking policy', () => {
  it('reads its three settings, falling back to the defaults for missing or nonsense values', () => {
    expect(policy).toEqual({
      freeCancellationHours: 24,
      lateCancellationFeePercent: 50,
      amendCutoffHours: 2,
    });
    expect(
      bookingPolicy({
        FREE_CANCELLATION_HOURS: '48',
        LATE_CANCELLATION_FEE_PERCENT: '25',
        AMEND_CUTOFF_HOURS: ' 6 ',
      }),
    ).toEqual({ freeCancellationHours: 48, lateCancellationFeePercent: 25, amendCutoffHours: 6 });
    expect(
      bookingPolicy({ LATE_CANCELLATION_FEE_PERCENT: '150', FREE_CANCELLATION_HOURS: 'soon' }),
    ).toMatchObject({ lateCancellationFeePercent: 50, freeCancellationHours: 24 });
  });

  it('is free exactly FREE_CANCELLATION_HOURS before pickup, and late a millisecond after', () => {
    const at = (ms: number) =>
      cancellationTerms({ paidPence: 4_999, pickupAt: PICKUP, now: new Date(ms), policy });
    expect(at(PICKUP.getTime() - 24 * HOUR)).toEqual({
      kind: 'free',
      feePence: 0,
      refundPence: 4_999,
    });
    // Half of 4,999p is 2,499.5p: the fee rounds to 2,500p, and fee + refund is what was paid.
    expect(at(PICKUP.getTime() - 24 * HOUR + 1)).toEqual({
      kind: 'late',
      feePence: 2_500,
      refundPence: 2_499,
    });
    expect(at(PICKUP.getTime() + HOUR).kind).toBe('late');
  });

  it('has nothing to pay when nothing was paid by card, and lets an operator waive the fee', () => {
    expect(cancellationTerms({ paidPence: 0, pickupAt: PICKUP, now: PICKUP, policy }).kind).toBe(
      'nothing_to_pay',
    );
    expect(
      cancellationTerms({
        paidPence: 3_000,
        pickupAt: PICKUP,
        now: PICKUP,
        policy,
        waiveFee: true,
      }),
    ).toEqual({ kind: 'free', feePence: 0, refundPence: 3_000 });
  });

  it('words the dialog as the issue gives it', () => {
    expect(
      cancellationSentence({ kind: 'free', feePence: pence(0), refundPence: pence(4_000) }),
    ).toBe('Free cancellation: you will be refunded £40.00');
    expect(
      cancellationSentence({ kind: 'late', feePence: pence(2_000), refundPence: pence(2_000) }),
    ).toBe('Late cancellation: a fee of £20.00 applies; you will be refunded £20.00');
    expect(
      cancellationSentence({ kind: 'nothing_to_pay', feePence: pence(0), refundPence: pence(0) }),
    ).toBe('Nothing to pay');
  });

  it('closes changes at the cut-off and once the driver is on the way', () => {
    const before = new Date(PICKUP.getTime() - 2 * HOUR);
    expect(changeRefusal('confirmed', PICKUP, before, policy)).toBeNull();
    expect(changeRefusal('confirmed', PICKUP, new Date(before.getTime() + 1), policy)).toBe(
      POLICY_MESSAGES.changeClosedCutoff(2),
    );
    for (const status of ['en_route', 'arrived', 'on_board', 'completed', 'no_show'] as const) {
      expect(changeRefusal(status, PICKUP, before, policy)).toBe(
        POLICY_MESSAGES.changeClosedStatus,
      );
      expect(cancelRefusal(status)).toBe(POLICY_MESSAGES.cancelClosed);
    }
    expect(cancelRefusal('cancelled')).toBe(POLICY_MESSAGES.alreadyCancelled);
    expect(changeRefusal('cancelled', PICKUP, before, policy)).toBe(
      POLICY_MESSAGES.changeClosedCancelled,
    );
    expect(cancelRefusal('driver_assigned')).toBeNull();
  });

  it('settles a change by card as a refund or a difference, and in the car as a new price', () => {
    const change = (paidByCard: boolean, newTotalPence: number) =>
      changeSettlement({ paidByCard, oldTotalPence: 5_000, newTotalPence });
    expect(change(true, 5_000)).toBe('none');
    expect(change(true, 4_000)).toBe('refund');
    expect(change(true, 6_000)).toBe('pay_difference');
    expect(change(false, 6_000)).toBe('price_change');
  });

  it('splits a refund over the card payments newest first, never more than each has left', () => {
    const charges = [
      { id: 1, amountPence: 5_000, refundedPence: 0 },
      { id: 7, amountPence: 1_000, refundedPence: 400 },
    ];
    expect(allocateRefund(charges, 500)).toEqual([{ chargeId: 7, amountPence: 500 }]);
    expect(allocateRefund(charges, 2_000)).toEqual([
      { chargeId: 7, amountPence: 600 },
      { chargeId: 1, amountPence: 1_400 },
    ]);
    expect(allocateRefund(charges, 0)).toEqual([]);
    expect(() => allocateRefund(charges, 5_601)).toThrow(RangeError);
  });
});
