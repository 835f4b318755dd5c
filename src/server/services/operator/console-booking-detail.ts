import type { TrackedFlight } from '../../../contract/flights';
import { trackedFlight } from '../flights/flight-answers';
import type { Transaction } from 'kysely';
import type { OperatorBooking, OperatorBookingTexts } from '../../../contract/operator';
import { jobRef } from '../../../domain/booking-jobs';
import { legPickup } from '../bookings/job-legs';
import { nextStatuses } from '../../../domain/booking-lifecycle';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { todayInLondonFast } from '../../lib/uk-clock';
import { toBookingData } from '../bookings/booking-data-mapper';
import { storedDetails } from '../bookings/stored-form';
import { paymentFields } from '../payments/payment-fields';
import { loadBookingRecord, type BookingRecord } from '../booking-changes/booking-record';
import { toPaymentEntry } from '../ledger/ledger-view';
import { scopeOf, type ConsoleBookingsDeps, type JobTarget } from './console-context';
import { jobDispatch } from './dispatch-record';
import { consoleTexts } from './console-texts';
import { toDriver } from './drivers-service';
import type { DispatchRecords } from '../../repositories/dispatch-records-repository';
import type { OperatorIdentity } from './operator-auth-service';

/** A booking in the operator's scope, locked, with its jobs and the job a call is about; else 404. */
export async function bookingInScope(
  deps: ConsoleBookingsDeps,
  trx: Transaction<Database>,
  operator: OperatorIdentity,
  target: JobTarget,
) {
  const row = await deps.operatorBookings.lockInScope(scopeOf(operator), target.bookingNumber, trx);
  if (!row) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
  const jobs = await deps.jobs.lockAll(row.id, trx);
  const job = jobs.find((each) => each.leg === target.leg);
  if (!job) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
  return { row, jobs, job };
}

/** The console's page of a booking as it is now (in the caller's transaction, when given). */
export async function showBooking(
  deps: ConsoleBookingsDeps,
  bookingId: number,
  trx?: Transaction<Database>,
): Promise<OperatorBooking> {
  const [record, records, texts, flights] = await Promise.all([
    loadBookingRecord(deps, bookingId, trx),
    deps.operatorBookings.dispatchRecords(bookingId, trx),
    consoleTexts(deps.texts, bookingId, trx),
    deps.flightTracks.forBookings([bookingId], trx),
  ]);
  if (!record) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
  return detailFrom(deps, record, records, { texts, flights: flights.map(trackedFlight) });
}

/**
 * The console's page of a booking, with the records a licensed operator keeps (issue 34) and
 * the passenger's texts and the tracked flights (issue 35).
 */
export function detailFrom(
  deps: ConsoleBookingsDeps,
  { stored, history, driver, ledger, jobs }: BookingRecord,
  records: DispatchRecords,
  { texts, flights }: { texts: OperatorBookingTexts; flights: TrackedFlight[] },
) {
  const { booking } = stored;
  const now = deps.clock();
  const today = todayInLondonFast(now);
  return {
    booking_number: booking.booking_number,
    status: booking.status,
    booking: toBookingData(stored),
    company_id: booking.company_id,
    taken_by: records.takenBy,
    category_id: booking.category_id,
    details: storedDetails(booking.form),
    payment_method: booking.payment_method,
    payment_status: booking.payment_status,
    driver: driver ? toDriver(driver, today) : null,
    vehicle_registration: booking.vehicle_registration,
    history: history.map((entry) => ({
      at: new Date(entry.at).toISOString(),
      leg: entry.leg,
      actor: entry.actor,
      actor_name: entry.actor_name,
      from_status: entry.from_status,
      to_status: entry.to_status,
      note: entry.note,
      pressed_at: entry.pressed_at === null ? null : new Date(entry.pressed_at).toISOString(),
    })),
    payments: ledger.map((row) => toPaymentEntry(row, true)),
    ...paymentFields(booking, ledger),
    next_statuses: [...nextStatuses(booking.status)],
    jobs: jobs.map((job) => ({
      job_ref: jobRef(booking.booking_number, job.leg),
      leg: job.leg,
      status: job.status,
      ...legPickup(booking, job.leg),
      driver: job.driver ? toDriver(job.driver, today) : null,
      vehicle_registration: job.vehicle_registration,
      ...jobDispatch(
        records.jobs.find((each) => each.leg === job.leg),
        now,
        today,
      ),
      next_statuses: [...nextStatuses(job.status)],
    })),
    texts,
    flights,
  } satisfies OperatorBooking;
}

/** A booking in the operator's scope, as its console page shows it. */
export async function bookingDetail(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  bookingNumber: string,
): Promise<OperatorBooking> {
  const found = await deps.operatorBookings.findInScope(scopeOf(operator), bookingNumber);
  if (!found) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
  return showBooking(deps, found.id);
}

/** The operator's Retry refund on a failed refund of a booking in their scope. */
export async function retryRefund(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  bookingNumber: string,
  paymentId: number,
): Promise<OperatorBooking> {
  const found = await deps.operatorBookings.findInScope(scopeOf(operator), bookingNumber);
  const payment = found && (await deps.payments.find(paymentId));
  if (!found || !payment || payment.booking_id !== found.id || payment.kind !== 'refund') {
    throw new HttpError(404, OPERATOR_MESSAGES.refundNotFound);
  }
  if (!(await deps.ledger.retryNow(paymentId))) {
    throw new HttpError(409, OPERATOR_MESSAGES.refundNotFailed);
  }
  return showBooking(deps, found.id);
}
