import type { Transaction } from 'kysely';
import type { AmendRequest } from '../../../contract/manage-booking';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import {
  changeIsLate,
  changeRefusal,
  changeSettlement,
  differenceToPay,
  POLICY_MESSAGES,
  type ChangeSettlement,
} from '../../../domain/booking-policy';
import type { Pence } from '../../../domain/money';
import { twelveHourToHhmm } from '../../../domain/time';
import { formTimeToUtc } from '../../../domain/uk-time';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import type { ManageBookingsRepository } from '../../repositories/manage-bookings-repository';
import { bookingChangedMail, operatorBookingChangedMail } from '../mail/manage-mails';
import { planChange, type PlannedChange } from './booking-change';
import { lateChangeOf, settlementSentence } from './change-money';
import {
  byPassenger,
  loadStored,
  mailInputIn,
  money,
  notFound,
  type ManageBookingDeps,
  type ManageContext,
} from './manage-context';

/** The booking's row as the change is judged on it, locked. */
type LockedRow = NonNullable<Awaited<ReturnType<ManageBookingsRepository['lock']>>>;

/** How a change settles, and what a dearer one costs by card (a kept late fee counts). */
export function settlementOf(
  booking: { payment_method: string; paid_pence: number },
  plan: PlannedChange,
): { settlement: ChangeSettlement; toPayPence: Pence } {
  const input = {
    paidByCard: booking.payment_method === 'card',
    oldTotalPence: plan.oldTotalPence,
    newTotalPence: plan.newTotalPence,
    paidPence: booking.paid_pence,
  };
  return { settlement: changeSettlement(input), toPayPence: differenceToPay(input) };
}

/** A change checked and priced, ready to be made or paid for. */
export type PreparedChange = Awaited<ReturnType<typeof prepareChange>>;

/** Checks that a change may be made now, and works it out (nothing written). */
export async function prepareChange(
  deps: ManageBookingDeps,
  bookingId: number,
  request: AmendRequest,
  ctx: ManageContext,
) {
  const stored = await loadStored(deps, bookingId);
  const refusal = changeRefusal(
    stored.booking.status,
    new Date(stored.booking.pickup_at),
    deps.clock(),
    ctx.policy,
  );
  if (refusal) throw new HttpError(409, refusal);
  const plan = await planChange(stored, request, deps.pricing);
  return { stored, plan, ...settlementOf(stored.booking, plan) };
}

/**
 * Writes a change in the caller's transaction, the booking row locked: the booking's fields,
 * its price, a history entry (back to Pending when the pickup moved), refunds owed, and the
 * mails. Answers the refund rows to send to the provider after the commit.
 */
export async function applyChangeIn(
  deps: ManageBookingDeps,
  trx: Transaction<Database>,
  bookingId: number,
  plan: PlannedChange,
  ctx: ManageContext,
  paidDifference: boolean,
): Promise<number[]> {
  const row = await deps.manage.lock(bookingId, trx);
  if (!row) throw notFound();
  const refusal = changeRefusal(row.status, new Date(row.pickup_at), deps.clock(), ctx.policy);
  if (refusal) throw new HttpError(409, refusal);
  // Changed in between (another tab, a difference paid late): worked out on an older copy.
  if (row.version !== plan.version || row.total_pence !== plan.oldTotalPence) {
    throw new HttpError(409, POLICY_MESSAGES.changedMeanwhile);
  }
  const { booking, passenger, status, backToPending, late } = changedRows(deps, row, plan, ctx);
  await deps.manage.update(bookingId, booking, passenger, trx);
  // The outward leg moved: back to Pending for the operator, its driver taken off.
  if (backToPending) await deps.jobs.move(bookingId, ['outward'], status, null, trx);

  await byPassenger(
    deps,
    trx,
    bookingId,
    row.status,
    status,
    `Changed by the passenger: ${plan.summary.join(', ')}`,
  );

  const difference = plan.newTotalPence - plan.oldTotalPence;
  const { settlement, toPayPence } = settlementOf(row, plan);
  const refundIds =
    settlement === 'refund'
      ? await deps.refunds.recordIn(
          trx,
          { id: bookingId, bookingNumber: row.booking_number },
          late.refundPence,
          'amendment',
        )
      : [];
  const moneyLine =
    settlement === 'pay_difference' && paidDifference
      ? `You paid the difference of ${money(toPayPence, ctx.currency)} by card.`
      : settlementSentence(settlement, { difference, toPayPence }, plan, ctx.currency, late);

  const input = await mailInputIn(deps, trx, bookingId, ctx);
  const change = { summary: plan.summary, money: moneyLine, backToPending };
  await deps.outbox.enqueue(
    bookingChangedMail(input, { ...change, timesMoved: plan.timesMoved }),
    trx,
  );
  if (ctx.contacts.companyEmail) {
    await deps.outbox.enqueue(operatorBookingChangedMail(input, change), trx);
  }
  return refundIds;
}

/**
 * The booking's and passenger's columns the change writes: the changed fields, the new price,
 * the late fee it keeps due, and back to Pending (driver taken off) when the pickup moved.
 */
function changedRows(
  deps: ManageBookingDeps,
  row: LockedRow,
  plan: PlannedChange,
  ctx: ManageContext,
) {
  const { fields, priced } = plan;
  const backToPending = plan.timesMoved && row.status !== 'pending';
  const status: BookingStatus = backToPending ? 'pending' : row.status;
  const booking: Record<string, unknown> = { version: row.version + 1 };
  if (fields.flight_no !== undefined) booking.flight_no = fields.flight_no;
  if (plan.form) booking.form = JSON.stringify(plan.form);
  if (priced) {
    const form = priced.form;
    Object.assign(booking, {
      pick_up_date: form.pickup_date,
      pick_up_time: twelveHourToHhmm(form.pickup_hour, form.pickup_min),
      pickup_at: formTimeToUtc(form.pickup_date, form.pickup_hour, form.pickup_min),
      price_pence: priced.pricePence,
      total_pence: priced.totalPence,
      breakdown: JSON.stringify(priced.breakdown),
      distance: priced.distance === null ? null : JSON.stringify(priced.distance),
      priced_journey: priced.pricedJourney ? JSON.stringify(priced.pricedJourney) : null,
    });
  }
  // Moved when cancelling would already cost the late fee: moving it must not make it free.
  const lateNow = changeIsLate({
    pickupAt: new Date(row.pickup_at),
    now: deps.clock(),
    policy: ctx.policy,
    lateFeeDue: false,
  });
  if (plan.timesMoved && lateNow) booking.late_fee_due = true;
  // Changed inside the late window: the fee stays due, on the highest price since.
  const late = lateChangeOf(row, plan, ctx.policy, deps.clock());
  if (late.late) {
    booking.late_fee_due = true;
    booking.late_fee_base_pence = late.feeBasePence;
  }
  const passenger: Record<string, unknown> = {};
  if (fields.passenger_phone !== undefined) passenger.phone = fields.passenger_phone;
  if (fields.additional_info !== undefined) passenger.additional_info = fields.additional_info;
  if (fields.passengers !== undefined) passenger.total_passengers = fields.passengers;
  return { booking, passenger, status, backToPending, late };
}
