import type { Transaction } from 'kysely';
import type { OperatorBooking, StatusChangeRequest } from '../../../contract/operator';
import {
  canTransition,
  refusedTransitionMessage,
  type BookingStatus,
} from '../../../domain/booking-lifecycle';
import {
  cancellationOutcome,
  cancellationTerms,
  refundablePence,
} from '../../../domain/booking-policy';
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
  bookingNumber: string,
  change: StatusChangeRequest,
  key: string | undefined,
): Promise<OperatorBooking> {
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
        status: change.status,
        note,
        waiveFee: change.waive_fee ?? true,
      }),
      now: deps.clock(),
    },
    () => mailContacts(deps),
    async (trx, contacts) => ({
      statusCode: 200,
      body: await changeStatusIn(deps, trx, operator, bookingNumber, change, note, contacts),
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
  bookingNumber: string,
  change: StatusChangeRequest,
  note: string,
  contacts: Contacts,
): Promise<OperatorBooking> {
  const row = await deps.operatorBookings.lockInScope(scopeOf(operator), bookingNumber, trx);
  if (!row) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
  if (!canTransition(row.status, change.status)) {
    throw new HttpError(409, refusedTransitionMessage(row.status, change.status));
  }
  await deps.operatorBookings.setStatus(row.id, change.status, undefined, trx);
  await recordByOperator(deps, trx, operator, row.id, row.status, change.status, note);
  const refundLine =
    change.status === 'cancelled'
      ? await recordCancellationRefund(deps, trx, row, change, contacts)
      : undefined;
  const loaded = await loadBooking(deps, row.id, trx);
  await enqueueStatusMails(deps, trx, loaded, change.status, { note, refundLine }, contacts);
  return detailFrom(deps, loaded);
}

/**
 * A card booking is refunded in full, or less the passenger's late-cancellation fee when the
 * operator keeps it (waive_fee false). Answers the mail's line about the money, if any.
 */
async function recordCancellationRefund(
  deps: ConsoleBookingsDeps,
  trx: Transaction<Database>,
  row: LockedRow,
  change: StatusChangeRequest,
  contacts: Contacts,
): Promise<string | undefined> {
  const terms = cancellationTerms({
    paidPence: refundablePence(row),
    pickupAt: new Date(row.pickup_at),
    now: deps.clock(),
    policy: contacts.policy,
    lateFeeDue: row.late_fee_due,
    feeBasePence: row.late_fee_base_pence,
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

/** The passenger's mail for the new status: Completed (with the receipt), Confirmed, Cancelled. */
async function enqueueStatusMails(
  deps: ConsoleBookingsDeps,
  trx: Transaction<Database>,
  loaded: LoadedBooking,
  status: BookingStatus,
  cancellation: { note: string; refundLine: string | undefined },
  contacts: Contacts,
): Promise<void> {
  if (status === 'completed') {
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
        ? bookingConfirmedMail(input)
        : bookingCancelledMail(input, cancellation.note, cancellation.refundLine),
      trx,
    );
  }
}
