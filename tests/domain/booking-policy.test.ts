import { describe, expect, it } from 'vitest';
import {
  allocateRefund,
  bookingPolicy,
  cancellationSentence,
  cancellationTerms,
  cancelRefusal,
  cancelRefusalBy,
  changeRefusal,
  changeIsLate,
  changeSettlement,
  differenceToPay,
  lateChange,
  lateChangeRule,
  POLICY_MESSAGES,
  policyDeadlines,
} from '../../src/domain/booking-policy';
import { refusedTransitionMessage } from '../../src/domain/booking-lifecycle';
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
    const change = (paidByCard: boolean, newTotalPence: number, paidPence = 5_000) =>
      changeSettlement({ paidByCard, oldTotalPence: 5_000, newTotalPence, paidPence });
    expect(change(true, 5_000)).toBe('none');
    expect(change(true, 4_000)).toBe('refund');
    expect(change(true, 6_000)).toBe('pay_difference');
    expect(change(false, 6_000)).toBe('price_change');
    // A late fee of £15 kept from an earlier cheaper change covers a rise of £10.
    expect(change(true, 6_000, 6_500)).toBe('price_change');
    expect(change(true, 7_000, 6_500)).toBe('pay_difference');
  });

  it('charges a dearer change only what is not already held (a kept late fee counts)', () => {
    const toPay = (newTotalPence: number, paidPence: number) =>
      differenceToPay({ paidByCard: true, oldTotalPence: 9_400, newTotalPence, paidPence });
    expect(toPay(16_900, 9_400)).toBe(7_500);
    expect(toPay(16_900, 13_150)).toBe(3_750);
    expect(toPay(12_000, 13_150)).toBe(0);
    expect(
      differenceToPay({ paidByCard: false, oldTotalPence: 0, newTotalPence: 100, paidPence: 0 }),
    ).toBe(0);
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

describe('changing inside the late window (issue 30)', () => {
  const late = { late: true, feeBasePence: null, policy } as const;

  it('refunds a cheaper change outside the window in full, keeping no fee base', () => {
    expect(
      lateChange({ ...late, late: false, oldTotalPence: 16_900, newTotalPence: 9_400 }),
    ).toEqual({ refundPence: 7_500, keptPence: 0, feeBasePence: null, late: false });
  });

  it('refunds only what cancelling the part taken off would, and keeps the price the window began with as the fee base', () => {
    // £169 paid, extras of £75 taken off 10 hours before pickup: half of the £75 comes back.
    const change = lateChange({ ...late, oldTotalPence: 16_900, newTotalPence: 9_400 });
    expect(change).toEqual({
      refundPence: 3_750,
      keptPence: 3_750,
      feeBasePence: 16_900,
      late: true,
    });
    // Cancelling afterwards: the fee is still half of £169, out of the £131.50 held.
    const terms = cancellationTerms({
      paidPence: 16_900 - change.refundPence,
      pickupAt: PICKUP,
      now: new Date(PICKUP.getTime() - 10 * HOUR),
      policy,
      lateFeeDue: true,
      feeBasePence: change.feeBasePence,
    });
    expect(terms).toEqual({ kind: 'late', feePence: 8_450, refundPence: 4_700 });
    // Over the two steps the passenger gets back exactly what cancelling at once would give.
    expect(change.refundPence + terms.refundPence).toBe(16_900 - 8_450);
  });

  it('raises the fee base to a dearer price, never lowers it, and never double-counts a fee kept before', () => {
    const cheaper = lateChange({ ...late, oldTotalPence: 16_900, newTotalPence: 9_400 });
    const dearer = lateChange({
      ...late,
      feeBasePence: cheaper.feeBasePence,
      oldTotalPence: 9_400,
      newTotalPence: 20_000,
    });
    expect(dearer).toMatchObject({ refundPence: 0, feeBasePence: 20_000 });
    // Held: £131.50 after the first change, plus the £106 difference paid.
    const held = 16_900 - cheaper.refundPence + (20_000 - 9_400);
    const terms = cancellationTerms({
      paidPence: held,
      pickupAt: PICKUP,
      now: PICKUP,
      policy,
      lateFeeDue: true,
      feeBasePence: dearer.feeBasePence,
    });
    // Half of the highest price (£200) is kept in all, not half of everything held.
    expect(terms.feePence).toBe(10_000);
    expect(
      lateChange({ ...late, feeBasePence: 20_000, oldTotalPence: 20_000, newTotalPence: 18_000 })
        .feeBasePence,
    ).toBe(20_000);
  });

  it('treats a booking changed inside the window as late wherever its pickup moved to', () => {
    const farAway = new Date(PICKUP.getTime() + 30 * 24 * HOUR);
    expect(changeIsLate({ pickupAt: farAway, now: PICKUP, policy, lateFeeDue: true })).toBe(true);
    expect(changeIsLate({ pickupAt: farAway, now: PICKUP, policy, lateFeeDue: false })).toBe(false);
    expect(
      changeIsLate({
        pickupAt: PICKUP,
        now: new Date(PICKUP.getTime() - 10 * HOUR),
        policy,
        lateFeeDue: false,
      }),
    ).toBe(true);
    expect(
      cancellationTerms({
        paidPence: 13_150,
        pickupAt: farAway,
        now: PICKUP,
        policy,
        lateFeeDue: true,
        feeBasePence: 16_900,
      }),
    ).toEqual({ kind: 'late', feePence: 8_450, refundPence: 4_700 });
  });

  it('states the rule with the policy and the fee base', () => {
    expect(lateChangeRule(policy, pence(16_900))).toContain(
      '50% of the difference is refunded and the 50% late fee is kept; cancelling later costs 50% of £169.00',
    );
  });
});

describe("the policy's deadlines and who may cancel (issue 32)", () => {
  it('puts the change cut-off and the end of free cancellation before the pickup, as the checks judge them', () => {
    const custom = bookingPolicy({ AMEND_CUTOFF_HOURS: '6', FREE_CANCELLATION_HOURS: '48' });
    const { changeUntil, freeCancellationUntil } = policyDeadlines(PICKUP, custom);
    expect(changeUntil.toISOString()).toBe(new Date(PICKUP.getTime() - 6 * HOUR).toISOString());
    expect(freeCancellationUntil.getTime()).toBe(PICKUP.getTime() - 48 * HOUR);
    // The checks agree with the instants: allowed at the deadline, refused a millisecond after.
    expect(changeRefusal('confirmed', PICKUP, changeUntil, custom)).toBeNull();
    expect(
      changeRefusal('confirmed', PICKUP, new Date(changeUntil.getTime() + 1), custom),
    ).not.toBeNull();
    const late = (now: Date) =>
      changeIsLate({ pickupAt: PICKUP, now, policy: custom, lateFeeDue: false });
    expect(late(freeCancellationUntil)).toBe(false);
    expect(late(new Date(freeCancellationUntil.getTime() + 1))).toBe(true);
  });

  it("judges the passenger by the policy and the operator by the lifecycle's table", () => {
    expect(cancelRefusalBy('passenger', 'driver_assigned')).toBeNull();
    expect(cancelRefusalBy('passenger', 'en_route')).toBe(POLICY_MESSAGES.cancelClosed);
    expect(cancelRefusalBy('operator', 'en_route')).toBeNull();
    expect(cancelRefusalBy('operator', 'on_board')).toBe(
      refusedTransitionMessage('on_board', 'cancelled'),
    );
    expect(cancelRefusalBy('passenger', 'cancelled')).toBe(POLICY_MESSAGES.alreadyCancelled);
  });
});
