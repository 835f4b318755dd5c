import type { Kysely, Transaction } from 'kysely';
import type {
  BookingData,
  CardBookingResponse,
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse,
} from '../../../contract/bookings';
import { formatDateGB } from '../../../domain/time';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import { isYes } from '../../../domain/settings';
import type { SettingsMap } from '../../../domain/settings';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { Idempotency, IdempotentAnswer } from '../../lib/idempotency';
import { IDEMPOTENCY_TTL_MS, requestHash } from '../../lib/idempotency';
import type { BookingsRepository } from '../../repositories/bookings-repository';
import type {
  CheckoutSessionRecord,
  CheckoutSessionsRepository,
} from '../../repositories/checkout-sessions-repository';
import type { RefundService } from './refund-service';
import { answerData, toBookingData } from '../bookings/booking-data-mapper';
import type { BookingService } from '../bookings/booking-service';
import type { PreparedBooking } from '../bookings/prepared-booking';
import type { CheckoutStatus, PaymentProvider } from './payment-provider';
import { fromProvider } from './provider-call';
import { testCheckoutPage } from './test-checkout-page';
import { TEST_CHECKOUT_PATH, testId } from './test-provider';

/** Stripe writes currencies in lower case; every booking here is in pounds. */
const CURRENCY = 'gbp';

export interface PaymentServiceDeps {
  db: Kysely<Database>;
  provider: PaymentProvider;
  bookingService: BookingService;
  bookings: BookingsRepository;
  sessions: CheckoutSessionsRepository;
  idempotency: Idempotency;
  clock: () => Date;
  /** PUBLIC_URL: the only origin checkout may return to; else the request's own. */
  publicUrl: string | undefined;
  /** Called after a commit that may have queued mail. */
  mailQueued?: () => void;
  /** A change's difference payment (issue 22): made into the change once paid. */
  amendments?: { finalisePaid(session: CheckoutSessionRecord, paymentId: string): Promise<void> };
  /** Refund events settle the ledger's refunds. */
  refunds?: Pick<RefundService, 'settleFromEvent'>;
}

/** What the checkout page shows the customer the payment is for. */
function describe(prepared: PreparedBooking): string {
  const { form } = prepared;
  const to = 'dropoff' in form && form.dropoff ? ` to ${form.dropoff}` : ' (hourly hire)';
  const text = `Taxi booking: ${form.pickup}${to}, ${formatDateGB(form.pickup_date)}`;
  return text.length > 250 ? `${text.slice(0, 249)}…` : text;
}

function notFound(): HttpError {
  return new HttpError(404, BOOKING_MESSAGES.checkoutSessionNotFound);
}

/**
 * Card payments: checkout sessions that hold the pending booking, and the one finalisation
 * that turns a paid session into a booking, whichever arrives first (POST /booking with the
 * session id, the signed webhook, the test checkout's Pay button) and however often.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { provider, sessions } = deps;

  /** The origin checkout may return to: PUBLIC_URL, else the one the request came to. */
  function siteOrigin(requestOrigin: string): string {
    return deps.publicUrl ? new URL(deps.publicUrl).origin : requestOrigin;
  }

  /** frontend_url must be this site (else checkout would redirect anywhere: an open redirect). */
  function checkFrontendUrl(frontendUrl: string, origin: string): void {
    const refuse = () =>
      new RequestValidationError([
        { path: 'frontend_url', message: 'frontend_url must be the origin of this site' },
      ]);
    if (!URL.canParse(frontendUrl)) throw refuse();
    const url = new URL(frontendUrl);
    if (url.origin !== origin || (url.pathname !== '/' && url.pathname !== '')) throw refuse();
    if (url.search || url.hash || url.username || url.password) throw refuse();
  }

  /** A paid session's amount must be the one stored with it, in pounds. */
  function checkCharged(session: { amountPence: number }, charged: CheckoutStatus): void {
    if (
      charged.amountPence !== session.amountPence ||
      (charged.currency ?? CURRENCY) !== CURRENCY
    ) {
      throw new HttpError(409, BOOKING_MESSAGES.amountMismatch);
    }
  }

  /**
   * Turns a paid session into its booking, once: the session row is locked, so a second
   * caller waits and then finds the booking the first one made.
   */
  async function finaliseIn(
    trx: Transaction<Database>,
    sessionId: string,
    paymentId: string,
    settings: SettingsMap,
  ): Promise<BookingData> {
    const session = await sessions.lockById(sessionId, trx);
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
        charged: provider.name === 'stripe',
      },
      settings,
    );
    await sessions.markBooked(sessionId, { bookingId, paymentId }, deps.clock(), trx);
    return data;
  }

  async function finalise(sessionId: string, paymentId: string): Promise<BookingData> {
    const settings = await deps.bookingService.loadSettings();
    const data = await deps.db
      .transaction()
      .execute((trx) => finaliseIn(trx, sessionId, paymentId, settings));
    deps.mailQueued?.();
    return data;
  }

  return {
    /** GET /secret_key: the publishable key the browser needs, never the secret one. */
    publishableKey() {
      return { publishable_key: provider.publishableKey, provider: provider.name };
    },

    /**
     * POST /create-checkout-session: the booking checked and priced as POST /booking would, the
     * client's amount compared with the server's price (409), then a provider session that
     * keeps the pending booking. A repeat with the same Idempotency-Key gets the same session.
     */
    async createCheckoutSession(
      body: CreateCheckoutSessionRequest,
      rawBody: unknown,
      key: string | undefined,
      requestOrigin: string,
    ): Promise<IdempotentAnswer<CreateCheckoutSessionResponse>> {
      const now = deps.clock();
      const origin = siteOrigin(requestOrigin);
      const hash = requestHash(rawBody);
      return deps.idempotency.runCalling(
        { scope: 'checkout-session', key, hash, now, callMs: provider.callBudgetMs },
        async () => {
          checkFrontendUrl(body.frontend_url, origin);
          const settings = await deps.bookingService.loadSettings();
          if (!isYes(settings, 'SHOWCARD')) {
            throw new HttpError(403, BOOKING_MESSAGES.payByCardNotAllowed);
          }
          const prepared = await deps.bookingService.prepare(body, settings);
          if (body.amount !== prepared.totalPence) {
            throw new HttpError(409, BOOKING_MESSAGES.amountMismatch);
          }
          return prepared;
        },
        (prepared) =>
          fromProvider(
            provider.createCheckout({
              amountPence: prepared.totalPence,
              currency: CURRENCY,
              description: describe(prepared),
              successUrl: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
              cancelUrl: `${origin}/payment-cancel`,
              siteOrigin: origin,
              metadata: {
                booking_type: prepared.bookingType,
                company_id: String(prepared.companyId),
                vehicle_id: String(prepared.categoryId),
                vehicle_count: String(prepared.vehicleCount),
                quote_id: prepared.quoteId ?? '',
              },
              idempotencyKey: key === undefined ? undefined : `checkout-session-${key}`,
            }),
          ),
        async (trx, prepared, created) => {
          await sessions.insert(
            {
              id: created.id,
              provider: provider.name,
              amountPence: prepared.totalPence,
              currency: CURRENCY,
              pending: prepared,
              url: created.url,
              successUrl: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
              cancelUrl: `${origin}/payment-cancel`,
              expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
            },
            trx,
          );
          return {
            statusCode: 200,
            body: { success: true as const, sessionId: created.id, url: created.url },
          };
        },
      );
    },

    /** GET /get-payment-id: the payment of a paid session; 404 when unknown or unpaid. */
    async paymentId(sessionId: string): Promise<string> {
      const session = await sessions.findById(sessionId);
      if (!session) throw notFound();
      if (session.paymentId) return session.paymentId;
      // Paid, but the webhook has not arrived yet: ask the provider.
      const status = await fromProvider(provider.retrieve(sessionId));
      if (!status?.paid || !status.paymentId) throw notFound();
      return status.paymentId;
    },

    /**
     * POST /booking with stripe_session_id: books the session once the provider confirms it was
     * paid the stored amount. The booking comes from the session's pending booking, never from
     * this request's forms. Its details go to the first POST /booking only (the webhook may
     * have booked it before); anyone else holding the session id gets the booking number,
     * while a repeat with the first request's Idempotency-Key replays the whole first answer.
     */
    async bookPaidSession(
      sessionId: string,
      rawBody: unknown,
      key: string | undefined,
    ): Promise<IdempotentAnswer<CardBookingResponse>> {
      const answer = await deps.idempotency.run(
        { scope: 'booking', key, hash: requestHash(rawBody), now: deps.clock() },
        async () => {
          const session = await sessions.findById(sessionId);
          if (!session || session.purpose !== 'booking') throw notFound();
          const settings = await deps.bookingService.loadSettings();
          if (session.bookingId !== null) return { settings, paymentId: session.paymentId ?? '' };
          const status = await fromProvider(provider.retrieve(sessionId));
          if (!status?.paid || !status.paymentId) {
            throw new HttpError(402, BOOKING_MESSAGES.paymentNotCompleted);
          }
          checkCharged(session, status);
          return { settings, paymentId: status.paymentId };
        },
        async (trx, { settings, paymentId }): Promise<IdempotentAnswer<CardBookingResponse>> => {
          // finaliseIn holds the session's row lock, so one request only is the first.
          const data = await finaliseIn(trx, sessionId, paymentId, settings);
          if (await sessions.markDetailsSent(sessionId, deps.clock(), trx)) {
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
    },

    /**
     * POST /stripe/webhook: verified on the raw body (400 otherwise, nothing done). A paid
     * checkout of ours is finalised; anything else is acknowledged and ignored.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!provider.verifyWebhook) throw new HttpError(404, 'Webhooks are not configured');
      const event = provider.verifyWebhook(rawBody, signature);
      if (event.kind === 'refunds') {
        await deps.refunds?.settleFromEvent(event);
        return;
      }
      if (event.kind !== 'paid') return;
      const session = await sessions.findById(event.sessionId);
      // Another integration on the same Stripe account: not ours to book.
      if (!session) return;
      if (session.purpose === 'amendment') {
        checkCharged(session, { ...event, paid: true });
        await deps.amendments?.finalisePaid(session, event.paymentId);
        return;
      }
      if (session.bookingId === null) checkCharged(session, { ...event, paid: true });
      await finalise(event.sessionId, event.paymentId);
    },

    /** GET /test-checkout/:id: the local checkout page (test provider only). */
    async testCheckoutPage(sessionId: string): Promise<string> {
      const session = await sessions.findById(sessionId);
      if (provider.name !== 'test' || !session || session.provider !== 'test') throw notFound();
      return testCheckoutPage({
        sessionId,
        basePath: TEST_CHECKOUT_PATH,
        amountPence: session.amountPence,
        description:
          session.purpose === 'amendment'
            ? 'The difference in price for a change to your booking'
            : describe(session.pending as PreparedBooking),
        open: session.status === 'open',
      });
    },

    /**
     * The test page's Pay: marks the session paid and books it, as Stripe's webhook would,
     * then answers where to go: the success URL with the session id, as Stripe redirects.
     */
    async testPay(sessionId: string): Promise<string> {
      const session = await sessions.findById(sessionId);
      if (provider.name !== 'test' || !session || session.provider !== 'test') throw notFound();
      if (session.status === 'canceled' || session.status === 'expired') return session.cancelUrl;
      await sessions.markPaid(sessionId, testId('pi_test_local'), deps.clock());
      const paid = await sessions.findById(sessionId);
      if (paid?.paymentId && paid.purpose === 'amendment') {
        await deps.amendments?.finalisePaid(paid, paid.paymentId);
      } else if (paid?.paymentId) {
        await finalise(sessionId, paid.paymentId);
      }
      return session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
    },

    /** The test page's Cancel: the session closes; back to the cancel URL. */
    async testCancel(sessionId: string): Promise<string> {
      const session = await sessions.findById(sessionId);
      if (provider.name !== 'test' || !session || session.provider !== 'test') throw notFound();
      await sessions.markCanceled(sessionId);
      return session.cancelUrl;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
