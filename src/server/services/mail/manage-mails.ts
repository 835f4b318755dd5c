import type { JobLeg } from '../../../domain/booking-jobs';
import type { BookingMailData } from './booking-mail-data';
import { greeting, lifecycleMail, pickupRows, type LifecycleMailInput } from './lifecycle-mails';
import {
  formatLongDate,
  formatTime,
  renderHtml,
  renderText,
  type MailSection,
} from './mail-format';
import type { OutgoingMail } from './outgoing-mail';

/**
 * What the passenger and the operator hear when the passenger changes or cancels a booking on
 * its page (issue 22). Queued in the transaction of the change, like every booking mail.
 */

/**
 * The passenger changed their booking: what changed, what happens to the money. A change of
 * one journey of a return booking (`journey`) updates only that journey's calendar entry.
 */
export function bookingChangedMail(
  input: LifecycleMailInput,
  change: {
    summary: string[];
    money: string;
    timesMoved: boolean;
    backToPending: boolean;
    journey?: JobLeg;
  },
): OutgoingMail {
  const { booking } = input.data;
  return lifecycleMail(input, {
    kind: 'booking-changed',
    subject: `Your booking ${booking.booking_number} has been changed`,
    heading: 'Your booking has been changed',
    intro: [
      greeting(input),
      `We have saved your changes to booking ${booking.booking_number}: ${change.summary.join('; ')}.`,
      change.money,
      ...(change.backToPending
        ? [`${booking.company_name} will confirm the new time; we will email you when they do.`]
        : []),
    ],
    ...(change.timesMoved ? { calendar: 'update' as const } : {}),
    ...(change.journey ? { calendarLeg: change.journey } : {}),
    // The passenger's own request, repeatable by anyone with the reference and email: capped.
    capped: true,
  });
}

/** A difference was paid but the change could not be made: why, and the refund. */
export function changeNotMadeMail(
  input: LifecycleMailInput,
  outcome: { reason: string; money: string },
): OutgoingMail {
  const { booking } = input.data;
  return lifecycleMail(input, {
    kind: 'booking-change-not-made',
    subject: `Your change to booking ${booking.booking_number} could not be made`,
    heading: 'Your change could not be made',
    intro: [greeting(input), outcome.reason, outcome.money, 'Your booking stays as it was.'],
  });
}

/** The passenger cancelled: what they are refunded, or that there is nothing to pay. */
export function passengerCancelledMail(input: LifecycleMailInput, money: string): OutgoingMail {
  const { booking } = input.data;
  return lifecycleMail(input, {
    kind: 'booking-cancelled-by-passenger',
    subject: `Your booking ${booking.booking_number} is cancelled`,
    heading: 'Your booking is cancelled',
    intro: [greeting(input), `You have cancelled booking ${booking.booking_number}.`, money],
    calendar: 'cancel',
    capped: true,
  });
}

/**
 * The passenger cancelled the return leg alone (issue 32): the mail names the journey and its
 * day; the outward leg stands.
 */
export function passengerReturnCancelledMail(
  input: LifecycleMailInput,
  returnLeg: { date: string; time: string },
  money: string,
): OutgoingMail {
  const { booking } = input.data;
  const when = `${formatLongDate(returnLeg.date)} at ${formatTime(returnLeg.time)}`;
  return lifecycleMail(input, {
    kind: 'booking-return-cancelled-by-passenger',
    subject: `Your return journey on ${formatLongDate(returnLeg.date)} is cancelled (booking ${booking.booking_number})`,
    heading: 'Your return journey is cancelled',
    intro: [
      greeting(input),
      `You have cancelled the return journey of booking ${booking.booking_number}, ${when}. Your outward journey is unchanged.`,
      money,
    ],
    calendar: 'cancel',
    calendarLeg: 'return',
    capped: true,
  });
}

function operatorSections(input: BookingMailData): MailSection[] {
  const { booking, passengerDetails } = input.data;
  return [
    {
      title: 'Booking',
      rows: [
        ...pickupRows(booking),
        { label: 'Vehicle', value: booking.vehicle_type },
        { label: 'Passenger', value: passengerDetails.passenger_name },
        { label: 'Phone', value: passengerDetails.passenger_contact_no },
        { label: 'Email', value: passengerDetails.passenger_email },
      ],
    },
  ];
}

function operatorMail(
  input: BookingMailData,
  parts: { kind: string; subject: string; heading: string; intro: string[] },
): OutgoingMail {
  const sections = operatorSections(input);
  const email = input.data.passengerDetails.passenger_email;
  return {
    kind: parts.kind,
    to: input.operatorEmail ?? input.companyEmail,
    // The operator's own mailbox: not a stranger's inbox to protect.
    capped: false,
    ...(email ? { replyTo: email } : {}),
    subject: parts.subject,
    text: renderText(parts.heading, parts.intro, sections, []),
    html: renderHtml(parts.heading, parts.intro, sections, []),
  };
}

/** To the operator: the passenger changed the booking, and whether it needs confirming again. */
export function operatorBookingChangedMail(
  input: BookingMailData,
  change: { summary: string[]; money: string; backToPending: boolean },
): OutgoingMail {
  const { booking } = input.data;
  return operatorMail(input, {
    kind: 'operator-booking-changed',
    subject: `Booking ${booking.booking_number} changed by the passenger`,
    heading: `Booking ${booking.booking_number} changed`,
    intro: [
      `The passenger changed booking ${booking.booking_number}: ${change.summary.join('; ')}.`,
      change.money,
      ...(change.backToPending
        ? ['The booking is Pending again: please confirm it and assign a driver for the new time.']
        : []),
    ],
  });
}

/** To the operator: the passenger cancelled, and what was refunded. */
export function operatorPassengerCancelledMail(
  input: BookingMailData,
  reason: string,
  money: string,
  returnOnly = false,
): OutgoingMail {
  const { booking } = input.data;
  // The return journey alone (issue 32): the job n-R is off the board; the outward one stands.
  const what = returnOnly
    ? `the return journey (${booking.booking_number}-R) of booking ${booking.booking_number}`
    : `booking ${booking.booking_number}`;
  return operatorMail(input, {
    kind: 'operator-booking-cancelled',
    subject: returnOnly
      ? `Return journey of booking ${booking.booking_number} cancelled by the passenger`
      : `Booking ${booking.booking_number} cancelled by the passenger`,
    heading: returnOnly
      ? `Return journey ${booking.booking_number}-R cancelled`
      : `Booking ${booking.booking_number} cancelled`,
    intro: [
      `The passenger cancelled ${what}.${returnOnly ? ' The outward journey stands.' : ''}`,
      ...(reason ? [`Reason: ${reason}`] : []),
      money,
    ],
  });
}
