import type { Kysely, Transaction } from 'kysely';
import type {
  AmendPreview,
  AmendRequest,
  AmendResponse,
  CancelRequest,
  CancelResponse,
  ManagedBooking,
} from '../../../contract/manage-booking';
import { driverOnBooking, type BookingStatus } from '../../../domain/booking-lifecycle';
import {
  bookingPolicy,
  cancellationSentence,
  cancellationTerms,
  cancellationOutcome,
  cancellationOutcomeForOperator,
  cancelRefusal,
  changeRefusal,
  changeIsLate,
  changeSettlement,
  differenceToPay,
  lateChangeRule,
  POLICY_MESSAGES,
  POLICY_SETTING_NAMES,
  refundablePence,
  type BookingPolicy,
  type ChangeSettlement,
} from '../../../domain/booking-policy';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import {
  formatMoney,
  pence,
  penceToPounds,
  poundsToPence,
  type Pence,
} from '../../../domain/money';
import { companyEmail, companyPhone, toSettingsMap } from '../../../domain/settings';
import { twelveHourToHhmm } from '../../../domain/time';
import { formTimeToUtc } from '../../../domain/uk-time';
import type { Database } from '../../db/schema';
import { HttpError, UpstreamError } from '../../errors';
import type { Idempotency } from '../../lib/idempotency';
import { IDEMPOTENCY_TTL_MS, requestHash } from '../../lib/idempotency';
import type { BookingPaymentsRepository } from '../../repositories/booking-payments-repository';
import type { BookingsRepository } from '../../repositories/bookings-repository';
import type {
  CheckoutSessionRecord,
  CheckoutSessionsRepository,
} from '../../repositories/checkout-sessions-repository';
import type { DriversRepository } from '../../repositories/drivers-repository';
import type { ManageBookingsRepository } from '../../repositories/manage-bookings-repository';
import type { ManageTokensRepository } from '../../repositories/manage-tokens-repository';
import type { OperatorBookingsRepository } from '../../repositories/operator-bookings-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import { toBookingData } from '../bookings/booking-data-mapper';
import type { BookingPricing } from '../bookings/booking-pricing';
import { storedDetails } from '../bookings/stored-form';
import { paymentFields } from '../payments/payment-fields';
import {
  bookingChangedMail,
  changeNotMadeMail,
  operatorBookingChangedMail,
  operatorPassengerCancelledMail,
  passengerCancelledMail,
} from '../mail/manage-mails';
import { storedBookingMailData } from '../mail/stored-booking-mail';
import type { PaymentProvider } from '../payments/payment-provider';
import { PaymentProviderError } from '../payments/payment-provider';
import type { RefundService } from '../payments/refund-service';
import { refundSummary, toPaymentEntry } from '../payments/refund-service';
import { bookingReceiptPdf } from '../receipts/booking-receipt';
import { receiptInputFrom } from '../receipts/receipt-input';
import { registrationSent } from '../operator/drivers-service';
import { planChange, type PlannedChange } from './booking-change';
import { lateChangeOf, settlementSentence } from './change-money';
import { hashManageToken, type ManageLinks } from './manage-links';

export interface ManageBookingDeps {
  db: Kysely<Database>;
  manage: ManageBookingsRepository;
  bookings: BookingsRepository;
  history: OperatorBookingsRepository;
  drivers: DriversRepository;
  payments: BookingPaymentsRepository;
  tokens: ManageTokensRepository;
  links: ManageLinks;
  refunds: RefundService;
  pricing: BookingPricing;
  provider: PaymentProvider;
  sessions: CheckoutSessionsRepository;
  outbox: OutboxRepository;
  settings: SettingsRepository;
  idempotency: Idempotency;
  clock: () => Date;
  /** PUBLIC_URL: the only origin a difference's checkout returns to; else the request's own. */
  publicUrl: string | undefined;
  mailQueued: () => void;
}

/** Who is asking: a manage token's holder, or a signed-in corporate passenger. */
export type ManageCaller = { token: string } | { passengerId: number };

/** The policy and the operator's contact details, read before any transaction. */
interface Context {
  policy: BookingPolicy;
  contacts: { companyPhone: string; companyEmail: string };
  currency: string;
}

/** A change's difference waiting for its checkout: what the session's `pending` holds. */
interface PendingChange {
  bookingId: number;
  plan: PlannedChange;
}

const SETTINGS = [...POLICY_SETTING_NAMES, 'Company_Contact_Info', 'FROM_EMAIL', 'CURRENCY'];

function notFound(): HttpError {
  return new HttpError(404, POLICY_MESSAGES.notFound);
}

/** The Idempotency-Key scope of a booking's changes. */
function amendScope(bookingId: number): string {
  return `manage-amend:${bookingId}`;
}

/**
 * The passenger's own booking (issue 22): found by a manage token or by reference and email,
 * shown with its status, history, driver and money, changed and cancelled under the
 * operator's policy, with card refunds and difference payments on the ledger exactly once.
 */
export function createManageBookingService(deps: ManageBookingDeps) {
  const { manage, clock } = deps;

  async function context(): Promise<Context> {
    const settings = toSettingsMap(await deps.settings.listByName(SETTINGS));
    return {
      policy: bookingPolicy(settings),
      contacts: { companyPhone: companyPhone(settings), companyEmail: companyEmail(settings) },
      currency: settings.CURRENCY?.trim() || '£',
    };
  }

  const money = (amount: number, currency: string) => formatMoney(pence(amount), currency);

  async function loadStored(bookingId: number, trx?: Transaction<Database>) {
    const stored = await deps.bookings.findWithDetails(bookingId, trx);
    if (!stored) throw notFound();
    return stored;
  }

  /** The booking as its passenger sees it, now. */
  async function view(bookingId: number, ctx?: Context): Promise<ManagedBooking> {
    const { policy, currency } = ctx ?? (await context());
    const stored = await loadStored(bookingId);
    const { booking } = stored;
    const [history, driver, ledger] = await Promise.all([
      deps.history.history(bookingId),
      booking.driver_id === null ? undefined : deps.drivers.find(booking.driver_id, null),
      deps.payments.list(bookingId),
    ]);
    const now = clock();
    const pickupAt = new Date(booking.pickup_at);
    const refusal = cancelRefusal(booking.status);
    const terms = cancellationTerms({
      paidPence: refundablePence(booking),
      pickupAt,
      now,
      policy,
      lateFeeDue: booking.late_fee_due,
      feeBasePence: booking.late_fee_base_pence,
    });
    return {
      booking_number: booking.booking_number,
      status: booking.status,
      booking: toBookingData(stored),
      details: storedDetails(booking.form),
      history: history.map((entry) => ({
        at: new Date(entry.at).toISOString(),
        actor: entry.actor,
        // The dispatcher's own name is theirs: the passenger sees the operator.
        actor_name: entry.actor === 'operator' ? booking.company_name : entry.actor_name,
        from_status: entry.from_status,
        to_status: entry.to_status,
        // An operator's notes are the console's (a driver's full name, say), except the reason
        // for a cancellation, which the passenger is told anyway.
        note: entry.actor !== 'operator' || entry.to_status === 'cancelled' ? entry.note : '',
      })),
      driver:
        driver && driverOnBooking(booking.status)
          ? {
              first_name: driver.name.trim().split(/\s+/)[0] ?? driver.name,
              vehicle_type: booking.vehicle_type,
              vehicle_registration: registrationSent(booking, driver),
            }
          : null,
      payments: ledger.map((row) => toPaymentEntry(row, false)),
      ...paymentFields(booking, ledger),
      change_refusal: changeRefusal(booking.status, pickupAt, now, policy),
      change_until: new Date(
        pickupAt.getTime() - policy.amendCutoffHours * 3_600_000,
      ).toISOString(),
      cancellation: refusal
        ? null
        : {
            kind: terms.kind,
            fee: penceToPounds(terms.feePence),
            refund: penceToPounds(terms.refundPence),
            message: cancellationSentence(terms, currency),
          },
      cancel_refusal: refusal,
      free_cancellation_until:
        refusal || refundablePence(booking) <= 0 || booking.late_fee_due
          ? null
          : new Date(pickupAt.getTime() - policy.freeCancellationHours * 3_600_000).toISOString(),
      receipt_available: true,
      as_of: now.toISOString(),
    };
  }

  /** One step of the booking's history, taken by the passenger, in the caller's transaction. */
  function byPassenger(
    trx: Transaction<Database>,
    bookingId: number,
    from: BookingStatus,
    to: BookingStatus,
    note: string,
  ) {
    return deps.history.addHistory(
      {
        bookingId,
        at: clock(),
        actor: 'passenger',
        operatorId: null,
        actorName: 'Passenger',
        from,
        to,
        note,
      },
      trx,
    );
  }

  /** How a change settles, and what a dearer one costs by card (a kept late fee counts). */
  function settlementOf(
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

  /** Checks that a change may be made now, and works it out (nothing written). */
  async function prepareChange(bookingId: number, request: AmendRequest, ctx: Context) {
    const stored = await loadStored(bookingId);
    const refusal = changeRefusal(
      stored.booking.status,
      new Date(stored.booking.pickup_at),
      clock(),
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
  async function applyIn(
    trx: Transaction<Database>,
    bookingId: number,
    plan: PlannedChange,
    ctx: Context,
    paidDifference: boolean,
  ): Promise<number[]> {
    const row = await manage.lock(bookingId, trx);
    if (!row) throw notFound();
    const refusal = changeRefusal(row.status, new Date(row.pickup_at), clock(), ctx.policy);
    if (refusal) throw new HttpError(409, refusal);
    // Changed in between (another tab, a difference paid late): worked out on an older copy.
    if (row.version !== plan.version || row.total_pence !== plan.oldTotalPence) {
      throw new HttpError(409, POLICY_MESSAGES.changedMeanwhile);
    }
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
      now: clock(),
      policy: ctx.policy,
      lateFeeDue: false,
    });
    if (plan.timesMoved && lateNow) booking.late_fee_due = true;
    // Changed inside the late window: the fee stays due, on the highest price since.
    const late = lateChangeOf(row, plan, ctx.policy, clock());
    if (late.late) {
      booking.late_fee_due = true;
      booking.late_fee_base_pence = late.feeBasePence;
    }
    if (backToPending) {
      Object.assign(booking, { status, driver_id: null, vehicle_registration: null });
    }
    const passenger: Record<string, unknown> = {};
    if (fields.passenger_phone !== undefined) passenger.phone = fields.passenger_phone;
    if (fields.additional_info !== undefined) passenger.additional_info = fields.additional_info;
    if (fields.passengers !== undefined) passenger.total_passengers = fields.passengers;
    await manage.update(bookingId, booking, passenger, trx);

    await byPassenger(
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

    const stored = await loadStored(bookingId, trx);
    const history = await deps.history.history(bookingId, trx);
    const url = await deps.links.url(stored.booking, trx);
    const input = {
      ...storedBookingMailData(stored, ctx.contacts, url),
      sequence: history.length,
    };
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

  /** A paid difference: the change made once, or the difference refunded. */
  async function finalisePaid(session: CheckoutSessionRecord, paymentId: string): Promise<void> {
    const ctx = await context();
    const refundIds = await deps.db
      .transaction()
      .execute((trx) => finalisePaidIn(trx, session, paymentId, ctx));
    await afterCommit(refundIds);
  }

  /** After a commit: refunds to the provider, mail to the sender. */
  async function afterCommit(refundIds: readonly number[]): Promise<void> {
    deps.mailQueued();
    await deps.refunds.process(refundIds);
  }

  /** A paid difference checkout: the charge on the ledger, then the change it paid for. */
  async function finalisePaidIn(
    trx: Transaction<Database>,
    session: CheckoutSessionRecord,
    paymentId: string,
    ctx: Context,
  ): Promise<number[]> {
    const locked = await deps.sessions.lockById(session.id, trx);
    if (!locked || locked.status === 'booked') return [];
    const pending = locked.pending as PendingChange;
    await deps.payments.record(
      {
        bookingId: pending.bookingId,
        kind: 'charge',
        reason: 'amendment',
        amountPence: locked.amountPence,
        provider: locked.provider,
        providerRef: paymentId,
        checkoutSessionId: locked.id,
        state: 'succeeded',
        at: clock(),
      },
      trx,
    );
    let refusal: string;
    try {
      const refundIds = await applyIn(trx, pending.bookingId, pending.plan, ctx, true);
      await deps.sessions.markBooked(
        locked.id,
        { bookingId: pending.bookingId, paymentId, outcome: 'applied' },
        clock(),
        trx,
      );
      return refundIds;
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
      refusal = error.message;
    }
    // Paid, but the booking can no longer take the change (cancelled, past the cut-off, changed
    // since): the difference goes straight back, and the passenger is told why.
    const row = await manage.lock(pending.bookingId, trx);
    if (!row) throw notFound();
    await deps.sessions.markBooked(
      locked.id,
      { bookingId: pending.bookingId, paymentId, outcome: 'refunded' },
      clock(),
      trx,
    );
    const refundIds = await deps.refunds.recordIn(
      trx,
      { id: row.id, bookingNumber: row.booking_number },
      locked.amountPence,
      'amendment',
    );
    const stored = await loadStored(row.id, trx);
    const history = await deps.history.history(row.id, trx);
    const url = await deps.links.url(stored.booking, trx);
    const input = { ...storedBookingMailData(stored, ctx.contacts, url), sequence: history.length };
    await deps.outbox.enqueue(
      changeNotMadeMail(input, {
        reason: refusal,
        money: `The ${money(locked.amountPence, ctx.currency)} you paid for it will be refunded to your card.`,
      }),
      trx,
    );
    return refundIds;
  }

  return {
    view,

    /**
     * Which booking the caller may open: a live token bound to that booking, or a corporate
     * passenger's own booking. Anything else is the same 404 as a booking that does not exist.
     */
    async authorise(bookingNumber: string, caller: ManageCaller): Promise<number> {
      if ('token' in caller) {
        const id = await deps.tokens.opens(hashManageToken(caller.token), bookingNumber, clock());
        if (id === undefined) throw new HttpError(404, POLICY_MESSAGES.linkInvalid);
        return id;
      }
      const found = await manage.findByNumber(bookingNumber);
      const owner = found && (found.passenger_id ?? found.details_passenger_id);
      if (!found || owner !== caller.passengerId) throw notFound();
      return found.id;
    },

    /** Reference and email (case ignored): a token and the booking, or one 404 for any miss. */
    async lookup(bookingNumber: string, email: string) {
      const found = await manage.findByNumber(bookingNumber.trim());
      if (!found || found.email.trim().toLowerCase() !== email.trim().toLowerCase()) {
        throw notFound();
      }
      const token = await deps.links.token(found, undefined, clock());
      return { manage_token: token, booking: await view(found.id) };
    },

    /**
     * What a change is counted by in the change limits (issue 30): the booking's reference and
     * the mailbox its mails go to. Null for a repeat of an answered Idempotency-Key: it changes
     * and mails nothing, so it is not counted.
     */
    async changeCountKeys(bookingId: number, key: string | undefined): Promise<string[] | null> {
      if (key && (await deps.idempotency.answered(amendScope(bookingId), key, clock()))) {
        return null;
      }
      const { booking } = await loadStored(bookingId);
      return [`booking:${booking.booking_number}`, booking.passenger_email];
    },

    /** What a change would do: old and new price, the difference, how it settles. */
    async preview(bookingId: number, request: AmendRequest): Promise<AmendPreview> {
      const ctx = await context();
      const { stored, plan, settlement, toPayPence } = await prepareChange(bookingId, request, ctx);
      const difference = plan.newTotalPence - plan.oldTotalPence;
      const late = lateChangeOf(stored.booking, plan, ctx.policy, clock());
      return {
        old_total: penceToPounds(pence(plan.oldTotalPence)),
        new_total: penceToPounds(pence(plan.newTotalPence)),
        difference: penceToPounds(pence(difference)),
        settlement,
        message: settlementSentence(
          settlement,
          { difference, toPayPence },
          plan,
          ctx.currency,
          late,
        ),
        needs_review: plan.timesMoved,
        refund: settlement === 'refund' ? penceToPounds(late.refundPence) : 0,
        late_rule:
          late.feeBasePence === null
            ? null
            : lateChangeRule(ctx.policy, late.feeBasePence, ctx.currency),
      };
    },

    /**
     * Makes a change. A card booking whose price goes up gets a checkout for the difference,
     * and the change is made once it is paid; otherwise it is made now, and a lower price is
     * refunded. With an Idempotency-Key a repeat changes, charges and refunds nothing more.
     */
    async amend(
      bookingId: number,
      request: AmendRequest,
      key: string | undefined,
      /** Where the request came to: the difference's checkout returns there (PUBLIC_URL wins). */
      requestOrigin: string,
    ): Promise<AmendResponse> {
      const ctx = await context();
      const options = {
        scope: amendScope(bookingId),
        key,
        hash: requestHash(request),
        now: clock(),
      };
      type Answer = {
        settlement: ChangeSettlement;
        refund_ids: number[];
        checkout: AmendResponse['checkout'];
      };
      let answer: { body: Answer };
      const first = await prepareChange(bookingId, request, ctx).catch(async (error: unknown) => {
        // A replay of an answered key needs no checks: its change may have closed them.
        if (key && (await deps.idempotency.answered(options.scope, key, options.now))) return null;
        throw error;
      });
      // The preview showed a price; a change that costs something else now is looked at again.
      if (
        first &&
        request.expected_new_total !== undefined &&
        poundsToPence(request.expected_new_total) !== first.plan.newTotalPence
      ) {
        throw new HttpError(
          409,
          POLICY_MESSAGES.priceChanged(money(first.plan.newTotalPence, ctx.currency)),
        );
      }
      // The preview promised a refund; one worked out inside the late window since is less.
      if (first && request.expected_refund !== undefined) {
        const late = lateChangeOf(first.stored.booking, first.plan, ctx.policy, clock());
        const refund = first.settlement === 'refund' ? late.refundPence : 0;
        if (poundsToPence(request.expected_refund) !== refund) {
          throw new HttpError(409, POLICY_MESSAGES.refundChanged(money(refund, ctx.currency)));
        }
      }
      // Worked out once: a replay (first is null) returns its stored answer without it.
      const prepared = async () => first ?? prepareChange(bookingId, request, ctx);
      if (first?.settlement === 'pay_difference') {
        const origin = deps.publicUrl ? new URL(deps.publicUrl).origin : requestOrigin;
        const successUrl = `${origin}/manage-booking/${first.stored.booking.booking_number}?amend_session={CHECKOUT_SESSION_ID}`;
        const cancelUrl = `${origin}/manage-booking/${first.stored.booking.booking_number}?amend_cancelled=1`;
        answer = await deps.idempotency.runCalling(
          { ...options, callMs: deps.provider.callBudgetMs },
          prepared,
          (ready) =>
            deps.provider
              .createCheckout({
                amountPence: ready.toPayPence,
                currency: 'gbp',
                description: `Change to booking ${ready.stored.booking.booking_number}: the difference in price`,
                successUrl,
                cancelUrl,
                siteOrigin: origin,
                metadata: {
                  purpose: 'amendment',
                  booking_number: ready.stored.booking.booking_number,
                },
                ...(key ? { idempotencyKey: `manage-amend-${bookingId}-${key}` } : {}),
              })
              .catch((error: unknown) => {
                if (!(error instanceof PaymentProviderError)) throw error;
                throw error.kind === 'unavailable'
                  ? new UpstreamError(503, BOOKING_MESSAGES.paymentProviderUnavailable, {
                      cause: error,
                    })
                  : new UpstreamError(502, BOOKING_MESSAGES.paymentProviderFailed, {
                      cause: error,
                    });
              }),
          async (trx, ready, created) => {
            await deps.sessions.insert(
              {
                id: created.id,
                provider: deps.provider.name,
                amountPence: ready.toPayPence,
                currency: 'gbp',
                pending: { bookingId, plan: ready.plan } satisfies PendingChange,
                url: created.url,
                successUrl,
                cancelUrl,
                expiresAt: new Date(clock().getTime() + IDEMPOTENCY_TTL_MS),
                purpose: 'amendment',
                bookingId,
              },
              trx,
            );
            return {
              statusCode: 200,
              body: {
                settlement: 'pay_difference' as const,
                refund_ids: [],
                checkout: { url: created.url, session_id: created.id },
              },
            };
          },
        );
      } else {
        answer = await deps.idempotency.run(options, prepared, async (trx, ready) => ({
          statusCode: 200,
          body: {
            settlement: ready.settlement,
            refund_ids: await applyIn(trx, bookingId, ready.plan, ctx, false),
            checkout: null,
          },
        }));
        await afterCommit(answer.body.refund_ids);
      }
      const rows = await deps.payments.list(bookingId);
      return {
        success: true,
        booking: await view(bookingId, ctx),
        settlement: answer.body.settlement,
        refund: refundSummary(rows, answer.body.refund_ids),
        checkout: answer.body.checkout,
      };
    },

    /** Back from the difference's checkout: the change is made once the provider says paid. */
    async amendPayment(bookingId: number, sessionId: string): Promise<ManagedBooking> {
      const session = await deps.sessions.findById(sessionId);
      if (!session || session.purpose !== 'amendment' || session.bookingId !== bookingId) {
        throw new HttpError(404, BOOKING_MESSAGES.checkoutSessionNotFound);
      }
      if (session.status !== 'booked') {
        const status = await deps.provider.retrieve(sessionId).catch((error: unknown) => {
          if (error instanceof PaymentProviderError) {
            throw new UpstreamError(503, BOOKING_MESSAGES.paymentProviderUnavailable, {
              cause: error,
            });
          }
          throw error;
        });
        if (!status?.paid || !status.paymentId) {
          throw new HttpError(402, BOOKING_MESSAGES.paymentNotCompleted);
        }
        if (status.amountPence !== session.amountPence) {
          throw new HttpError(409, BOOKING_MESSAGES.amountMismatch);
        }
        await finalisePaid(session, status.paymentId);
      }
      const settled = await deps.sessions.findById(sessionId);
      if (settled?.outcome === 'refunded') {
        throw new HttpError(
          409,
          `${POLICY_MESSAGES.changeNotMade} The ${money(session.amountPence, (await context()).currency)} you paid for it will be refunded to your card.`,
        );
      }
      return view(bookingId);
    },

    /** A paid difference (the webhook, the test checkout's Pay, or the page coming back). */
    finalisePaid,

    /**
     * Cancels under the policy: Cancelled, the refund (less any late fee) on the ledger, the
     * mails, all in one transaction with the row locked; then the provider is asked to refund.
     * A second press, tab or retry finds it cancelled (409) or replays the first answer.
     */
    async cancel(
      bookingId: number,
      request: CancelRequest,
      key: string | undefined,
    ): Promise<CancelResponse> {
      const reason = request.reason?.trim() ?? '';
      const answer = await deps.idempotency.run(
        {
          scope: `manage-cancel:${bookingId}`,
          key,
          hash: requestHash({ reason, expected: request.expected_refund ?? null }),
          now: clock(),
        },
        context,
        async (trx, ctx) => {
          const row = await manage.lock(bookingId, trx);
          if (!row) throw notFound();
          const refusal = cancelRefusal(row.status);
          if (refusal) throw new HttpError(409, refusal);
          const terms = cancellationTerms({
            paidPence: refundablePence(row),
            pickupAt: new Date(row.pickup_at),
            now: clock(),
            policy: ctx.policy,
            lateFeeDue: row.late_fee_due,
            feeBasePence: row.late_fee_base_pence,
          });
          // The dialog said what would happen; if that is no longer so, the passenger looks again.
          if (
            request.expected_refund !== undefined &&
            poundsToPence(request.expected_refund) !== terms.refundPence
          ) {
            throw new HttpError(
              409,
              POLICY_MESSAGES.termsChanged(cancellationSentence(terms, ctx.currency)),
            );
          }
          await manage.update(bookingId, { status: 'cancelled' }, {}, trx);
          await byPassenger(
            trx,
            bookingId,
            row.status,
            'cancelled',
            reason ? `Cancelled by the passenger: ${reason}` : 'Cancelled by the passenger',
          );
          const refundIds = await deps.refunds.recordIn(
            trx,
            { id: bookingId, bookingNumber: row.booking_number },
            terms.refundPence,
            'cancellation',
          );
          const moneyLine = cancellationOutcome(terms, ctx.currency);
          const stored = await loadStored(bookingId, trx);
          const history = await deps.history.history(bookingId, trx);
          const url = await deps.links.url(stored.booking, trx);
          const input = {
            ...storedBookingMailData(stored, ctx.contacts, url),
            sequence: history.length,
          };
          await deps.outbox.enqueue(passengerCancelledMail(input, moneyLine), trx);
          if (ctx.contacts.companyEmail) {
            await deps.outbox.enqueue(
              operatorPassengerCancelledMail(
                input,
                reason,
                cancellationOutcomeForOperator(terms, ctx.currency),
              ),
              trx,
            );
          }
          return { statusCode: 200, body: { refund_ids: refundIds } };
        },
      );
      await afterCommit(answer.body.refund_ids);
      const rows = await deps.payments.list(bookingId);
      return {
        success: true,
        booking: await view(bookingId),
        refund: refundSummary(rows, answer.body.refund_ids),
      };
    },

    /** The booking's receipt as a PDF. */
    async receipt(bookingId: number): Promise<Buffer> {
      const ctx = await context();
      const stored = await loadStored(bookingId);
      const [company, ledger] = await Promise.all([
        manage.company(stored.booking.company_id),
        deps.payments.list(bookingId),
      ]);
      return bookingReceiptPdf(
        receiptInputFrom({ stored, ledger, company, contacts: ctx.contacts, issuedAt: clock() }),
      );
    },
  };
}

export type ManageBookingService = ReturnType<typeof createManageBookingService>;
