import { createEvents } from 'ics';
import type { EventAttributes } from 'ics';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import type { BookingMailData } from './booking-mail-data';

/** A later copy of a booking's events: same UIDs, a higher SEQUENCE, or their cancellation. */
export interface CalendarRevision {
  /** 0 on the first mail; each later copy higher, so calendars replace the event. */
  sequence: number;
  cancelled?: boolean;
}

/** The Content-Type of the calendar attachment, naming the iTIP method as RFC 6047 asks. */
export function calendarContentType(revision?: CalendarRevision): string {
  return `text/calendar; charset=utf-8; method=${revision?.cancelled ? 'CANCEL' : 'PUBLISH'}`;
}

/**
 * The confirmation's calendar file: one event for the outward pickup and one for the return,
 * at their exact instants in UTC (a calendar shows them in the reader's own zone). A revision
 * sends the same events again with a higher SEQUENCE, or cancels them.
 */
export function bookingCalendar(input: BookingMailData, revision?: CalendarRevision): string {
  const { booking } = input.data;
  const domain = mailDomain(input.companyEmail);
  const totalMinutes = Math.max(1, Math.round(input.durationMinutes));
  const duration =
    totalMinutes % 60 === 0
      ? { hours: totalMinutes / 60 }
      : { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
  const common = {
    startInputType: 'utc',
    startOutputType: 'utc',
    productId: 'ridebook/booking-confirmation',
    method: revision?.cancelled ? 'CANCEL' : 'PUBLISH',
    status: calendarStatus(booking.status, revision),
    sequence: revision?.sequence ?? 0,
    // RFC 5546 wants an organizer on an event that may later be cancelled or replaced.
    ...(input.companyEmail
      ? { organizer: { name: input.data.booking.company_name, email: input.companyEmail } }
      : {}),
    duration,
  } as const;
  const phone = input.companyPhone ? ` Questions: ${input.companyPhone}.` : '';

  const events: EventAttributes[] = [
    {
      ...common,
      uid: `${booking.booking_number}@${domain}`,
      start: input.pickupAt.getTime(),
      title: `Taxi pickup, booking ${booking.booking_number}`,
      location: booking.pick_up_address,
      description: `Booking reference ${booking.booking_number}. ${
        booking.drop_off_address
          ? `From ${booking.pick_up_address} to ${booking.drop_off_address}.`
          : `Pickup at ${booking.pick_up_address}.`
      }${phone}`,
    },
  ];
  if (input.returnAt && booking.return_pickup_address) {
    events.push({
      ...common,
      uid: `${booking.booking_number}-return@${domain}`,
      start: input.returnAt.getTime(),
      title: `Return taxi pickup, booking ${booking.booking_number}`,
      location: booking.return_pickup_address,
      description: `Booking reference ${booking.booking_number} (return). From ${
        booking.return_pickup_address
      }${booking.return_dropoff_address ? ` to ${booking.return_dropoff_address}` : ''}.${phone}`,
    });
  }

  const { error, value } = createEvents(events);
  // Only malformed input fails here (a bad date); that is a bug in the caller, not bad mail.
  if (error || !value) throw error ?? new Error('Calendar could not be built');
  return value;
}

/**
 * The event's STATUS: a booking the operator has not confirmed yet (Pending, also after a
 * passenger's change sent it back) is TENTATIVE; once confirmed, the next copy (same UID, higher
 * SEQUENCE) says CONFIRMED; a cancellation CANCELLED.
 */
export function calendarStatus(
  status: BookingStatus,
  revision?: CalendarRevision,
): 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED' {
  if (revision?.cancelled || status === 'cancelled') return 'CANCELLED';
  return status === 'pending' ? 'TENTATIVE' : 'CONFIRMED';
}

/** The domain part of the operator's address, for globally unique calendar UIDs. */
function mailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = at >= 0 ? email.slice(at + 1).trim() : '';
  return domain || 'ridebook.invalid';
}
