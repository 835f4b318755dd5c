import type { Transaction } from 'kysely';
import type { BookingData, BookingRequest, BookingResponse } from '../../../contract/bookings';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import { isYes, toSettingsMap } from '../../../domain/settings';
import type { SettingsMap } from '../../../domain/settings';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Idempotency, IdempotentAnswer } from '../../lib/idempotency';
import { requestHash } from '../../lib/idempotency';
import type { SettingsRepository } from '../../repositories/settings-repository';
import { checkAccount } from './booking-account';
import type { BookingInputs } from './booking-inputs';
import { clientSelection, parseForm, parseRegistration, passengerOf } from './booking-inputs';
import type { BookingPricing } from './booking-pricing';
import type { BookingPayment, PreparedBooking } from './prepared-booking';
import { storeBooking, type StoreBookingDeps } from './store-booking';

/** The settings a booking reads: who may book how, and the operator's contact details. */
const BOOKING_SETTINGS = [
  'GUEST_LOGIN',
  'SHOWPAYINCAR',
  'SHOWCARD',
  'FROM_EMAIL',
  'Company_Contact_Info',
  'CURRENCY',
] as const;

export interface BookingServiceDeps extends StoreBookingDeps {
  pricing: BookingPricing;
  settings: SettingsRepository;
  idempotency: Idempotency;
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

  /** Everything checked and priced; nothing written. */
  async function prepare(inputs: BookingInputs, settings: SettingsMap): Promise<PreparedBooking> {
    // The spec's Next checks come first: they are what the visitor fixes on this step.
    const registration = parseRegistration(inputs);
    const sent = parseForm(inputs);
    const { account, known } = await checkAccount(deps.passengers, registration, settings);
    const priced = await deps.pricing.price(sent, clientSelection(inputs));
    return { ...priced, account, passenger: passengerOf(registration.data, priced.form, known) };
  }

  /** Writes a prepared booking in the caller's transaction (see storeBooking). */
  function store(
    trx: Transaction<Database>,
    prepared: PreparedBooking,
    payment: BookingPayment,
    settings: SettingsMap,
    /** An operator taking the booking by phone: it starts Confirmed, made by them. */
    bookedBy?: { operatorId: number; name: string },
  ): Promise<{ bookingId: number; data: BookingData }> {
    return storeBooking(deps, trx, prepared, payment, settings, bookedBy);
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
