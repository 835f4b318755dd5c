import type { Kysely, Transaction } from 'kysely';
import type {
  AssignDriverRequest,
  BoardBooking,
  BoardQuery,
  ManualBookingRequest,
  OperatorBooking,
  StatusChangeRequest,
} from '../../../contract/operator';
import { BOARD_PAGE_SIZE } from '../../../contract/operator';
import {
  canTransition,
  licenceExpired,
  nextStatuses,
  refusedTransitionMessage,
  type BookingStatus,
} from '../../../domain/booking-lifecycle';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import { pence, penceToPounds } from '../../../domain/money';
import { companyEmail, companyPhone, toSettingsMap } from '../../../domain/settings';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import { requestHash, type createIdempotency } from '../../lib/idempotency';
import { todayInLondonFast } from '../../lib/uk-clock';
import type { BookingsRepository, StoredBooking } from '../../repositories/bookings-repository';
import type { DriversRepository } from '../../repositories/drivers-repository';
import type {
  BoardFilter,
  BoardRow,
  BookingScope,
  OperatorBookingsRepository,
} from '../../repositories/operator-bookings-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import { toBookingData } from '../bookings/booking-data-mapper';
import { storedDetails } from '../bookings/stored-form';
import { paymentFields } from '../payments/payment-fields';
import type { BookingService } from '../bookings/booking-service';
import { storedBookingMailData } from '../mail/stored-booking-mail';
import type { ManageLinks } from '../manage/manage-links';
import { bookingReceiptPdf } from '../receipts/booking-receipt';
import { receiptInputFrom } from '../receipts/receipt-input';
import type { ManageBookingsRepository } from '../../repositories/manage-bookings-repository';
import type { RefundService } from '../payments/refund-service';
import { toPaymentEntry } from '../payments/refund-service';
import type { BookingPaymentsRepository } from '../../repositories/booking-payments-repository';
import {
  bookingPolicy,
  cancellationOutcome,
  cancellationTerms,
  POLICY_SETTING_NAMES,
  refundablePence,
  type BookingPolicy,
} from '../../../domain/booking-policy';
import {
  bookingCancelledMail,
  bookingCompletedMail,
  bookingConfirmedMail,
  driverAssignedMail,
} from '../mail/lifecycle-mails';
import { normaliseRegistration, toDriver } from './drivers-service';
import type { OperatorIdentity } from './operator-auth-service';

/** The operator's phone and mailbox and the cancellation policy, read before a transaction opens. */
type Contacts = {
  companyPhone: string;
  companyEmail: string;
  policy: BookingPolicy;
  currency: string;
};

export interface ConsoleBookingsDeps {
  db: Kysely<Database>;
  /** The public site's booking rules, which a phone booking follows too. */
  booking: BookingService;
  operatorBookings: OperatorBookingsRepository;
  bookings: BookingsRepository;
  drivers: DriversRepository;
  outbox: OutboxRepository;
  settings: SettingsRepository;
  idempotency: ReturnType<typeof createIdempotency>;
  clock: () => Date;
  mailQueued: () => void;
  /** The money ledger, and card refunds when the operator cancels (issue 22). */
  payments: BookingPaymentsRepository;
  refunds: RefundService;
  /** The "Manage your booking" link in every mail to the passenger. */
  manageLinks: ManageLinks;
  /** The operator's name, address and VAT number for the receipt. */
  manage: Pick<ManageBookingsRepository, 'company'>;
}

export function scopeOf(operator: OperatorIdentity): BookingScope {
  return { companyId: operator.companyId };
}

export function boardFilter(query: BoardQuery): BoardFilter {
  return {
    status: query.status,
    view: query.view,
    from: query.from,
    to: query.to,
    q: query.q,
    companyId: query.company_id,
  };
}

export function toBoardBooking(row: BoardRow): BoardBooking {
  return {
    booking_number: row.booking_number,
    pickup_at: new Date(row.pickup_at).toISOString(),
    pick_up_date: row.pick_up_date,
    pick_up_time: row.pick_up_time,
    passenger_name: row.passenger_name,
    passenger_email: row.passenger_email,
    passenger_phone: row.passenger_phone,
    pick_up_address: row.pick_up_address,
    drop_off_address: row.drop_off_address,
    vehicle_type: row.vehicle_type,
    vehicle_count: row.vehicle_count,
    status: row.status,
    total_booking_amount: penceToPounds(pence(row.total_pence)),
    currency: row.currency,
    company_id: row.company_id,
    company_name: row.company_name,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The console's side of a booking's life: the board, a booking, its status and its driver. */
export function createConsoleBookingsService(deps: ConsoleBookingsDeps) {
  const { operatorBookings, bookings, drivers, clock } = deps;
  const boardClock = () => {
    const now = clock();
    return { now, today: todayInLondonFast(now) };
  };

  async function mailContacts(): Promise<Contacts> {
    const settings = toSettingsMap(
      await deps.settings.listByName([
        'Company_Contact_Info',
        'FROM_EMAIL',
        'CURRENCY',
        ...POLICY_SETTING_NAMES,
      ]),
    );
    return {
      companyPhone: companyPhone(settings),
      companyEmail: companyEmail(settings),
      policy: bookingPolicy(settings),
      currency: settings.CURRENCY?.trim() || '£',
    };
  }

  /** A mail's data, with a fresh "Manage your booking" link made in the mail's transaction. */
  async function mailData(stored: StoredBooking, contacts: Contacts, trx: Transaction<Database>) {
    const url = await deps.manageLinks.url(stored.booking, trx);
    return storedBookingMailData(stored, contacts, url);
  }

  /** A booking's rows, history and driver: what its page shows and its mails are made of. */
  async function load(bookingId: number, trx?: Transaction<Database>) {
    const stored = await bookings.findWithDetails(bookingId, trx);
    if (!stored) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
    const { booking } = stored;
    const [history, driver, ledger] = await Promise.all([
      operatorBookings.history(bookingId, trx),
      booking.driver_id === null
        ? undefined
        : drivers.find(booking.driver_id, booking.company_id, trx),
      deps.payments.list(bookingId, trx),
    ]);
    return { stored, history, driver, ledger };
  }

  function detailFrom({ stored, history, driver, ledger }: Awaited<ReturnType<typeof load>>) {
    const { booking } = stored;
    return {
      booking_number: booking.booking_number,
      status: booking.status,
      booking: toBookingData(stored),
      company_id: booking.company_id,
      category_id: booking.category_id,
      details: storedDetails(booking.form),
      payment_method: booking.payment_method,
      payment_status: booking.payment_status,
      driver: driver ? toDriver(driver, todayInLondonFast(clock())) : null,
      vehicle_registration: booking.vehicle_registration,
      history: history.map((entry) => ({
        at: new Date(entry.at).toISOString(),
        actor: entry.actor,
        actor_name: entry.actor_name,
        from_status: entry.from_status,
        to_status: entry.to_status,
        note: entry.note,
      })),
      payments: ledger.map((row) => toPaymentEntry(row, true)),
      ...paymentFields(booking, ledger),
      next_statuses: [...nextStatuses(booking.status)],
    } satisfies OperatorBooking;
  }

  /** Sends a booking's unsettled refunds to the provider, then shows the booking as it is now. */
  async function refundAndShow(operator: OperatorIdentity, bookingNumber: string) {
    const found = await operatorBookings.findInScope(scopeOf(operator), bookingNumber);
    if (!found) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
    const owed = (await deps.payments.list(found.id)).filter(
      (row) => row.kind === 'refund' && row.state === 'pending' && row.attempts === 0,
    );
    await deps.refunds.process(owed.map((row) => row.id));
    return detailFrom(await load(found.id));
  }

  /** Records one move in the booking's history, by the operator, in the caller's transaction. */
  async function record(
    trx: Transaction<Database>,
    operator: OperatorIdentity,
    bookingId: number,
    from: BookingStatus,
    to: BookingStatus,
    note: string,
  ) {
    await operatorBookings.addHistory(
      {
        bookingId,
        at: clock(),
        actor: 'operator',
        operatorId: operator.id,
        actorName: operator.name,
        from,
        to,
        note,
      },
      trx,
    );
  }

  /** A phone booking as the public site's POST /booking inputs, so the same rules apply. */
  function asBookingInputs(request: ManualBookingRequest) {
    const [firstName = '', ...rest] = request.passenger.name.trim().split(/\s+/);
    const vehicle = request.selected_vehicle;
    return {
      bookingType: request.booking_type,
      ...(request.booking_type === 'hourly'
        ? { hourlyRateForm: request.form }
        : { bookingForm: request.form }),
      selectedVehicleData: {
        quote_id: vehicle.quote_id,
        vehicle_id: vehicle.tbms_vid,
        company_id: vehicle.company_id,
        vehicle_count: vehicle.vehicle_count,
      },
      selectedVehicle: vehicle.vehicle_count,
      registrationData: {
        firstName,
        // A one-word name is the whole name.
        surname: rest.join(' ') || '-',
        email: request.passenger.email,
        number: request.passenger.phone,
        additionalInfo: request.passenger.additional_info ?? '',
      },
      selected_passenger: 'guest_login' as const,
    };
  }

  return {
    /**
     * A booking an operator takes by phone: priced by the server exactly as the public site's,
     * Confirmed from the start, paid in the car or on account. A dispatcher books only their
     * own company's vehicles.
     */
    async bookByPhone(
      operator: OperatorIdentity,
      request: ManualBookingRequest,
      key: string | undefined,
    ): Promise<string> {
      const ownCompany = (companyId: number) =>
        operator.companyId === null || operator.companyId === companyId;
      if (!ownCompany(request.selected_vehicle.company_id)) {
        throw new RequestValidationError([
          {
            path: 'selected_vehicle.company_id',
            message: 'selected_vehicle.company_id must be your own company',
          },
        ]);
      }
      const answer = await deps.idempotency.run(
        { scope: `operator-booking:${operator.id}`, key, hash: requestHash(request), now: clock() },
        async () => {
          const settings = await deps.booking.loadSettings();
          const prepared = await deps.booking.prepare(asBookingInputs(request), settings);
          if (!ownCompany(prepared.companyId)) {
            throw new RequestValidationError([
              {
                path: 'selected_vehicle.quote_id',
                message: 'selected_vehicle.quote_id must be a quote for your own company',
              },
            ]);
          }
          return { settings, prepared };
        },
        async (trx, { settings, prepared }) => {
          const { data } = await deps.booking.store(
            trx,
            prepared,
            { method: request.payment_method },
            settings,
            { operatorId: operator.id, name: operator.name },
          );
          return { statusCode: 201, body: data.booking.booking_number };
        },
      );
      deps.mailQueued();
      return answer.body;
    },

    async board(operator: OperatorIdentity, query: BoardQuery) {
      const page = query.page ?? 1;
      const { rows, total } = await operatorBookings.board(
        scopeOf(operator),
        boardFilter(query),
        boardClock(),
        { limit: BOARD_PAGE_SIZE, offset: (page - 1) * BOARD_PAGE_SIZE },
      );
      return { data: rows.map(toBoardBooking), total, page, per_page: BOARD_PAGE_SIZE };
    },

    /** The filtered board in pickup order, a chunk at a time, for the CSV export. */
    async *boardRows(operator: OperatorIdentity, query: BoardQuery, chunk = 500) {
      const scope = scopeOf(operator);
      const filter = boardFilter(query);
      const when = boardClock();
      let after: { pickupAt: Date; id: number } | undefined;
      for (;;) {
        const rows = await operatorBookings.boardChunk(scope, filter, when, after, chunk);
        yield* rows;
        if (rows.length < chunk) return;
        const last = rows[rows.length - 1]!;
        after = { pickupAt: new Date(last.pickup_at), id: last.id };
      }
    },

    async detail(operator: OperatorIdentity, bookingNumber: string): Promise<OperatorBooking> {
      const found = await operatorBookings.findInScope(scopeOf(operator), bookingNumber);
      if (!found) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
      return detailFrom(await load(found.id));
    },

    /**
     * Moves a booking to `change.status` if the lifecycle allows it from where it is now: the row
     * is locked for the transaction, so of two dispatchers pressing at once one goes first and
     * the other is judged against the result. With an Idempotency-Key a repeat changes nothing.
     */
    async changeStatus(
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
          now: clock(),
        },
        mailContacts,
        async (trx, contacts) => {
          const row = await operatorBookings.lockInScope(scopeOf(operator), bookingNumber, trx);
          if (!row) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
          if (!canTransition(row.status, change.status)) {
            throw new HttpError(409, refusedTransitionMessage(row.status, change.status));
          }
          await operatorBookings.setStatus(row.id, change.status, undefined, trx);
          await record(trx, operator, row.id, row.status, change.status, note);
          // A card booking is refunded in full, or less the passenger's late-cancellation fee
          // when the operator keeps it (waive_fee false).
          let refundLine: string | undefined;
          if (change.status === 'cancelled') {
            const terms = cancellationTerms({
              paidPence: refundablePence(row),
              pickupAt: new Date(row.pickup_at),
              now: clock(),
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
            if (terms.kind !== 'nothing_to_pay') {
              refundLine = cancellationOutcome(terms, contacts.currency);
            }
          }
          const loaded = await load(row.id, trx);
          if (change.status === 'completed') {
            // The journey's receipt goes with the thank-you; built from this transaction's rows.
            const company = await deps.manage.company(loaded.stored.booking.company_id, trx);
            const receipt = await bookingReceiptPdf(
              receiptInputFrom({
                stored: loaded.stored,
                ledger: loaded.ledger,
                company,
                contacts,
                issuedAt: clock(),
              }),
            );
            const input = {
              ...(await mailData(loaded.stored, contacts, trx)),
              sequence: loaded.history.length,
            };
            await deps.outbox.enqueue(bookingCompletedMail(input, receipt), trx);
          }
          const mailKind = change.status;
          if (mailKind === 'confirmed' || mailKind === 'cancelled') {
            // The calendar copy's SEQUENCE: how many changes the booking has had.
            const input = {
              ...(await mailData(loaded.stored, contacts, trx)),
              sequence: loaded.history.length,
            };
            await deps.outbox.enqueue(
              mailKind === 'confirmed'
                ? bookingConfirmedMail(input)
                : bookingCancelledMail(input, note, refundLine),
              trx,
            );
          }
          return { statusCode: 200, body: detailFrom(loaded) };
        },
      );
      deps.mailQueued();
      if (change.status !== 'cancelled') return answer.body;
      // The refunds were written with the cancellation; the provider is asked after the commit.
      return refundAndShow(operator, bookingNumber);
    },

    /** The operator's Retry refund on a failed refund of a booking in their scope. */
    async retryRefund(
      operator: OperatorIdentity,
      bookingNumber: string,
      paymentId: number,
    ): Promise<OperatorBooking> {
      const found = await operatorBookings.findInScope(scopeOf(operator), bookingNumber);
      const payment = found && (await deps.payments.find(paymentId));
      if (!found || !payment || payment.booking_id !== found.id || payment.kind !== 'refund') {
        throw new HttpError(404, OPERATOR_MESSAGES.refundNotFound);
      }
      if (!(await deps.refunds.retryNow(paymentId))) {
        throw new HttpError(409, OPERATOR_MESSAGES.refundNotFailed);
      }
      return detailFrom(await load(found.id));
    },

    /**
     * Puts a driver (and the vehicle they drive today) on the booking: Driver assigned. With an
     * Idempotency-Key a repeat assigns and mails nothing more.
     */
    async assign(
      operator: OperatorIdentity,
      bookingNumber: string,
      request: AssignDriverRequest,
      key: string | undefined,
    ): Promise<OperatorBooking> {
      const registration = normaliseRegistration(request.vehicle_registration);
      const today = todayInLondonFast(clock());
      const answer = await deps.idempotency.run<OperatorBooking, Contacts>(
        {
          scope: `operator-assign:${operator.id}`,
          key,
          hash: requestHash({ bookingNumber, ...request }),
          now: clock(),
        },
        mailContacts,
        async (trx, contacts) => {
          const row = await operatorBookings.lockInScope(scopeOf(operator), bookingNumber, trx);
          if (!row) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
          if (!canTransition(row.status, 'driver_assigned')) {
            throw new HttpError(409, refusedTransitionMessage(row.status, 'driver_assigned'));
          }
          // The booking's company's drivers only, whoever is asking.
          const driver = await drivers.find(request.driver_id, row.company_id, trx);
          if (!driver) {
            throw new RequestValidationError([
              { path: 'driver_id', message: OPERATOR_MESSAGES.driverNotCompany },
            ]);
          }
          if (!driver.active) throw new HttpError(409, OPERATOR_MESSAGES.driverInactive);
          if (licenceExpired(driver.licence_expiry, today)) {
            throw new HttpError(409, OPERATOR_MESSAGES.licenceExpired);
          }
          await operatorBookings.setStatus(
            row.id,
            'driver_assigned',
            { driverId: driver.id, vehicleRegistration: registration },
            trx,
          );
          await record(
            trx,
            operator,
            row.id,
            row.status,
            'driver_assigned',
            `Driver: ${driver.name}, ${registration}`,
          );
          const loaded = await load(row.id, trx);
          const input = {
            ...(await mailData(loaded.stored, contacts, trx)),
            sequence: loaded.history.length,
          };
          await deps.outbox.enqueue(
            driverAssignedMail(input, { name: driver.name, vehicleRegistration: registration }),
            trx,
          );
          return { statusCode: 200, body: detailFrom(loaded) };
        },
      );
      deps.mailQueued();
      return answer.body;
    },
  };
}

export type ConsoleBookingsService = ReturnType<typeof createConsoleBookingsService>;
