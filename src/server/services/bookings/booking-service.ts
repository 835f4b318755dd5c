import type { Transaction } from 'kysely';
import type { BookingData, BookingRequest, BookingResponse } from '../../../contract/bookings';
import type { BookingForm, HourlyForm } from '../../../domain/booking-form';
import { stopAddress } from '../../../domain/booking-form';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import {
  companyEmail,
  companyPhone,
  guestLoginAllowed,
  isYes,
  toSettingsMap,
} from '../../../domain/settings';
import type { SettingsMap } from '../../../domain/settings';
import { twelveHourToHhmm } from '../../../domain/time';
import { formTimeToUtc } from '../../../domain/uk-time';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { Idempotency, IdempotentAnswer } from '../../lib/idempotency';
import { requestHash } from '../../lib/idempotency';
import type { BookingPaymentsRepository } from '../../repositories/booking-payments-repository';
import type { BookingsRepository, NewBookingStop } from '../../repositories/bookings-repository';
import type { ManageLinks } from '../manage/manage-links';
import { INITIAL_BOOKING_STATUS } from '../../../domain/booking-lifecycle';
import type { OperatorBookingsRepository } from '../../repositories/operator-bookings-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { PassengersRepository } from '../../repositories/passengers-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import { hashPassword, passwordProblem, verifyPassword } from '../accounts/passwords';
import { accountExistsMail } from '../mail/account-exists-mail';
import { bookingConfirmationMail, operatorBookingNoticeMail } from '../mail/booking-mails';
import type { BookingInputs } from './booking-inputs';
import { clientSelection, parseForm, parseRegistration, passengerOf } from './booking-inputs';
import { answerData, toBookingData } from './booking-data-mapper';
import { randomBookingNumber } from './booking-number';
import type { BookingPricing } from './booking-pricing';
import type { BookingPayment, PreparedBooking } from './prepared-booking';

/** The settings a booking reads: who may book how, and the operator's contact details. */
const BOOKING_SETTINGS = [
  'GUEST_LOGIN',
  'SHOWPAYINCAR',
  'SHOWCARD',
  'FROM_EMAIL',
  'Company_Contact_Info',
  'CURRENCY',
] as const;

/** Draws of a booking number before giving up; at 9 digits a second draw is already rare. */
const BOOKING_NUMBER_ATTEMPTS = 8;
/** Calendar length of a journey whose duration is unknown. */
const DEFAULT_JOURNEY_MINUTES = 60;

export interface BookingServiceDeps {
  pricing: BookingPricing;
  bookings: BookingsRepository;
  passengers: PassengersRepository;
  outbox: OutboxRepository;
  /** Where the booking's first history entry (made, Pending) is written. */
  history: Pick<OperatorBookingsRepository, 'addHistory'>;
  settings: SettingsRepository;
  /** The money ledger: a card booking's payment is its first charge. */
  payments: Pick<BookingPaymentsRepository, 'record'>;
  /** The "Manage your booking" link in the confirmation. */
  manageLinks: ManageLinks;
  /** Which card provider took a card payment, for the ledger. */
  providerName: string;
  idempotency: Idempotency;
  clock: () => Date;
  /** Called after a commit that queued mail, so it is sent at once rather than at the next poll. */
  mailQueued?: () => void;
}

/**
 * Bookings: checks the inputs exactly as the spec's details step does, prices them on the
 * server, and stores booking, passenger details, stops and both mails in one transaction.
 */
export function createBookingService(deps: BookingServiceDeps) {
  async function loadSettings(): Promise<SettingsMap> {
    return toSettingsMap(await deps.settings.listByName(BOOKING_SETTINGS));
  }

  /** The account side: guest allowed, new client's password policy, existing client's password. */
  async function checkAccount(
    { mode, data }: ReturnType<typeof parseRegistration>,
    settings: SettingsMap,
  ): Promise<{
    account: PreparedBooking['account'];
    known?: { firstName: string; lastName: string; phone: string; email: string };
  }> {
    if (mode === 'guest_login') {
      if (!guestLoginAllowed(settings)) throw new HttpError(403, BOOKING_MESSAGES.guestNotAllowed);
      return { account: { mode, passengerId: null, register: null } };
    }
    if (mode === 'new_client') {
      const problem = passwordProblem(data.password);
      if (problem) {
        throw new RequestValidationError([{ path: 'registrationData.password', message: problem }]);
      }
      // Whether the email is registered already is found out only when the account is made
      // (store): the answer must be the same either way, or it would tell anyone who has an
      // account. The password is hashed either way too, so the time taken says nothing.
      return {
        account: {
          mode,
          passengerId: null,
          register: {
            email: data.email,
            firstName: data.firstName,
            lastName: data.surname,
            phone: data.number,
            passwordHash: await hashPassword(data.password),
          },
        },
      };
    }
    const account = await deps.passengers.findByEmail(data.email);
    if (!(await verifyPassword(account?.passwordHash, data.password)) || !account) {
      throw new HttpError(401, BOOKING_MESSAGES.emailNotFound);
    }
    return { account: { mode, passengerId: account.id, register: null }, known: account };
  }

  /** Everything checked and priced; nothing written. */
  async function prepare(inputs: BookingInputs, settings: SettingsMap): Promise<PreparedBooking> {
    // The spec's Next checks come first: they are what the visitor fixes on this step.
    const registration = parseRegistration(inputs);
    const sent = parseForm(inputs);
    const { account, known } = await checkAccount(registration, settings);
    const priced = await deps.pricing.price(sent, clientSelection(inputs));
    return { ...priced, account, passenger: passengerOf(registration.data, priced.form, known) };
  }

  /** A stored pickup position, or null when the booking has none. */
  function positionOf(row: { pickup_lat: number | null; pickup_lng: number | null }) {
    return row.pickup_lat === null || row.pickup_lng === null
      ? null
      : { lat: row.pickup_lat, lng: row.pickup_lng };
  }

  /** The booking's rows from a prepared booking. */
  function bookingRows(prepared: PreparedBooking, passengerId: number | null) {
    const hourly = prepared.bookingType === 'hourly';
    const form = prepared.form;
    const mileage = hourly ? null : (form as BookingForm);
    const returning = mileage?.select_option === 'return';
    const returnDate = returning ? mileage.return_date : null;
    const returnHour = returning ? mileage.return_hour : null;
    const returnMin = returning ? mileage.return_min : null;
    const hasReturnTime = returnDate !== null && returnHour !== null && returnMin !== null;
    const stops: NewBookingStop[] = (mileage?.stops ?? [])
      .filter((stop) => stopAddress(stop) !== '')
      .map((stop, position) => ({
        position,
        stop_address: stop.street_name,
        stop_post_code: stop.postcode,
        stop_street_number: stop.number,
      }));
    const pickupAt = formTimeToUtc(form.pickup_date, form.pickup_hour, form.pickup_min);
    const returnAt = hasReturnTime ? formTimeToUtc(returnDate, returnHour, returnMin) : null;
    return {
      stops,
      pickupAt,
      returnAt,
      booking: {
        pickup_at: pickupAt,
        return_at: returnAt,
        booking_type: prepared.bookingType,
        ride_type: hourly ? ('H' as const) : ('Q' as const),
        journey_type: hourly ? ('hourly' as const) : (mileage?.select_option ?? 'one_way'),
        registration_mode: prepared.account.mode,
        passenger_id: passengerId,
        company_id: prepared.companyId,
        category_id: prepared.categoryId,
        vehicle_count: prepared.vehicleCount,
        pick_up_address: form.pickup,
        drop_off_address: mileage?.dropoff ?? '',
        pick_up_date: form.pickup_date,
        pick_up_time: twelveHourToHhmm(form.pickup_hour, form.pickup_min),
        return_pickup_address: returning ? mileage.return_pickup : null,
        return_dropoff_address: returning ? mileage.return_dropoff : null,
        return_date: hasReturnTime ? returnDate : null,
        return_time: hasReturnTime ? twelveHourToHhmm(returnHour, returnMin) : null,
        hourly_duration: hourly ? (form as HourlyForm).pickup_duration : null,
        flight_no: form.pickup_fight_number,
        return_flight_no: mileage?.return_fight_number ?? '',
        quote_id: prepared.quoteId,
        price_pence: prepared.pricePence,
        total_pence: prepared.totalPence,
        breakdown: JSON.stringify(prepared.breakdown),
        form: JSON.stringify(form),
        distance: prepared.distance === null ? null : JSON.stringify(prepared.distance),
        // Absent on a checkout session stored before bookings kept it.
        priced_journey: prepared.pricedJourney ? JSON.stringify(prepared.pricedJourney) : null,
        // The quote's form kept it; the quote checked it against the pickup's text.
        pickup_lat: form.pickup_location?.lat ?? null,
        pickup_lng: form.pickup_location?.lng ?? null,
      },
    };
  }

  /**
   * Writes a prepared booking in the caller's transaction: a new client's account, the
   * booking under a fresh random number, its passenger details and stops, and both mails.
   * `settings` are read before the transaction (on PGlite nothing else may query inside it).
   */
  async function store(
    trx: Transaction<Database>,
    prepared: PreparedBooking,
    payment: BookingPayment,
    settings: SettingsMap,
    /** An operator taking the booking by phone: it starts Confirmed, made by them. */
    bookedBy?: { operatorId: number; name: string },
  ): Promise<{ bookingId: number; data: BookingData }> {
    let passengerId = prepared.account.passengerId;
    const register = prepared.account.register;
    // A new client's email that is registered already: the ride is booked as usual, unlinked
    // (nobody signed in to that account), and its owner is told by mail, not the booker.
    let registeredAlready = false;
    if (register) {
      const created = await deps.passengers.insert(register, trx);
      if (created) passengerId = created.id;
      else registeredAlready = true;
    }

    const rows = bookingRows(prepared, passengerId);
    const paid = payment.method === 'card';
    let bookingId: number | undefined;
    for (let attempt = 0; bookingId === undefined; attempt += 1) {
      if (attempt === BOOKING_NUMBER_ATTEMPTS) throw new Error('No free booking number found');
      bookingId = await deps.bookings.insertBooking(
        {
          ...rows.booking,
          booking_number: randomBookingNumber(),
          status: bookedBy ? 'confirmed' : INITIAL_BOOKING_STATUS,
          currency: settings.CURRENCY?.trim() || '£',
          payment_method: payment.method,
          payment_status: paid
            ? 'paid'
            : payment.method === 'account'
              ? 'on_account'
              : 'pay_in_car',
          checkout_session_id: paid ? payment.checkoutSessionId : null,
          payment_id: paid ? payment.paymentId : null,
          created_at: deps.clock(),
        },
        trx,
      );
    }
    await deps.bookings.insertDetails(
      bookingId,
      {
        passenger_id: passengerId,
        name: prepared.passenger.name,
        email: prepared.passenger.email,
        phone: prepared.passenger.phone,
        additional_info: prepared.passenger.additionalInfo,
        return_additional_info: prepared.passenger.returnAdditionalInfo,
        total_passengers: prepared.passenger.totalPassengers,
      },
      rows.stops,
      trx,
    );
    await deps.history.addHistory(
      {
        bookingId,
        at: deps.clock(),
        ...(bookedBy
          ? {
              actor: 'operator' as const,
              operatorId: bookedBy.operatorId,
              actorName: bookedBy.name,
              to: 'confirmed' as const,
              note: 'Booked by phone',
            }
          : {
              actor: 'passenger' as const,
              operatorId: null,
              actorName: 'Passenger',
              to: INITIAL_BOOKING_STATUS,
              note: paid ? 'Booked and paid by card' : 'Booked online',
            }),
        from: null,
      },
      trx,
    );
    if (paid && prepared.totalPence > 0) {
      await deps.payments.record(
        {
          bookingId,
          kind: 'charge',
          reason: 'booking',
          amountPence: prepared.totalPence,
          provider: deps.providerName,
          providerRef: payment.paymentId,
          checkoutSessionId: payment.checkoutSessionId,
          state: 'succeeded',
          at: deps.clock(),
        },
        trx,
      );
    }
    const stored = await deps.bookings.findWithDetails(bookingId, trx);
    if (!stored) throw new Error(`Booking ${bookingId} vanished in its own transaction`);
    const data = answerData(toBookingData(stored), prepared.account.mode);

    const mail = {
      data,
      pickupAt: rows.pickupAt,
      returnAt: rows.returnAt,
      durationMinutes:
        prepared.bookingType === 'hourly'
          ? (prepared.form as HourlyForm).pickup_duration * 60
          : (prepared.distance?.duration ?? DEFAULT_JOURNEY_MINUTES),
      companyPhone: companyPhone(settings),
      companyEmail: companyEmail(settings),
      pricedJourney: prepared.pricedJourney ?? null,
      pickupPosition: positionOf(rows.booking),
      manageUrl: await deps.manageLinks.url(
        {
          id: bookingId,
          booking_number: data.booking.booking_number,
          pickup_at: rows.pickupAt,
          return_at: rows.returnAt,
        },
        trx,
      ),
    };
    // Someone paid real money for this ride: its confirmation is never held back by the
    // recipient cap, and a card payment is no cheap way to mail a stranger.
    const charged = payment.method === 'card' && payment.charged;
    await deps.outbox.enqueue({ ...bookingConfirmationMail(mail), capped: !charged }, trx);
    // The operator needs no notice of a booking they took themselves.
    if (mail.companyEmail && !bookedBy) {
      await deps.outbox.enqueue(operatorBookingNoticeMail(mail), trx);
    }
    if (register && registeredAlready) {
      await deps.outbox.enqueue(
        accountExistsMail({
          to: register.email,
          bookingNumber: data.booking.booking_number,
          companyPhone: mail.companyPhone,
          companyEmail: mail.companyEmail,
        }),
        trx,
      );
    }
    return { bookingId, data };
  }

  /**
   * The booker's answer with a fresh manage token in it. Added after the answer was stored for
   * replays, so no token is ever kept in plain text; an answer with the number only (someone
   * else holding a session id) gets none.
   */
  async function withManageToken<T extends { success: true; data: object }>(
    answer: IdempotentAnswer<T>,
  ): Promise<IdempotentAnswer<T>> {
    const data = answer.body.data as Partial<BookingData>;
    if (!data.booking || !data.passengerDetails) return answer;
    const token = await deps.manageLinks.tokenForNumber(data.booking.booking_number);
    if (!token) return answer;
    return { ...answer, body: { ...answer.body, data: { ...data, manage_token: token } } };
  }

  return {
    loadSettings,
    prepare,
    store,
    withManageToken,

    /**
     * POST /booking paid in the car (SHOWPAYINCAR yes). With an Idempotency-Key a repeat
     * returns the first answer and books nothing more.
     */
    async bookPayInCar(
      body: BookingRequest,
      rawBody: unknown,
      key: string | undefined,
    ): Promise<IdempotentAnswer<BookingResponse>> {
      const answer = await deps.idempotency.run(
        { scope: 'booking', key, hash: requestHash(rawBody), now: deps.clock() },
        async () => {
          const settings = await loadSettings();
          if (!isYes(settings, 'SHOWPAYINCAR')) {
            throw new HttpError(403, BOOKING_MESSAGES.payInCarNotAllowed);
          }
          return { settings, prepared: await prepare(body, settings) };
        },
        async (trx, { settings, prepared }) => {
          const { data } = await store(trx, prepared, { method: 'car' }, settings);
          return { statusCode: 200, body: { success: true as const, data } };
        },
      );
      deps.mailQueued?.();
      return withManageToken(answer);
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
