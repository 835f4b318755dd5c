import { BOOKING_STATUS_LABELS } from '../../../domain/booking-lifecycle';
import type { JobLeg } from '../../../domain/booking-jobs';
import { currencySignOf, formatPounds } from '../../../domain/money';
import { bookingCalendar, calendarContentType } from './booking-calendar';
import type { BookingMailData } from './booking-mail-data';
import {
  contactSection,
  formatLongDate,
  formatTime,
  manageSection,
  renderHtml,
  renderText,
  type MailSection,
} from './mail-format';
import type { MailWording } from './mail-wording';
import type { MailAttachment, OutgoingMail } from './outgoing-mail';
import { passengerMailData } from './passenger-view';

/**
 * What the passenger hears as an operator moves their booking on (issue 21): confirmed, a
 * driver assigned, cancelled, completed with its receipt (issue 22). Each goes through the
 * outbox in the transaction of the change.
 */

export interface LifecycleMailInput extends BookingMailData {
  /** How many changes the booking has had: the calendar copy's SEQUENCE. */
  sequence: number;
}

/**
 * Mail about the operator's own steps (confirmed, driver, cancelled, completed) is never held
 * back by the recipient cap; a mail the passenger's own request causes (a change, their
 * cancellation) counts, since anyone holding the booking's reference and email can cause it.
 */
const UNCAPPED = { capped: false } as const;

/** The booking's reference and its outward pickup: the first rows of every mail about it. */
export function pickupRows(booking: BookingMailData['data']['booking']): MailSection['rows'] {
  return [
    { label: 'Reference ID', value: booking.booking_number },
    { label: 'Pickup', value: booking.pick_up_address },
    { label: 'Drop-off', value: booking.drop_off_address },
    { label: 'Date', value: formatLongDate(booking.pick_up_date) },
    { label: 'Time', value: formatTime(booking.pick_up_time) },
  ];
}

function journeySection(input: BookingMailData): MailSection {
  const { booking } = input.data;
  return {
    title: 'Your journey',
    rows: [
      ...pickupRows(booking),
      {
        label: 'Return',
        value:
          booking.return_date && booking.return_time
            ? `${formatLongDate(booking.return_date)} at ${formatTime(booking.return_time)}`
            : '',
      },
      { label: 'Vehicle', value: booking.vehicle_type },
      { label: 'Operator', value: booking.company_name },
      { label: 'Status', value: BOOKING_STATUS_LABELS[booking.status] },
    ],
  };
}

/** A mail to the passenger about their booking, with the calendar update when its times moved. */
export function lifecycleMail(
  input: LifecycleMailInput,
  parts: {
    kind: string;
    subject: string;
    heading: string;
    intro: string[];
    calendar?: 'update' | 'cancel';
    /** The one journey of a return booking the calendar copy is about: only its event goes. */
    calendarLeg?: JobLeg;
    /** Sent as they are, after any calendar entry. */
    attachments?: MailAttachment[];
    outro?: string[];
    /** Caused by the passenger's own request (a change, a cancellation): under the daily cap. */
    capped?: boolean;
  },
): OutgoingMail {
  // Only what a mail to an unproven address may show (passenger-view.ts).
  const view = { ...input, ...passengerMailData(input) };
  const { booking, passengerDetails } = view.data;
  const sections = [...manageSection(view.manageUrl), journeySection(view), contactSection(view)];
  const outro =
    parts.calendar === 'update'
      ? ['An updated calendar entry is attached.']
      : parts.calendar === 'cancel'
        ? ['The attached calendar update removes the pickup from your calendar.']
        : (parts.outro ?? []);
  const revision = {
    sequence: view.sequence,
    cancelled: parts.calendar === 'cancel',
    ...(parts.calendarLeg ? { leg: parts.calendarLeg } : {}),
  };
  const attachments: MailAttachment[] = [
    ...(parts.calendar
      ? [
          {
            filename: `booking-${booking.booking_number}.ics`,
            contentType: calendarContentType(revision),
            content: bookingCalendar(view, revision),
          },
        ]
      : []),
    ...(parts.attachments ?? []),
  ];
  return {
    kind: parts.kind,
    to: passengerDetails.passenger_email,
    ...(parts.capped ? {} : UNCAPPED),
    subject: parts.subject,
    text: renderText(parts.heading, parts.intro, sections, outro),
    html: renderHtml(parts.heading, parts.intro, sections, outro),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

/**
 * The greeting of a mail to the passenger: from what such a mail may show (passenger-view.ts),
 * so never a name a requester typed; today always "Hello,".
 */
export function greeting(input: BookingMailData): string {
  const name = passengerMailData(input).data.passengerDetails.passenger_name.trim();
  return name ? `Hello ${name},` : 'Hello,';
}

/**
 * The leg of a return booking a mail is about (issue 32), when the change was one leg's: the
 * mail names that journey and its day. Undefined for a booking of one leg, or the whole booking.
 */
export type MailJourney = JobLeg | undefined;

/** "your return journey on Friday 4 December 2026 at 6:00pm". */
function journeyWords(input: BookingMailData, leg: JobLeg): string {
  const { booking } = input.data;
  const date = leg === 'return' ? (booking.return_date ?? '') : booking.pick_up_date;
  const time = leg === 'return' ? (booking.return_time ?? '') : booking.pick_up_time;
  const when = date ? ` on ${formatLongDate(date)}${time ? ` at ${formatTime(time)}` : ''}` : '';
  return `your ${leg} journey${when}`;
}

/** The operator has accepted the booking, or one journey of it. */
export function bookingConfirmedMail(
  input: LifecycleMailInput,
  journey?: MailJourney,
  /** The operator's wording (Messages page); for the whole booking only, as the default's. */
  wording?: MailWording,
): OutgoingMail {
  const { booking } = input.data;
  if (journey) {
    // This leg is confirmed whatever the other's status, which the booking's own may follow.
    const confirmed = { ...input.legStatuses, [journey]: 'confirmed' as const };
    return lifecycleMail(
      { ...input, legStatuses: confirmed },
      {
        kind: 'booking-status-confirmed',
        subject: `Your ${journey} journey (booking ${booking.booking_number}) is confirmed`,
        heading: `Your ${journey} journey is confirmed`,
        intro: [
          greeting(input),
          `${booking.company_name} has confirmed ${journeyWords(input, journey)} (booking ${booking.booking_number}). We will let you know when a driver is assigned.`,
        ],
        calendar: 'update',
        calendarLeg: journey,
      },
    );
  }
  return lifecycleMail(input, {
    kind: 'booking-status-confirmed',
    subject: wording?.subject ?? `Your booking ${booking.booking_number} is confirmed`,
    heading: 'Your booking is confirmed',
    intro: [
      greeting(input),
      wording?.intro ??
        `${booking.company_name} has confirmed your booking ${booking.booking_number}. We will let you know when a driver is assigned.`,
    ],
    calendar: 'update',
  });
}

/**
 * A driver is on the booking: their first name, the vehicle and its registration, and the
 * operator's number to call — never the driver's own.
 */
export function driverAssignedMail(
  input: LifecycleMailInput,
  driver: { name: string; vehicleRegistration: string },
  journey?: MailJourney,
  /** The operator's wording (Messages page), for either journey: it names the driver. */
  wording?: MailWording,
): OutgoingMail {
  const { booking } = input.data;
  const firstName = driver.name.trim().split(/\s+/)[0] ?? driver.name;
  const call = input.companyPhone
    ? `To reach your driver, call us on ${input.companyPhone} and quote ${booking.booking_number}.`
    : `To reach your driver, reply to this email quoting ${booking.booking_number}.`;
  return lifecycleMail(input, {
    kind: 'booking-status-driver-assigned',
    subject:
      wording?.subject ??
      (journey
        ? `Your driver for your ${journey} journey (booking ${booking.booking_number}): ${firstName}`
        : `Your driver for booking ${booking.booking_number}: ${firstName}`),
    heading: 'Your driver is assigned',
    intro: [
      greeting(input),
      ...(journey ? [`This is for ${journeyWords(input, journey)}.`] : []),
      // The vehicle booked; the registration is the one the operator gave for this ride.
      wording?.intro ??
        `Your driver is ${firstName}, in a ${booking.vehicle_type} with registration ${driver.vehicleRegistration}.`,
      call,
    ],
  });
}

/** What happens to the money of a booking the operator cancelled. */
function paymentOutcome(input: BookingMailData): string {
  const { booking } = input.data;
  if (booking.payment_status === 'paid') {
    return `You paid ${formatPounds(booking.total_booking_amount, currencySignOf(booking.currency))} by card: ${booking.company_name} will refund it in full to the card you paid with.`;
  }
  if (booking.payment_status === 'on_account') return 'Nothing will be charged to your account.';
  return 'You were to pay in the car, so there is nothing to pay.';
}

/**
 * The operator cancelled the booking: why, and what happens to any payment (`money`, when a
 * refund was worked out; else the whole card payment is refunded).
 */
export function bookingCancelledMail(
  input: LifecycleMailInput,
  reason: string,
  money?: string,
  journey?: MailJourney,
  /** The operator's wording (Messages page); for the whole booking only, as the default's. */
  wording?: MailWording,
): OutgoingMail {
  const { booking } = input.data;
  if (journey) {
    // One journey of a return booking: the other stands, and so does its calendar entry.
    const date = journey === 'return' ? (booking.return_date ?? '') : booking.pick_up_date;
    return lifecycleMail(input, {
      kind: 'booking-status-cancelled',
      subject: `Your ${journey} journey on ${formatLongDate(date)} is cancelled (booking ${booking.booking_number})`,
      heading: `Your ${journey} journey is cancelled`,
      intro: [
        greeting(input),
        `${booking.company_name} has cancelled ${journeyWords(input, journey)} (booking ${booking.booking_number}). Your other journey is unchanged.`,
        `Reason: ${reason}`,
        money ?? 'There is nothing to refund for this journey.',
      ],
      calendar: 'cancel',
      calendarLeg: journey,
    });
  }
  return lifecycleMail(input, {
    kind: 'booking-status-cancelled',
    subject: wording?.subject ?? `Your booking ${booking.booking_number} is cancelled`,
    heading: 'Your booking is cancelled',
    intro: [
      greeting(input),
      wording?.intro ??
        `${booking.company_name} has cancelled your booking ${booking.booking_number}.`,
      `Reason: ${reason}`,
      money ?? paymentOutcome(input),
    ],
    calendar: 'cancel',
  });
}

/**
 * The journey is over: thanks, with the receipt (bookingReceiptPdf) attached. The PDF is made
 * by the caller, so this stays a pure render like the other mails.
 */
export function bookingCompletedMail(input: LifecycleMailInput, receipt: Buffer): OutgoingMail {
  const { booking } = input.data;
  return lifecycleMail(input, {
    kind: 'booking-status-completed',
    subject: `Your receipt for booking ${booking.booking_number}`,
    heading: 'Thank you for travelling with us',
    intro: [
      greeting(input),
      `Your journey with ${booking.company_name} is completed. Thank you for booking with us.`,
    ],
    outro: [`Your receipt for booking ${booking.booking_number} is attached as a PDF.`],
    attachments: [
      {
        filename: `receipt-${booking.booking_number}.pdf`,
        contentType: 'application/pdf',
        // The outbox stores text: the PDF's bytes travel as base64 and the transport decodes them.
        content: receipt.toString('base64'),
        encoding: 'base64',
      },
    ],
  });
}
