import type { BookingData } from '../../../contract/bookings';
import type { OutgoingMail } from './outgoing-mail';

/**
 * What a booking's messages are rendered from: the booking as POST /booking answers it, the
 * exact pickup instants for the calendar entry, and the operator's contact details.
 */
export interface BookingMailData {
  data: BookingData;
  /** Outward pickup instant (UTC). */
  pickupAt: Date;
  /** Return pickup instant, when there is a return. */
  returnAt: Date | null;
  /** Estimated minutes of the outward journey (hourly: the hire's length), for the calendar. */
  durationMinutes: number;
  /** Company_Contact_Info and FROM_EMAIL settings. */
  companyPhone: string;
  companyEmail: string;
}

/** The confirmation to the passenger: every detail, with an .ics calendar attachment. */
export function bookingConfirmationMail(input: BookingMailData): OutgoingMail {
  const { booking } = input.data;
  // Placeholder until the mail templates land.
  const text = `Booking ${booking.booking_number} confirmed.`;
  return {
    kind: 'booking-confirmation',
    to: input.data.passengerDetails.passenger_email,
    subject: `Booking confirmed: ${booking.booking_number}`,
    text,
    html: `<p>${text}</p>`,
  };
}

/** The new-booking notice to the operator (FROM_EMAIL). */
export function operatorBookingNoticeMail(input: BookingMailData): OutgoingMail {
  const { booking } = input.data;
  const text = `New booking ${booking.booking_number}.`;
  return {
    kind: 'operator-new-booking',
    to: input.companyEmail,
    subject: `New booking: ${booking.booking_number}`,
    text,
    html: `<p>${text}</p>`,
  };
}
