import { trackedFlight } from '../flights/flight-answers';
import type { ManagedBooking } from '../../../contract/manage-booking';
import {
  jobRef,
  legCancellationTerms,
  openLegs,
  returnAloneCancellable,
  type JobLeg,
} from '../../../domain/booking-jobs';
import { driverOnBooking, type BookingStatus } from '../../../domain/booking-lifecycle';
import {
  cancellationSentence,
  cancelRefusal,
  type CancellationTerms,
  changeRefusal,
  policyDeadlines,
  refundablePence,
} from '../../../domain/booking-policy';
import { penceToPounds } from '../../../domain/money';
import { toBookingData } from '../bookings/booking-data-mapper';
import { legPickup } from '../bookings/job-legs';
import { storedDetails } from '../bookings/stored-form';
import { registrationSent } from '../operator/drivers-service';
import { paymentFields } from '../payments/payment-fields';
import { toPaymentEntry } from '../ledger/ledger-view';
import { bookingReceiptPdf } from '../receipts/booking-receipt';
import { receiptInputFrom } from '../receipts/receipt-input';
import { loadBookingRecord } from '../booking-changes/booking-record';
import { changeContext, type ChangeContext } from '../booking-changes/change-deps';
import { loadStored, notFound, type ManageBookingDeps } from './manage-context';
import { pushView } from './manage-push';

/** The booking as its passenger sees it, now. */
export async function viewBooking(
  deps: ManageBookingDeps,
  bookingId: number,
  ctx?: ChangeContext,
): Promise<ManagedBooking> {
  const { policy, currency } = ctx ?? (await changeContext(deps));
  const record = await loadBookingRecord(deps, bookingId);
  if (!record) throw notFound();
  const { stored, history, driver, ledger, jobs } = record;
  const { booking } = stored;
  const now = deps.clock();
  const open = openLegs(jobs);
  // The booking reads as its next ride (its status is that leg's): so do its deadlines, the
  // return's once the outward journey is over.
  const pickupAt = new Date(
    open[0] === 'return' ? (booking.return_at ?? booking.pickup_at) : booking.pickup_at,
  );
  const deadlines = policyDeadlines(pickupAt, policy);
  const refusal = cancelRefusal(booking.status);
  const legTerms = (cancelling: readonly JobLeg[]) =>
    legCancellationTerms({ booking, legCount: jobs.length, cancelling, now, policy });
  const wire = (terms: CancellationTerms) => ({
    kind: terms.kind,
    fee: penceToPounds(terms.feePence),
    refund: penceToPounds(terms.refundPence),
    message: cancellationSentence(terms, currency),
  });
  const driverOf = (status: BookingStatus, found: typeof driver) =>
    found && driverOnBooking(status)
      ? {
          first_name: found.name.trim().split(/\s+/)[0] ?? found.name,
          vehicle_type: booking.vehicle_type,
          vehicle_registration: registrationSent(booking, found),
        }
      : null;
  const timeline = history.map((entry) => ({
    at: new Date(entry.at).toISOString(),
    leg: entry.leg,
    actor: entry.actor,
    // The dispatcher's own name is theirs: the passenger sees the operator.
    actor_name: entry.actor === 'operator' ? booking.company_name : entry.actor_name,
    from_status: entry.from_status,
    to_status: entry.to_status,
    // An operator's notes are the console's (a driver's full name, say), except the reason
    // for a cancellation, which the passenger is told anyway.
    note: entry.actor !== 'operator' || entry.to_status === 'cancelled' ? entry.note : '',
    pressed_at: entry.pressed_at === null ? null : new Date(entry.pressed_at).toISOString(),
  }));
  const data = toBookingData(stored);
  return {
    booking_number: booking.booking_number,
    status: booking.status,
    booking: data,
    details: storedDetails(booking.form),
    history: timeline,
    driver: driverOf(booking.status, driver),
    jobs: jobs.map((job) => ({
      job_ref: jobRef(booking.booking_number, job.leg),
      leg: job.leg,
      status: job.status,
      ...legPickup(booking, job.leg),
      driver: driverOf(job.status, job.driver),
      extras: data.legExtras[job.leg],
      timeline: timeline.filter((entry) => entry.leg === job.leg),
    })),
    payments: ledger.map((row) => toPaymentEntry(row, false)),
    ...paymentFields(booking, ledger),
    change_refusal: changeRefusal(booking.status, pickupAt, now, policy),
    change_until: deadlines.changeUntil.toISOString(),
    cancellation: refusal ? null : wire(legTerms(open)),
    cancel_refusal: refusal,
    return_cancellation:
      !refusal && returnAloneCancellable(jobs) ? wire(legTerms(['return'])) : null,
    free_cancellation_until:
      refusal || refundablePence(booking) <= 0 || booking.late_fee_due
        ? null
        : deadlines.freeCancellationUntil.toISOString(),
    receipt_available: true,
    texts: (await deps.texts.choice(bookingId)) ?? { wanted: false, problem: null },
    flights: (await deps.flightTracks.forBookings([bookingId])).map(trackedFlight),
    push: await pushView(deps, bookingId, booking.status),
    as_of: now.toISOString(),
  };
}

/** The booking's receipt as a PDF. */
export async function receiptPdf(deps: ManageBookingDeps, bookingId: number): Promise<Buffer> {
  const ctx = await changeContext(deps);
  const stored = await loadStored(deps, bookingId);
  const [company, ledger] = await Promise.all([
    deps.manage.company(stored.booking.company_id),
    deps.payments.list(bookingId),
  ]);
  return bookingReceiptPdf(
    receiptInputFrom({ stored, ledger, company, contacts: ctx.contacts, issuedAt: deps.clock() }),
  );
}
