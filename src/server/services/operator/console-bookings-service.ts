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
import { storedCount as count, storedYesNo as yesNo } from '../bookings/stored-form';
import type { BookingService } from '../bookings/booking-service';
import type { BookingMailData } from '../mail/booking-mail-data';
import {
  bookingCancelledMail,
  bookingConfirmedMail,
  driverAssignedMail,
} from '../mail/lifecycle-mails';
import type { PricedJourney } from '../pricing/priced-journey';
import { normaliseRegistration, toDriver } from './drivers-service';
import type { OperatorIdentity } from './operator-auth-service';

/** The operator's phone and mailbox, read before a transaction opens. */
type Contacts = { companyPhone: string; companyEmail: string };

/** A journey's length for the calendar when none was measured. */
const DEFAULT_JOURNEY_MINUTES = 60;

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

/** The extras and counts the passenger asked for, from the stored form. */
function requestedDetails(form: unknown): OperatorBooking['details'] {
  const f = (form ?? {}) as Record<string, unknown>;
  return {
    luggages: count(f.luggages),
    hand_luggages: count(f.hand_luggages),
    meet_and_greet: yesNo(f.meet_and_greet),
    baby_seat: count(f.baby_seats),
    booster_seat: count(f.booster_seats),
    wheel_chair: yesNo(f.wheel_chair),
    special_luggages: count(f.special_luggage),
    waiting_minutes: count(f.waiting_min),
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
      await deps.settings.listByName(['Company_Contact_Info', 'FROM_EMAIL']),
    );
    return { companyPhone: companyPhone(settings), companyEmail: companyEmail(settings) };
  }

  function mailData(stored: StoredBooking, contacts: Contacts): BookingMailData {
    const { booking } = stored;
    const measured = (booking.distance as { duration?: number } | null)?.duration;
    return {
      data: toBookingData(stored),
      pickupAt: new Date(booking.pickup_at),
      returnAt: booking.return_at ? new Date(booking.return_at) : null,
      durationMinutes:
        booking.hourly_duration !== null
          ? booking.hourly_duration * 60
          : (measured ?? DEFAULT_JOURNEY_MINUTES),
      ...contacts,
      pricedJourney: (booking.priced_journey as PricedJourney | null) ?? null,
      pickupPosition:
        booking.pickup_lat === null || booking.pickup_lng === null
          ? null
          : { lat: booking.pickup_lat, lng: booking.pickup_lng },
    };
  }

  /** A booking's rows, history and driver: what its page shows and its mails are made of. */
  async function load(bookingId: number, trx?: Transaction<Database>) {
    const stored = await bookings.findWithDetails(bookingId, trx);
    if (!stored) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
    const { booking } = stored;
    const [history, driver] = await Promise.all([
      operatorBookings.history(bookingId, trx),
      booking.driver_id === null
        ? undefined
        : drivers.find(booking.driver_id, booking.company_id, trx),
    ]);
    return { stored, history, driver };
  }

  function detailFrom({ stored, history, driver }: Awaited<ReturnType<typeof load>>) {
    const { booking } = stored;
    return {
      booking_number: booking.booking_number,
      status: booking.status,
      booking: toBookingData(stored),
      company_id: booking.company_id,
      details: requestedDetails(booking.form),
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
      // Replaced by the ledger in the next commit (issue 22).
      payments: [],
      paid_amount: 0,
      next_statuses: [...nextStatuses(booking.status)],
    } satisfies OperatorBooking;
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
          hash: requestHash({ bookingNumber, status: change.status, note }),
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
          const loaded = await load(row.id, trx);
          const mailKind = change.status;
          if (mailKind === 'confirmed' || mailKind === 'cancelled') {
            // The calendar copy's SEQUENCE: how many changes the booking has had.
            const input = {
              ...mailData(loaded.stored, contacts),
              sequence: loaded.history.length,
            };
            await deps.outbox.enqueue(
              mailKind === 'confirmed'
                ? bookingConfirmedMail(input)
                : bookingCancelledMail(input, note),
              trx,
            );
          }
          return { statusCode: 200, body: detailFrom(loaded) };
        },
      );
      deps.mailQueued();
      return answer.body;
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
          const input = { ...mailData(loaded.stored, contacts), sequence: loaded.history.length };
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
