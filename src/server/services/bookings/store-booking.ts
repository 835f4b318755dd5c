import { textSettings } from '../texts/passenger-texts';
import { notifyPassenger, type NotifyDeps } from '../messages/notify-passenger';
import { trackFlights, type TrackFlightsDeps } from '../flights/track-flights';
import type { MessageTemplatesRepository } from '../../repositories/message-templates-repository';
import { mailValues, savedMailWording } from '../mail/mail-wording';
import { CHANGE_MESSAGES } from '../../../domain/messages';
import type { Transaction } from 'kysely';
import type { BookingData } from '../../../contract/bookings';
import type { HourlyForm } from '../../../domain/booking-form';
import { INITIAL_BOOKING_STATUS } from '../../../domain/booking-lifecycle';
import { companyEmail, companyPhone, currencySign } from '../../../domain/settings';
import type { SettingsMap } from '../../../domain/settings';
import type { Database } from '../../db/schema';
import type { BookingsRepository } from '../../repositories/bookings-repository';
import type { BookingHistoryRepository } from '../../repositories/booking-history-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { PassengersRepository } from '../../repositories/passengers-repository';
import { accountExistsMail } from '../mail/account-exists-mail';
import { bookingConfirmationMail, operatorBookingNoticeMail } from '../mail/booking-mails';
import type { Ledger } from '../ledger/ledger';
import type { ManageLinks } from '../manage/manage-links';
import { answerData, toBookingData } from './booking-data-mapper';
import { randomBookingNumber } from './booking-number';
import { bookingRows, positionOf } from './booking-rows';
import type { BookingPayment, PreparedBooking } from './prepared-booking';
import { bookingContacts } from '../mail/company-contacts';
import { calendarMinutes } from '../mail/stored-booking-mail';
import { publishLive } from '../live/live-notices';
import { jobRef } from '../../../domain/booking-jobs';

/** Draws of a booking number before giving up; at 9 digits a second draw is already rare. */
const BOOKING_NUMBER_ATTEMPTS = 8;

/** What writing a booking needs. */
export interface StoreBookingDeps extends NotifyDeps, TrackFlightsDeps {
  bookings: BookingsRepository;
  passengers: PassengersRepository;
  outbox: OutboxRepository;
  /** The operator's wording of the first mail (issue 35's Messages page). */
  messageTemplates: Pick<MessageTemplatesRepository, 'find'>;
  /** Where the booking's first history entry (made, Pending) is written. */
  history: Pick<BookingHistoryRepository, 'addHistory'>;
  /** The money ledger: a card booking's payment is its first charge. */
  ledger: Pick<Ledger, 'charge'>;
  /** The "Manage your booking" link in the confirmation. */
  manageLinks: ManageLinks;
  /** Which card provider took a card payment, for the ledger. */
  providerName: string;
  clock: () => Date;
}

/** An operator taking the booking by phone: it starts Confirmed, made by them. */
type BookedBy = { operatorId: number; name: string };

/**
 * Writes a prepared booking in the caller's transaction: a new client's account, the
 * booking under a fresh random number, its passenger details and stops, and both mails.
 * `settings` are read before the transaction (on PGlite nothing else may query inside it).
 */
export async function storeBooking(
  deps: StoreBookingDeps,
  trx: Transaction<Database>,
  prepared: PreparedBooking,
  payment: BookingPayment,
  settings: SettingsMap,
  bookedBy?: BookedBy,
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
        currency: currencySign(settings),
        payment_method: payment.method,
        payment_status: paid ? 'paid' : payment.method === 'account' ? 'on_account' : 'pay_in_car',
        checkout_session_id: paid ? payment.checkoutSessionId : null,
        payment_id: paid ? payment.paymentId : null,
        // Who took it: a licensed operator's record (issue 34); null: booked online.
        taken_by_operator_id: bookedBy?.operatorId ?? null,
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
      ...textSettings(prepared.passenger),
    },
    rows.stops,
    trx,
  );
  await recordMade(deps, trx, bookingId, prepared, payment, bookedBy);
  const stored = await deps.bookings.findWithDetails(bookingId, trx);
  if (!stored) throw new Error(`Booking ${bookingId} vanished in its own transaction`);
  // The console's board shows a new booking as it commits (its polling is only a fallback).
  await publishLive(trx, {
    companyId: stored.booking.company_id,
    bookingId,
    event: { type: 'jobs', job_ref: jobRef(stored.booking.booking_number, 'outward') },
  });
  const data = answerData(toBookingData(stored), prepared.account.mode);
  await enqueueBookingMails(deps, trx, {
    bookingId,
    data,
    rows,
    prepared,
    payment,
    settings,
    bookedBy,
    existingAccount: register && registeredAlready ? register.email : undefined,
    company: stored.booking,
  });
  await trackFlights(deps, trx, { ...stored.booking, id: bookingId });
  // A phone booking is confirmed as it is made; one made online is received (issue 35).
  await notifyPassenger(deps, trx, {
    bookingId,
    leg: 'outward',
    event: bookedBy ? 'booking_confirmed' : 'booking_received',
  });
  return { bookingId, data };
}

/** The booking's first history entry, and a card payment's charge on the ledger. */
async function recordMade(
  deps: StoreBookingDeps,
  trx: Transaction<Database>,
  bookingId: number,
  prepared: PreparedBooking,
  payment: BookingPayment,
  bookedBy: BookedBy | undefined,
): Promise<void> {
  const paid = payment.method === 'card';
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
            note: CHANGE_MESSAGES.bookedByPhone,
          }
        : {
            actor: 'passenger' as const,
            operatorId: null,
            actorName: 'Passenger',
            to: INITIAL_BOOKING_STATUS,
            note: paid ? CHANGE_MESSAGES.bookedAndPaid : CHANGE_MESSAGES.bookedOnline,
          }),
      from: null,
    },
    trx,
  );
  if (paid && prepared.totalPence > 0) {
    await deps.ledger.charge(trx, {
      bookingId,
      reason: 'booking',
      amountPence: prepared.totalPence,
      provider: deps.providerName,
      providerRef: payment.paymentId,
      checkoutSessionId: payment.checkoutSessionId,
      at: deps.clock(),
    });
  }
}

/**
 * The confirmation, the operator's notice, and (for a new client whose email is registered
 * already) the account owner's mail, all in the booking's transaction.
 */
async function enqueueBookingMails(
  deps: StoreBookingDeps,
  trx: Transaction<Database>,
  made: {
    bookingId: number;
    data: BookingData;
    rows: ReturnType<typeof bookingRows>;
    prepared: PreparedBooking;
    payment: BookingPayment;
    settings: SettingsMap;
    bookedBy: BookedBy | undefined;
    /** The email of the account a new client turned out to have already. */
    existingAccount: string | undefined;
    /** The contacts of the company that has the booking. */
    company: { company_phone: string; company_email: string };
  },
): Promise<void> {
  const { bookingId, data, rows, prepared, payment, settings, bookedBy } = made;
  const mail = {
    data,
    pickupAt: rows.pickupAt,
    returnAt: rows.returnAt,
    durationMinutes: calendarMinutes(
      prepared.bookingType === 'hourly' ? (prepared.form as HourlyForm).pickup_duration : null,
      prepared.distance?.duration,
    ),
    ...bookingContacts(
      { companyPhone: companyPhone(settings), companyEmail: companyEmail(settings) },
      made.company,
    ),
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
  const event = data.booking.status === 'pending' ? 'booking_received' : 'booking_confirmed';
  const wording = await savedMailWording(deps.messageTemplates, trx, event, mailValues(mail));
  await deps.outbox.enqueue({ ...bookingConfirmationMail(mail, wording), capped: !charged }, trx);
  // The operator needs no notice of a booking they took themselves.
  if (mail.operatorEmail && !bookedBy) {
    await deps.outbox.enqueue(operatorBookingNoticeMail(mail), trx);
  }
  if (made.existingAccount !== undefined) {
    await deps.outbox.enqueue(
      accountExistsMail({
        to: made.existingAccount,
        bookingNumber: data.booking.booking_number,
        companyPhone: mail.companyPhone,
        companyEmail: mail.companyEmail,
      }),
      trx,
    );
  }
}
