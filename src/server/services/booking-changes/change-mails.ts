import type { Transaction } from 'kysely';
import type { JobLeg } from '../../../domain/booking-jobs';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import {
  cancellationOutcome,
  cancellationOutcomeForOperator,
  type CancellationTerms,
} from '../../../domain/booking-policy';
import type { Database } from '../../db/schema';
import {
  bookingCancelledMail,
  bookingCompletedMail,
  bookingConfirmedMail,
} from '../mail/lifecycle-mails';
import {
  operatorPassengerCancelledMail,
  passengerCancelledMail,
  passengerReturnCancelledMail,
} from '../mail/manage-mails';
import { mailValues, savedMailWording } from '../mail/mail-wording';
import { bookingReceiptPdf } from '../receipts/booking-receipt';
import { receiptInputFrom } from '../receipts/receipt-input';
import { loadBookingRecord, mailInputFrom, mailInputIn } from './booking-record';
import type { ChangeActor } from './change-actor';
import type { ChangeContext, ChangeDeps } from './change-deps';

/**
 * The mails of a cancellation, by who cancelled: the passenger is told what they get back
 * (and the operator's mailbox what was refunded); an operator's cancellation tells the
 * passenger why. Naming the journey when one leg of a return went.
 */
export async function enqueueCancellationMails(
  deps: ChangeDeps,
  trx: Transaction<Database>,
  ctx: ChangeContext,
  cancelled: {
    bookingId: number;
    actor: ChangeActor;
    reason: string;
    terms: CancellationTerms;
    journey: JobLeg | undefined;
  },
): Promise<void> {
  const { terms, journey, reason } = cancelled;
  const input = await mailInputIn(deps, trx, cancelled.bookingId, ctx);
  if (cancelled.actor.kind === 'operator') {
    const refundLine =
      terms.kind === 'nothing_to_pay' ? undefined : cancellationOutcome(terms, ctx.currency);
    const wording = journey
      ? undefined
      : await savedMailWording(deps.messageTemplates, trx, 'booking_cancelled', mailValues(input));
    await deps.outbox.enqueue(
      bookingCancelledMail(input, reason, refundLine, journey, wording),
      trx,
    );
    return;
  }
  const moneyLine = cancellationOutcome(terms, ctx.currency);
  const { booking } = input.data;
  const returnPickup = { date: booking.return_date ?? '', time: booking.return_time ?? '' };
  await deps.outbox.enqueue(
    journey === 'return'
      ? passengerReturnCancelledMail(input, returnPickup, moneyLine)
      : passengerCancelledMail(input, moneyLine),
    trx,
  );
  if (input.operatorEmail) {
    const operatorLine = cancellationOutcomeForOperator(terms, ctx.currency);
    await deps.outbox.enqueue(
      operatorPassengerCancelledMail(input, reason, operatorLine, journey === 'return'),
      trx,
    );
  }
}

/**
 * The passenger's mail for a step: Confirmed, naming the journey when one leg of a return
 * moved. (The thanks for a completed booking is enqueueThanksIfCompleted's.)
 */
export async function enqueueStepMail(
  deps: ChangeDeps,
  trx: Transaction<Database>,
  ctx: ChangeContext,
  step: { bookingId: number; to: BookingStatus; journey: JobLeg | undefined },
): Promise<void> {
  if (step.to !== 'confirmed') return;
  const input = await mailInputIn(deps, trx, step.bookingId, ctx);
  // The operator's wording speaks of the whole booking; one journey's mail keeps its own.
  const wording = step.journey
    ? undefined
    : await savedMailWording(deps.messageTemplates, trx, 'booking_confirmed', mailValues(input));
  await deps.outbox.enqueue(bookingConfirmedMail(input, step.journey, wording), trx);
}

/**
 * The thanks with the receipt, when a move made the booking itself Completed: after its last
 * journey (ridden, or the other one cancelled), not its first.
 */
export async function enqueueThanksIfCompleted(
  deps: ChangeDeps,
  trx: Transaction<Database>,
  ctx: ChangeContext,
  booking: { id: number; before: BookingStatus; after: BookingStatus },
): Promise<void> {
  if (booking.before === 'completed' || booking.after !== 'completed') return;
  const record = await loadBookingRecord(deps, booking.id, trx);
  if (!record) throw new Error(`Booking ${booking.id} is gone in its own transaction`);
  const company = await deps.manage.company(record.stored.booking.company_id, trx);
  const receipt = await bookingReceiptPdf(
    receiptInputFrom({
      stored: record.stored,
      ledger: record.ledger,
      company,
      contacts: ctx.contacts,
      issuedAt: deps.clock(),
    }),
  );
  const input = await mailInputFrom(deps, trx, record, ctx);
  await deps.outbox.enqueue(bookingCompletedMail(input, receipt), trx);
}
