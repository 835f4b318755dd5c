import type { Transaction } from 'kysely';
import type { OperatorBooking, StatusChangeRequest } from '../../../contract/operator';
import {
  canTransition,
  refusedTransitionMessage,
  type BookingStatus,
} from '../../../domain/booking-lifecycle';
import { cancellationOutcome } from '../../../domain/booking-policy';
import { legCancellationTerms, openLegs, type JobLeg } from '../../../domain/booking-jobs';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import { requestHash } from '../../lib/idempotency';
import type { OperatorBookingsRepository } from '../../repositories/operator-bookings-repository';
import {
  bookingCancelledMail,
  bookingCompletedMail,
  bookingConfirmedMail,
} from '../mail/lifecycle-mails';
import { bookingReceiptPdf } from '../receipts/booking-receipt';
import { receiptInputFrom } from '../receipts/receipt-input';
import {
  detailFrom,
  loadBooking,
  refundAndShow,
  type LoadedBooking,
} from './console-booking-detail';
import {
  mailContacts,
  mailInputIn,
  recordByOperator,
  scopeOf,
  type ConsoleBookingsDeps,
  type Contacts,
  type JobTarget,
} from './console-context';
import type { OperatorIdentity } from './operator-auth-service';

/** The booking's row as a status change is judged on it, locked. */
type LockedRow = NonNullable<Awaited<ReturnType<OperatorBookingsRepository['lockInScope']>>>;

/**
 * Moves a booking to `change.status` if the lifecycle allows it from where it is now: the row
 * is locked for the transaction, so of two dispatchers pressing at once one goes first and
 * the other is judged against the result. With an Idempotency-Key a repeat changes nothing.
 */
export async function changeStatus(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  target: JobTarget,
  change: StatusChangeRequest,
  key: string | undefined,
): Promise<OperatorBooking> {
  const { bookingNumber } = target;
  const note = change.note?.trim() ?? '';
  if (change.status === 'driver_assigned') {
    throw new HttpError(409, OPERATOR_MESSAGES.assignWithDriver);
  }
  if (change.status === 'cancelled' && note === '') {
    throw new RequestValidationError([
      { path: 'note', message: OPERATOR_MESSAGES.cancellationReason },
    ]);
  }
  const answer = await deps.idempotency.run<OperatorBooking, Contacts>(
    {
      scope: `operator-status:${operator.id}`,
      key,
      hash: requestHash({
        bookingNumber,
        leg: target.leg,
        via: target.via,
        status: change.status,
        note,
        waiveFee: change.waive_fee ?? true,
      }),
      now: deps.clock(),
    },
    () => mailContacts(deps),
    async (trx, contacts) => ({
      statusCode: 200,
      body: await changeStatusIn(deps, trx, operator, target, change, note, contacts),
    }),
  );
  deps.mailQueued();
  if (change.status !== 'cancelled') return answer.body;
  // The refunds were written with the cancellation; the provider is asked after the commit.
  return refundAndShow(deps, operator, bookingNumber);
}

/** The status change, its refund and its mails, in the caller's transaction. */
async function changeStatusIn(
  deps: ConsoleBookingsDeps,
  trx: Transaction<Database>,
  operator: OperatorIdentity,
  target: JobTarget,
  change: StatusChangeRequest,
  note: string,
  contacts: Contacts,
): Promise<OperatorBooking> {
  const row = await deps.operatorBookings.lockInScope(scopeOf(operator), target.bookingNumber, trx);
  if (!row) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
  const jobs = await deps.jobs.lockAll(row.id, trx);
  const job = jobs.find((each) => each.leg === target.leg);
  if (!job) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
  // Cancelling by the booking's endpoint, or the only leg, cancels the booking: every job
  // that can still be cancelled, judged by the booking's status as before jobs.
  const whole = change.status === 'cancelled' && (target.via === 'booking' || jobs.length === 1);
  const from = whole ? row.status : job.status;
  if (!canTransition(from, change.status)) {
    throw new HttpError(409, refusedTransitionMessage(from, change.status));
  }
  const legs = whole ? openLegs(jobs) : [job.leg];
  const moving = jobs.filter((each) => legs.includes(each.leg));
  await deps.jobs.move(
    row.id,
    moving.map((each) => each.leg),
    change.status,
    undefined,
    trx,
  );
  for (const each of moving) {
    const moved = { bookingId: row.id, leg: each.leg };
    await recordByOperator(deps, trx, operator, moved, each.status, change.status, note);
  }
  const refundLine =
    change.status === 'cancelled'
      ? await recordCancellationRefund(
          deps,
          trx,
          row,
          { legs: moving.map((each) => each.leg), legCount: jobs.length },
          change,
          contacts,
        )
      : undefined;
  const loaded = await loadBooking(deps, row.id, trx);
  // One journey of a return booking moved: its mail names that journey (issue 32).
  const journey = jobs.length > 1 && moving.length === 1 ? moving[0]!.leg : undefined;
  // The booking itself is over with a ride (Completed) by this move: the thanks and receipt.
  const completed = row.status !== 'completed' && loaded.stored.booking.status === 'completed';
  await enqueueStatusMails(
    deps,
    trx,
    loaded,
    change.status,
    { note, refundLine, journey, completed },
    contacts,
  );
  return detailFrom(deps, loaded);
}

/**
 * A card booking is refunded the cancelled legs' part of what was paid (all of it when every
 * leg goes), less the passenger's late-cancellation fee when the operator keeps it (waive_fee
 * false): late by the first cancelled leg's pickup. Answers the mail's line about the money.
 */
async function recordCancellationRefund(
  deps: ConsoleBookingsDeps,
  trx: Transaction<Database>,
  row: LockedRow,
  cancelled: { legs: readonly JobLeg[]; legCount: number },
  change: StatusChangeRequest,
  contacts: Contacts,
): Promise<string | undefined> {
  const terms = legCancellationTerms({
    booking: row,
    legCount: cancelled.legCount,
    cancelling: cancelled.legs,
    now: deps.clock(),
    policy: contacts.policy,
    waiveFee: change.waive_fee ?? true,
  });
  await deps.refunds.recordIn(
    trx,
    { id: row.id, bookingNumber: row.booking_number },
    terms.refundPence,
    'cancellation',
  );
  return terms.kind !== 'nothing_to_pay'
    ? cancellationOutcome(terms, contacts.currency)
    : undefined;
}

/**
 * The passenger's mail for the new status: Completed (with the receipt, once every journey is
 * over), Confirmed, Cancelled — naming the journey when one leg of a return moved.
 */
async function enqueueStatusMails(
  deps: ConsoleBookingsDeps,
  trx: Transaction<Database>,
  loaded: LoadedBooking,
  status: BookingStatus,
  cancellation: {
    note: string;
    refundLine: string | undefined;
    journey: JobLeg | undefined;
    completed: boolean;
  },
  contacts: Contacts,
): Promise<void> {
  // Thanks and the receipt once the whole booking is over, not after its first journey.
  if (cancellation.completed) {
    // The journey's receipt goes with the thank-you; built from this transaction's rows.
    const company = await deps.manage.company(loaded.stored.booking.company_id, trx);
    const receipt = await bookingReceiptPdf(
      receiptInputFrom({
        stored: loaded.stored,
        ledger: loaded.ledger,
        company,
        contacts,
        issuedAt: deps.clock(),
      }),
    );
    const input = await mailInputIn(deps, trx, loaded, contacts);
    await deps.outbox.enqueue(bookingCompletedMail(input, receipt), trx);
  }
  if (status === 'confirmed' || status === 'cancelled') {
    const input = await mailInputIn(deps, trx, loaded, contacts);
    await deps.outbox.enqueue(
      status === 'confirmed'
        ? bookingConfirmedMail(input, cancellation.journey)
        : bookingCancelledMail(
            input,
            cancellation.note,
            cancellation.refundLine,
            cancellation.journey,
          ),
      trx,
    );
  }
}
