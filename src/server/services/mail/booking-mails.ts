import type { BookingRecord } from '../../../contract/bookings';
import { legExtrasLines, legExtrasSections } from '../../../contract/leg-extras-lines';
import { breakdownLines } from '../../../contract/price-details';
import { BOOKING_STATUS_LABELS } from '../../../domain/booking-lifecycle';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import { currencySignOf, formatPounds } from '../../../domain/money';
import {
  PASSENGER_PAYMENT_METHOD_LABELS,
  PASSENGER_PAYMENT_STATUS_LABELS,
} from '../../../domain/payment-labels';
import { bookedStopLine } from '../../../domain/stops';
import { bookingCalendar } from './booking-calendar';
import type { BookingMailData } from './booking-mail-data';
import {
  contactSection,
  formatLondonDateTime,
  formatLongDate,
  manageSection,
  formatTime,
  renderHtml,
  renderText,
  type MailRow,
  type MailSection,
} from './mail-format';
import type { MailWording } from './mail-wording';
import type { OutgoingMail } from './outgoing-mail';
import { passengerMailData, TYPED_DETAILS_NOTE } from './passenger-view';
import {
  pickupPositionRows,
  pricedJourneySection,
  unplacedPositionRows,
} from './priced-journey-rows';

/**
 * The confirmation to the passenger, with an .ics calendar attachment: every detail but the
 * free text the booker typed (name, contact number, notes, travel numbers), which a mail to an
 * address nobody proved is theirs never carries (passenger-view.ts); the booking page has it.
 */
export function bookingConfirmationMail(
  booked: BookingMailData,
  /** The operator's wording (Messages page): Booking received, or confirmed for a phone one. */
  wording?: MailWording,
): OutgoingMail {
  const input = passengerMailData(booked);
  const { booking, passengerDetails } = input.data;
  const heading = BOOKING_MESSAGES.quoteConfirmed;
  const greeting = passengerDetails.passenger_name
    ? `Thank you, ${passengerDetails.passenger_name}.`
    : 'Thank you.';
  const intro = [
    wording?.intro ?? `${greeting} Your booking reference is ${booking.booking_number}.`,
    'Please keep this email: quote the reference if you contact us about the booking.',
    ...(booking.status === 'pending'
      ? ['We will email you again when the operator confirms it, and when your driver is assigned.']
      : []),
  ];
  const sections = [
    ...manageSection(input.manageUrl),
    ...bookingSections(input),
    contactSection(input),
  ];
  const outro = [
    ...(input.manageUrl ? [TYPED_DETAILS_NOTE] : []),
    input.returnAt
      ? 'Calendar entries for your outward and return pickups are attached.'
      : 'A calendar entry for your pickup is attached.',
  ];
  return {
    kind: 'booking-confirmation',
    to: passengerDetails.passenger_email,
    // A booking made online is received, not yet confirmed: the operator confirms it next, and
    // that is its own mail (lifecycle-mails.ts). A phone booking is confirmed as it is made.
    subject:
      wording?.subject ??
      `Booking ${booking.status === 'pending' ? 'received' : 'confirmed'}: ${booking.booking_number}`,
    text: renderText(heading, intro, sections, outro),
    html: renderHtml(heading, intro, sections, outro),
    attachments: [
      {
        filename: `booking-${booking.booking_number}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: bookingCalendar(input),
      },
    ],
  };
}

/** The new-booking notice to the company that has it (else FROM_EMAIL). */
export function operatorBookingNoticeMail(input: BookingMailData): OutgoingMail {
  const { booking, passengerDetails } = input.data;
  const heading = `New booking ${booking.booking_number}`;
  const pickup = `${formatLongDate(booking.pick_up_date)} at ${formatTime(booking.pick_up_time)}`;
  const intro = [
    `A new booking has been made: pickup ${pickup} from ${booking.pick_up_address}.`,
    `Passenger: ${passengerDetails.passenger_name} (${passengerDetails.passenger_contact_no}, ${passengerDetails.passenger_email}).`,
  ];
  const sections = bookingSections(input);
  // Beside the journey it describes, before the vehicle and passenger.
  const journeyEnd = sections.findIndex((section) => section.title === 'Vehicle');
  if (input.pricedJourney) {
    sections.splice(journeyEnd, 0, pricedJourneySection(input.pricedJourney));
  }
  return {
    kind: 'operator-new-booking',
    to: input.operatorEmail ?? input.companyEmail,
    // The operator's own address: not a stranger's inbox to protect.
    capped: false,
    ...(passengerDetails.passenger_email ? { replyTo: passengerDetails.passenger_email } : {}),
    subject: `New booking: ${booking.booking_number}, ${pickup}`,
    text: renderText(heading, intro, sections, []),
    html: renderHtml(heading, intro, sections, []),
  };
}

/** A leg's extras asked for, as rows of its journey's section. */
function extrasRows(leg: MailLeg): MailRow[] {
  return leg ? legExtrasLines(leg, { askedOnly: true }) : [];
}

/** Every detail of data.booking, data.bookingStops and data.passengerDetails, grouped. */
function bookingSections(input: BookingMailData): MailSection[] {
  const { booking, passengerDetails } = input.data;
  const hourly = booking.ride_type === 'H' || booking.journey_type === 'hourly';
  // Each leg's own extras under its journey (issue 30): the way back is not the way out.
  const legs = legExtrasSections(input.data.legExtras).map((section) => section.leg);
  return [
    summarySection(booking, hourly),
    outwardSection(input, hourly, legs[0]),
    ...(booking.return_date || booking.return_pickup_address
      ? [returnSection(input, legs[1])]
      : []),
    vehicleSection(booking),
    passengerSection(passengerDetails),
    paymentSection(booking),
  ];
}

type MailLeg = Parameters<typeof legExtrasLines>[0] | undefined;

function summarySection(booking: BookingRecord, hourly: boolean): MailSection {
  return {
    title: 'Booking',
    rows: [
      { label: 'Reference ID', value: booking.booking_number },
      {
        label: 'Booking Type',
        value: hourly ? BOOKING_MESSAGES.hourlyBooking : BOOKING_MESSAGES.normalBooking,
      },
      { label: 'Journey', value: journeyLabel(booking) },
      { label: 'Status', value: BOOKING_STATUS_LABELS[booking.status] },
      { label: 'Booked on', value: formatLondonDateTime(booking.created_at) },
    ],
  };
}

function outwardSection(input: BookingMailData, hourly: boolean, leg: MailLeg): MailSection {
  const { booking, bookingStops } = input.data;
  return {
    title: hourly ? 'Pickup' : 'Outward journey',
    rows: [
      { label: 'Pickup', value: booking.pick_up_address },
      // Where the driver goes when the pickup came from the passenger's position.
      ...pickupPositionRows(input.pickupPosition ?? null),
      { label: 'Drop-off', value: booking.drop_off_address },
      ...unplacedPositionRows(input.pricedJourney ?? null, false),
      ...bookingStops.map((stop, index): MailRow => ({
        label: `Stop ${index + 1}`,
        value: bookedStopLine(stop),
      })),
      { label: 'Date', value: formatLongDate(booking.pick_up_date) },
      { label: 'Time', value: formatTime(booking.pick_up_time) },
      {
        label: 'Duration',
        value:
          booking.hourly_duration === null
            ? ''
            : `${booking.hourly_duration} ${booking.hourly_duration === 1 ? 'hour' : 'hours'}`,
      },
      { label: 'Flight / train / ferry number', value: booking.flight_no },
      ...extrasRows(leg),
    ],
  };
}

function returnSection(input: BookingMailData, leg: MailLeg): MailSection {
  const { booking } = input.data;
  return {
    title: 'Return journey',
    rows: [
      { label: 'Pickup', value: booking.return_pickup_address ?? '' },
      { label: 'Drop-off', value: booking.return_dropoff_address ?? '' },
      ...unplacedPositionRows(input.pricedJourney ?? null, true),
      { label: 'Date', value: booking.return_date ? formatLongDate(booking.return_date) : '' },
      { label: 'Time', value: booking.return_time ? formatTime(booking.return_time) : '' },
      { label: 'Flight / train / ferry number', value: booking.return_flight_no },
      ...extrasRows(leg),
    ],
  };
}

function vehicleSection(booking: BookingRecord): MailSection {
  return {
    title: 'Vehicle',
    rows: [
      { label: 'Vehicle', value: booking.vehicle_type },
      { label: 'Operator', value: booking.company_name },
      { label: 'Number of vehicles', value: String(booking.vehicle_count) },
    ],
  };
}

function passengerSection(
  passengerDetails: BookingMailData['data']['passengerDetails'],
): MailSection {
  return {
    title: 'Passenger details',
    rows: [
      { label: 'Name', value: passengerDetails.passenger_name },
      { label: 'Email', value: passengerDetails.passenger_email },
      { label: 'Phone', value: passengerDetails.passenger_contact_no },
      { label: 'Passengers', value: String(passengerDetails.total_passengers) },
      { label: 'Additional information', value: passengerDetails.additional_info },
      {
        label: 'Return additional information',
        value: passengerDetails.return_additional_info,
      },
    ],
  };
}

function paymentSection(booking: BookingRecord): MailSection {
  return {
    title: 'Payment',
    rows: [
      {
        label: 'Payment method',
        value: PASSENGER_PAYMENT_METHOD_LABELS[booking.payment_method],
      },
      {
        label: 'Payment status',
        value: PASSENGER_PAYMENT_STATUS_LABELS[booking.payment_status],
      },
      ...breakdownLines(booking.breakdown).map((line): MailRow => ({
        label: line.label,
        value: formatPounds(line.amount, currencySignOf(booking.currency)),
      })),
      {
        label: 'Total',
        value: formatPounds(booking.total_booking_amount, currencySignOf(booking.currency)),
      },
    ],
  };
}

function journeyLabel(booking: BookingRecord): string {
  if (booking.journey_type === 'hourly') return 'Hourly hire';
  return booking.journey_type === 'return' ? 'Return' : 'One way';
}
