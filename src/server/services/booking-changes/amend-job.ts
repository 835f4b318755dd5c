import { CHANGE_MESSAGES } from '../../../domain/messages';
import type { Transaction, Updateable } from 'kysely';
import { jobRef, journeyNamed, type JobLeg } from '../../../domain/booking-jobs';
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
import type { BookingPassengersTable, BookingsTable, Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { ManageBookingsRepository } from '../../repositories/manage-bookings-repository';
import { trackFlightAgain } from '../flights/track-flights';
import { publishLive } from '../live/live-notices';
import { bookingChangedMail, operatorBookingChangedMail } from '../mail/manage-mails';
import { mailInputIn } from './booking-record';
import { PASSENGER } from './change-actor';
import type { ChangeContext, ChangeDeps } from './change-deps';
import { lateChangeOf, money, settlementSentence } from './change-money';
import type { PlannedChange, PricedForm } from './change-plan';
import { moveJobs, recordStep } from './move-jobs';

/** The booking's row as the change is judged on it, locked. */
type LockedRow = NonNullable<Awaited<ReturnType<ManageBookingsRepository['lock']>>>;

/** What a change to a booking's fields is written with: the change path's, and the row's writer. */
export type AmendDeps = ChangeDeps & { manage: Pick<ManageBookingsRepository, 'lock' | 'update'> };

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

/**
 * The passenger's change to a booking's fields (issue 32: through the one change path): a leg's
 * pickup, flight, passengers and extras, priced again by the caller (manage/prepare-change.ts).
 */

/**
 * Writes a change in the caller's transaction, the booking row locked: the booking's fields,
 * its price, a history entry (back to Pending when the pickup moved), refunds owed, and the
 * mails. Answers the refund rows to send to the provider after the commit.
 */
export async function applyChangeIn(
  deps: AmendDeps,
  trx: Transaction<Database>,
  bookingId: number,
  plan: PlannedChange,
  ctx: ChangeContext,
  paidDifference: boolean,
): Promise<number[]> {
  const locked = await deps.manage.lock(bookingId, trx);
  if (!locked) throw new HttpError(404, POLICY_MESSAGES.notFound);
  // The leg changed is judged on its own status and pickup (issue 32).
  const jobs = await deps.jobs.lockAll(bookingId, trx);
  const row = { ...locked, ...legJudged(locked, jobs, plan.leg) };
  const refusal = changeRefusal(row.status, new Date(row.pickup_at), deps.clock(), ctx.policy);
  if (refusal) throw new HttpError(409, refusal);
  // Changed in between (another tab, a difference paid late): worked out on an older copy.
  if (row.version !== plan.version || row.total_pence !== plan.oldTotalPence) {
    throw new HttpError(409, POLICY_MESSAGES.changedMeanwhile);
  }
  const { booking, passenger, status, backToPending, late } = changedRows(deps, row, plan, ctx);
  await deps.manage.update(bookingId, booking, passenger, trx);
  // Another flight or another pickup time: the leg's flight is tracked from the start again.
  if (plan.fields.flight_no !== undefined || plan.timesMoved) {
    const tracked = await deps.flightTracks.trackedBooking(bookingId, trx);
    if (tracked) {
      await trackFlightAgain(deps, trx, {
        booking: tracked,
        leg: plan.leg,
        pickupMoved: plan.timesMoved,
      });
    }
  }
  const step = {
    bookingId,
    job: { leg: plan.leg, status: row.status },
    to: status,
    actor: PASSENGER,
    note: CHANGE_MESSAGES.changedByPassenger(plan.summary),
  };
  // The leg moved: back to Pending for the operator, its driver taken off (not a lifecycle
  // step: the operator looks at the new time again). Otherwise the change is only recorded.
  if (backToPending) {
    await moveJobs(deps, trx, { ...step, booking: row, jobs: [step.job], driver: null });
  } else {
    await recordStep(deps, trx, step);
    // No move to announce, but the console's board and the leg's driver (or the one it is
    // offered to) show what changed.
    const leg = jobs.find((job) => job.leg === plan.leg);
    await publishLive(trx, {
      companyId: row.company_id,
      driverIds: [leg?.driver_id, leg?.offered_driver_id],
      bookingId,
      event: { type: 'jobs', job_ref: jobRef(row.booking_number, plan.leg) },
    });
  }

  const difference = plan.newTotalPence - plan.oldTotalPence;
  const { settlement, toPayPence } = settlementOf(row, plan);
  const refundIds =
    settlement === 'refund'
      ? await deps.ledger.refundIn(
          trx,
          { id: bookingId, bookingNumber: row.booking_number },
          late.refundPence,
          'amendment',
        )
      : [];
  const moneyLine =
    settlement === 'pay_difference' && paidDifference
      ? CHANGE_MESSAGES.paidDifference(money(toPayPence, ctx.currency))
      : settlementSentence(settlement, { difference, toPayPence }, plan, ctx.currency, late);

  const input = await mailInputIn(deps, trx, bookingId, ctx);
  const change = { summary: plan.summary, money: moneyLine, backToPending };
  await deps.outbox.enqueue(
    bookingChangedMail(input, {
      ...change,
      timesMoved: plan.timesMoved,
      // One journey of a return booking: the mail and its calendar entry are that journey's.
      journey: journeyNamed(jobs.length, [plan.leg]),
    }),
    trx,
  );
  if (input.operatorEmail) {
    await deps.outbox.enqueue(operatorBookingChangedMail(input, change), trx);
  }
  return refundIds;
}

/**
 * The booking's and passenger's columns the change writes: the changed fields, the new price,
 * the late fee it keeps due, and back to Pending (driver taken off) when the pickup moved.
 */
function changedRows(deps: AmendDeps, row: LockedRow, plan: PlannedChange, ctx: ChangeContext) {
  const { fields, priced } = plan;
  const backToPending = plan.timesMoved && row.status !== 'pending';
  const status: BookingStatus = backToPending ? 'pending' : row.status;
  const booking: Updateable<BookingsTable> = { version: row.version + 1 };
  const outward = plan.leg === 'outward';
  if (fields.flight_no !== undefined) {
    if (outward) booking.flight_no = fields.flight_no;
    else booking.return_flight_no = fields.flight_no;
  }
  if (plan.form) booking.form = JSON.stringify(plan.form);
  if (priced) {
    const form = priced.form;
    Object.assign(booking, legTimes(form, plan.leg), {
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
  const passenger: Updateable<BookingPassengersTable> = {};
  if (fields.passenger_phone !== undefined) passenger.phone = fields.passenger_phone;
  if (fields.additional_info !== undefined) {
    if (outward) passenger.additional_info = fields.additional_info;
    else passenger.return_additional_info = fields.additional_info;
  }
  // The return leg's passengers are its form's return_passengers, written with the form.
  if (fields.passengers !== undefined && outward) passenger.total_passengers = fields.passengers;
  return { booking, passenger, status, backToPending, late };
}

/** The booking's columns for a leg's pickup, from the priced form (the return's own). */
function legTimes(form: PricedForm['form'], leg: JobLeg) {
  if (leg === 'outward') {
    return {
      pick_up_date: form.pickup_date,
      pick_up_time: twelveHourToHhmm(form.pickup_hour, form.pickup_min),
      pickup_at: formTimeToUtc(form.pickup_date, form.pickup_hour, form.pickup_min),
    };
  }
  const returned = form as {
    return_date?: string | null;
    return_hour?: string | null;
    return_min?: string | number | null;
  };
  const date = returned.return_date ?? '';
  const hour = returned.return_hour ?? '';
  const minute = String(returned.return_min ?? '00');
  return {
    return_date: date,
    return_time: twelveHourToHhmm(hour, minute),
    return_at: formTimeToUtc(date, hour, minute),
  };
}

/**
 * The status and pickup a change of `leg` is judged on: the return job's and the return
 * pickup for the return leg, else the outward job's (the booking's own before jobs).
 */
export function legJudged<At extends Date | string>(
  booking: { pickup_at: At; return_at: At | null },
  jobs: readonly { leg: JobLeg; status: BookingStatus }[],
  leg: JobLeg | undefined,
): { status: BookingStatus; pickup_at: At } {
  const wanted = leg ?? 'outward';
  const job = jobs.find((each) => each.leg === wanted);
  if (!job) {
    throw new RequestValidationError([{ path: 'leg', message: POLICY_MESSAGES.noReturnLeg }]);
  }
  return {
    status: job.status,
    pickup_at: wanted === 'return' ? (booking.return_at ?? booking.pickup_at) : booking.pickup_at,
  };
}
