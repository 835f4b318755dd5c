import type { Transaction } from 'kysely';
import type { BookingData, CardBookingResponse } from '../../../contract/bookings';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import type { SettingsMap } from '../../../domain/settings';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import type { IdempotentAnswer } from '../../lib/idempotency';
import { requestHash } from '../../lib/idempotency';
import { answerData, toBookingData } from '../bookings/booking-data-mapper';
import type { PreparedBooking } from '../bookings/prepared-booking';
import { CURRENCY, notFound, type PaymentServiceDeps } from './payment-deps';
import type { CheckoutStatus } from './payment-provider';
import { fromProvider } from './provider-call';

/**
 * A paid checkout session made into its booking: the one finalisation, whichever arrives
 * first (POST /booking with the session id, the signed webhook, the test checkout's Pay
 * button) and however often.
 */

/** A paid session's amount must be the one stored with it, in pounds. */
function checkCharged(session: { amountPence: number }, charged: CheckoutStatus): void {
  if (charged.amountPence !== session.amountPence || (charged.currency ?? CURRENCY) !== CURRENCY) {
    throw new HttpError(409, BOOKING_MESSAGES.amountMismatch);
  }
}

/**
 * Turns a paid session into its booking, once: the session row is locked, so a second
 * caller waits and then finds the booking the first one made.
 */
async function finaliseIn(
  deps: PaymentServiceDeps,
  trx: Transaction<Database>,
  sessionId: string,
  paymentId: string,
  settings: SettingsMap,
): Promise<BookingData> {
  const session = await deps.sessions.lockById(sessionId, trx);
  if (!session) throw notFound();
  if (session.bookingId !== null) {
    const booked = await deps.bookings.findWithDetails(session.bookingId, trx);
    if (!booked) throw new Error(`Session ${sessionId} names a missing booking`);
    return answerData(toBookingData(booked), (session.pending as PreparedBooking).account.mode);
  }
  // The customer paid the pending booking's price, so that is the booking made.
  const { bookingId, data } = await deps.bookingService.store(
    trx,
    session.pending as PreparedBooking,
    {
      method: 'card',
      checkoutSessionId: sessionId,
      paymentId,
      charged: deps.provider.name === 'stripe',
    },
    settings,
  );
  await deps.sessions.markBooked(sessionId, { bookingId, paymentId }, deps.clock(), trx);
  return data;
}

/** A paid session booked in its own transaction; the mail sender is told after the commit. */
export async function finalise(
  deps: PaymentServiceDeps,
  sessionId: string,
  paymentId: string,
): Promise<BookingData> {
  const settings = await deps.bookingService.loadSettings();
  const data = await deps.db
    .transaction()
    .execute((trx) => finaliseIn(deps, trx, sessionId, paymentId, settings));
  deps.mailQueued?.();
  return data;
}

/** GET /get-payment-id: the payment of a paid session; 404 when unknown or unpaid. */
export async function paymentIdOf(deps: PaymentServiceDeps, sessionId: string): Promise<string> {
  const session = await deps.sessions.findById(sessionId);
  if (!session) throw notFound();
  if (session.paymentId) return session.paymentId;
  // Paid, but the webhook has not arrived yet: ask the provider.
  const status = await fromProvider(deps.provider.retrieve(sessionId));
  if (!status?.paid || !status.paymentId) throw notFound();
  return status.paymentId;
}

/**
 * POST /booking with stripe_session_id: books the session once the provider confirms it was
 * paid the stored amount. The booking comes from the session's pending booking, never from
 * this request's forms. Its details go to the first POST /booking only (the webhook may
 * have booked it before); anyone else holding the session id gets the booking number,
 * while a repeat with the first request's Idempotency-Key replays the whole first answer.
 */
export async function bookPaidSession(
  deps: PaymentServiceDeps,
  sessionId: string,
  rawBody: unknown,
  key: string | undefined,
): Promise<IdempotentAnswer<CardBookingResponse>> {
  const answer = await deps.idempotency.run(
    { scope: 'booking', key, hash: requestHash(rawBody), now: deps.clock() },
    async () => {
      const session = await deps.sessions.findById(sessionId);
      if (!session || session.purpose !== 'booking') throw notFound();
      const settings = await deps.bookingService.loadSettings();
      if (session.bookingId !== null) return { settings, paymentId: session.paymentId ?? '' };
      const status = await fromProvider(deps.provider.retrieve(sessionId));
      if (!status?.paid || !status.paymentId) {
        throw new HttpError(402, BOOKING_MESSAGES.paymentNotCompleted);
      }
      checkCharged(session, status);
      return { settings, paymentId: status.paymentId };
    },
    async (trx, { settings, paymentId }): Promise<IdempotentAnswer<CardBookingResponse>> => {
      // finaliseIn holds the session's row lock, so one request only is the first.
      const data = await finaliseIn(deps, trx, sessionId, paymentId, settings);
      if (await deps.sessions.markDetailsSent(sessionId, deps.clock(), trx)) {
        return { statusCode: 200, body: { success: true, data } };
      }
      const booking = { booking_number: data.booking.booking_number };
      return {
        statusCode: 200,
        body: {
          success: true,
          message: BOOKING_MESSAGES.bookingAlreadyConfirmed,
          data: { booking },
        },
      };
    },
  );
  deps.mailQueued?.();
  return deps.bookingService.withManageToken(answer);
}

/**
 * POST /stripe/webhook: verified on the raw body (400 otherwise, nothing done). A paid
 * checkout of ours is finalised; anything else is acknowledged and ignored.
 */
export async function handleWebhook(
  deps: PaymentServiceDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  if (!deps.provider.verifyWebhook)
    throw new HttpError(404, BOOKING_MESSAGES.webhooksNotConfigured);
  const event = deps.provider.verifyWebhook(rawBody, signature);
  if (event.kind === 'refunds') {
    await deps.ledger?.settleFromEvent(event);
    return;
  }
  if (event.kind !== 'paid') return;
  const session = await deps.sessions.findById(event.sessionId);
  // Another integration on the same Stripe account: not ours to book.
  if (!session) return;
  if (session.purpose === 'amendment') {
    checkCharged(session, { ...event, paid: true });
    await deps.amendments?.finalisePaid(session, event.paymentId);
    return;
  }
  if (session.bookingId === null) checkCharged(session, { ...event, paid: true });
  await finalise(deps, event.sessionId, event.paymentId);
}
