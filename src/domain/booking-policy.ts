import { canTransition, refusedTransitionMessage, type BookingStatus } from './booking-lifecycle';
import { formatMoney, pence, type Pence } from './money';
import { roundPenceHalfUp } from './pence-rounding';
import type { SettingsMap } from './settings';

/**
 * What a passenger may do to their own booking after it is made (issue 22): change it until a
 * cut-off before pickup, and cancel it under the operator's policy, refunded by card. One home
 * for these rules: the server decides with them and the page words its dialog from the answer.
 */

/** The policy's settings and their defaults when a setting is missing or not a number. */
export const POLICY_DEFAULTS = {
  FREE_CANCELLATION_HOURS: 24,
  LATE_CANCELLATION_FEE_PERCENT: 50,
  AMEND_CUTOFF_HOURS: 2,
} as const;
export type PolicySettingName = keyof typeof POLICY_DEFAULTS;
export const POLICY_SETTING_NAMES = Object.keys(POLICY_DEFAULTS) as PolicySettingName[];

export interface BookingPolicy {
  freeCancellationHours: number;
  /** 0–100. */
  lateCancellationFeePercent: number;
  amendCutoffHours: number;
}

function numberSetting(settings: SettingsMap, name: PolicySettingName, max: number): number {
  const raw = settings[name]?.trim();
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= max ? value : POLICY_DEFAULTS[name];
}

export function bookingPolicy(settings: SettingsMap): BookingPolicy {
  return {
    freeCancellationHours: numberSetting(settings, 'FREE_CANCELLATION_HOURS', 24 * 365),
    lateCancellationFeePercent: numberSetting(settings, 'LATE_CANCELLATION_FEE_PERCENT', 100),
    amendCutoffHours: numberSetting(settings, 'AMEND_CUTOFF_HOURS', 24 * 365),
  };
}

const HOUR_MS = 3_600_000;

/** Statuses a passenger may still change or cancel: before the driver sets off. */
const OPEN_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed', 'driver_assigned'];

export const POLICY_MESSAGES = {
  changeClosedCancelled: 'This booking is cancelled, so it can no longer be changed.',
  changeClosedStatus:
    'This booking can no longer be changed: your driver is on the way or the journey is over.',
  changeClosedCutoff: (hours: number) =>
    `Changes can be made up to ${hours} ${hours === 1 ? 'hour' : 'hours'} before pickup. Please call us to change this booking.`,
  cancelClosed:
    'This booking can no longer be cancelled: your driver is on the way or the journey is over.',
  alreadyCancelled: 'This booking is already cancelled.',
  noReturnLeg: 'This booking has no return journey to change.',
  noReturnToCancel:
    'There is no return journey to cancel on its own: cancel the booking instead, or call us.',
  notFound: "We couldn't find a booking with that reference and email.",
  linkInvalid:
    'This link to your booking has expired or is not valid. Find your booking with its reference and email.',
  nothingChanged: 'Nothing has changed: edit a field before saving.',
  termsChanged: (terms: string) =>
    `What cancelling costs has changed since you looked: ${terms}. Please confirm again.`,
  priceChanged: (price: string) =>
    `The price of this change is now ${price}. Please review it and confirm again.`,
  refundChanged: (refund: string) =>
    `What this change refunds is now ${refund}, as the pickup is inside the late-cancellation window. Please review it and confirm again.`,
  changeNotMade:
    'Your change could not be made: the booking changed, was cancelled or reached its cut-off before the payment arrived.',
  changedMeanwhile:
    'This booking has changed since you reviewed your change. Please review it again.',
} as const;

/** Whether the booking may be changed at `now`, and if not, why (for a 409 and the page). */
export function changeRefusal(
  status: BookingStatus,
  pickupAt: Date,
  now: Date,
  policy: BookingPolicy,
): string | null {
  if (status === 'cancelled') return POLICY_MESSAGES.changeClosedCancelled;
  if (!OPEN_STATUSES.includes(status)) return POLICY_MESSAGES.changeClosedStatus;
  if (now.getTime() > policyDeadlines(pickupAt, policy).changeUntil.getTime()) {
    return POLICY_MESSAGES.changeClosedCutoff(policy.amendCutoffHours);
  }
  return null;
}

/**
 * The policy's deadlines for a pickup: changes until AMEND_CUTOFF_HOURS before it, cancelling
 * free until FREE_CANCELLATION_HOURS before it. The one home of both instants.
 */
export function policyDeadlines(
  pickupAt: Date,
  policy: BookingPolicy,
): { changeUntil: Date; freeCancellationUntil: Date } {
  const before = (hours: number) => new Date(pickupAt.getTime() - hours * HOUR_MS);
  return {
    changeUntil: before(policy.amendCutoffHours),
    freeCancellationUntil: before(policy.freeCancellationHours),
  };
}

/** Whether the booking may be cancelled by the passenger, and if not, why. */
export function cancelRefusal(status: BookingStatus): string | null {
  if (status === 'cancelled') return POLICY_MESSAGES.alreadyCancelled;
  return OPEN_STATUSES.includes(status) ? null : POLICY_MESSAGES.cancelClosed;
}

/**
 * Why `by` may not cancel a booking or job at `status`, or null: the passenger until the
 * driver sets off (the policy, in the passenger's words); the operator at any step the
 * lifecycle lets become Cancelled (its table, naming both statuses).
 */
export function cancelRefusalBy(
  by: 'passenger' | 'operator',
  status: BookingStatus,
): string | null {
  if (by === 'passenger') return cancelRefusal(status);
  return canTransition(status, 'cancelled') ? null : refusedTransitionMessage(status, 'cancelled');
}

/**
 * What cancelling costs: free from FREE_CANCELLATION_HOURS before pickup or earlier, else a fee
 * of LATE_CANCELLATION_FEE_PERCENT of what was paid (rounded to the nearest penny, halves up).
 * A booking not paid by card has nothing to refund and no fee to take.
 */
export type CancellationTerms =
  | { kind: 'nothing_to_pay'; feePence: Pence; refundPence: Pence }
  | { kind: 'free'; feePence: Pence; refundPence: Pence }
  | { kind: 'late'; feePence: Pence; refundPence: Pence };

export function cancellationTerms(input: {
  paidPence: number;
  pickupAt: Date;
  now: Date;
  policy: BookingPolicy;
  /** Changed inside the late window: the fee stays due wherever the pickup moved to. */
  lateFeeDue?: boolean;
  /**
   * The highest price since the booking was first changed inside the late window (see
   * lateChange): the fee is worked out on it, so changing first cannot cut the fee.
   */
  feeBasePence?: number | null;
  /** An operator may waive the fee. */
  waiveFee?: boolean;
}): CancellationTerms {
  const zero = pence(0);
  if (input.paidPence <= 0) return { kind: 'nothing_to_pay', feePence: zero, refundPence: zero };
  const paid = pence(input.paidPence);
  const early = !changeIsLate({ ...input, lateFeeDue: input.lateFeeDue ?? false });
  if (early || input.waiveFee) return { kind: 'free', feePence: zero, refundPence: paid };
  // What was paid, until a change inside the window fixed the base (paid may then hold part
  // of a fee already kept from a cheaper change: the fee is not worked out on that again).
  const base = input.feeBasePence ?? paid;
  // Never more than what is held: the fee is kept from the payments, not charged on top.
  const fee = pence(Math.min(paid, lateFee(base, input.policy)));
  return { kind: 'late', feePence: fee, refundPence: pence(paid - fee) };
}

/** The policy's late fee on an amount, rounded to the nearest penny (halves up). */
function lateFee(amountPence: number, policy: BookingPolicy): number {
  return roundPenceHalfUp((amountPence * policy.lateCancellationFeePercent) / 100);
}

/**
 * Whether cancelling or changing now falls inside the late window: under
 * FREE_CANCELLATION_HOURS before pickup, or the fee already due. The one home of that rule.
 */
export function changeIsLate(input: {
  pickupAt: Date;
  now: Date;
  policy: BookingPolicy;
  lateFeeDue: boolean;
}): boolean {
  return (
    input.lateFeeDue ||
    input.now.getTime() >
      policyDeadlines(input.pickupAt, input.policy).freeCancellationUntil.getTime()
  );
}

/**
 * What a passenger's change does to the late fee (issue 30). Outside the late window a change
 * is free and a cheaper one is refunded in full. Inside it, a change must not lower what the
 * passenger owes under the policy:
 * - the fee base becomes the highest price the booking has had since it entered the window
 *   (its price then, or a dearer one since), and a later cancellation's fee is worked out on
 *   it, whatever the price is by then;
 * - a cheaper change refunds only what cancelling the part taken off would: the difference
 *   less the late fee on it.
 * Once changed inside the window the booking stays there for the fee (`lateFeeDue`): moving
 * the pickup later, out of the window, neither makes cancelling free nor resets the base.
 */
export interface LateChange {
  /** Pence back to the card now (0 when the price does not go down). */
  refundPence: Pence;
  /** Pence of the difference kept as the late fee on the part taken off. */
  keptPence: Pence;
  /** The fee base to store, or null outside the window (none is kept). */
  feeBasePence: Pence | null;
  late: boolean;
}

export function lateChange(input: {
  late: boolean;
  oldTotalPence: number;
  newTotalPence: number;
  /** The stored base, null before any change inside the window. */
  feeBasePence: number | null;
  policy: BookingPolicy;
}): LateChange {
  const reduction = Math.max(0, input.oldTotalPence - input.newTotalPence);
  if (!input.late) {
    return { refundPence: pence(reduction), keptPence: pence(0), feeBasePence: null, late: false };
  }
  const kept = lateFee(reduction, input.policy);
  const base = Math.max(input.feeBasePence ?? input.oldTotalPence, input.newTotalPence);
  return {
    refundPence: pence(reduction - kept),
    keptPence: pence(kept),
    feeBasePence: pence(base),
    late: true,
  };
}

/**
 * The rule in a sentence, for the change review and the mails, when a change of a card
 * booking is made inside the late window.
 */
export function lateChangeRule(
  policy: BookingPolicy,
  feeBasePence: Pence,
  currencySign = '£',
): string {
  const percent = policy.lateCancellationFeePercent;
  return (
    `This change is made inside the late-cancellation window, so it cannot lower what cancelling costs: ` +
    `when the price goes down, ${100 - percent}% of the difference is refunded and the ${percent}% late fee is kept; ` +
    `cancelling later costs ${percent}% of ${formatMoney(feeBasePence, currencySign)}, the highest price since the window began, ` +
    `even if the pickup moves later.`
  );
}

/** The dialog's sentence, word for word as the issue gives it. */
export function cancellationSentence(terms: CancellationTerms, currencySign = '£'): string {
  const money = (amount: Pence) => formatMoney(amount, currencySign);
  if (terms.kind === 'nothing_to_pay') return 'Nothing to pay';
  if (terms.kind === 'free')
    return `Free cancellation: you will be refunded ${money(terms.refundPence)}`;
  return `Late cancellation: a fee of ${money(terms.feePence)} applies; you will be refunded ${money(terms.refundPence)}`;
}

/** What the mails say happens to the money of a cancelled booking. */
export function cancellationOutcome(terms: CancellationTerms, currencySign = '£'): string {
  const money = (amount: Pence) => formatMoney(amount, currencySign);
  if (terms.kind === 'nothing_to_pay') return 'There is nothing to pay.';
  if (terms.kind === 'free') {
    return `${money(terms.refundPence)} will be refunded in full to the card you paid with.`;
  }
  return `A late-cancellation fee of ${money(terms.feePence)} applies: ${money(terms.refundPence)} will be refunded to the card you paid with.`;
}

/** The same, for the operator's mail: what goes back to the passenger's card and what is kept. */
export function cancellationOutcomeForOperator(
  terms: CancellationTerms,
  currencySign = '£',
): string {
  const money = (amount: Pence) => formatMoney(amount, currencySign);
  if (terms.kind === 'nothing_to_pay')
    return 'Nothing was paid by card: there is nothing to refund.';
  const kept =
    terms.feePence > 0 ? `; the late-cancellation fee of ${money(terms.feePence)} is kept` : '';
  return `${money(terms.refundPence)} will be refunded to the passenger's card${kept}.`;
}

/** What a cancellation may refund: what was paid by card (charges less refunds); else nothing. */
export function refundablePence(booking: { payment_method: string; paid_pence: number }): number {
  return booking.payment_method === 'card' ? booking.paid_pence : 0;
}

/** How a change settles: the difference refunded, paid through checkout, or only the price changed. */
export type ChangeSettlement = 'none' | 'refund' | 'pay_difference' | 'price_change';

export function changeSettlement(input: {
  paidByCard: boolean;
  oldTotalPence: number;
  newTotalPence: number;
  /** Pence held by card (charges less refunds): a late fee kept from a cheaper change counts. */
  paidPence: number;
}): ChangeSettlement {
  const difference = input.newTotalPence - input.oldTotalPence;
  if (difference === 0) return 'none';
  if (!input.paidByCard) return 'price_change';
  if (difference < 0) return 'refund';
  return differenceToPay(input) > 0 ? 'pay_difference' : 'price_change';
}

/**
 * What a dearer change of a card booking costs by card: the new price less what is held, or
 * the old price when less is held. A late fee kept from a cheaper change inside the window
 * (lateChange) is held beyond the price, so it pays towards a dearer change made after it
 * and is never charged again: taking extras off and putting them back costs nothing.
 */
export function differenceToPay(input: {
  paidByCard: boolean;
  oldTotalPence: number;
  newTotalPence: number;
  paidPence: number;
}): Pence {
  if (!input.paidByCard) return pence(0);
  const held = Math.max(input.oldTotalPence, input.paidPence);
  return pence(Math.max(0, input.newTotalPence - held));
}

/** A card charge and how much of it has been refunded already, pence. */
export interface RefundableCharge {
  id: number;
  amountPence: number;
  refundedPence: number;
}

/**
 * Splits a refund over the charges it returns money from, newest first (a change's difference
 * before the booking's first payment): a card refund can only return part of one payment.
 * Throws when the charges cannot cover it — the caller's ledger would be wrong.
 */
export function allocateRefund(
  charges: readonly RefundableCharge[],
  refundPence: number,
): { chargeId: number; amountPence: number }[] {
  const parts: { chargeId: number; amountPence: number }[] = [];
  let left = refundPence;
  for (const charge of [...charges].sort((a, b) => b.id - a.id)) {
    if (left <= 0) break;
    const room = charge.amountPence - charge.refundedPence;
    if (room <= 0) continue;
    const part = Math.min(room, left);
    parts.push({ chargeId: charge.id, amountPence: part });
    left -= part;
  }
  if (left > 0) throw new RangeError(`Refund of ${refundPence}p exceeds what was charged`);
  return parts;
}
