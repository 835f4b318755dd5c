import { createEvents } from 'ics';
import type { EventAttributes } from 'ics';
import { JOB_LEG_LABELS, jobRef, type JobLeg } from '../../../domain/booking-jobs';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import type { BookingMailData } from './booking-mail-data';

/** A later copy of a booking's events: same UIDs, a higher SEQUENCE, or their cancellation. */
export interface CalendarRevision {
  /** 0 on the first mail; each later copy higher, so calendars replace the event. */
  sequence: number;
  cancelled?: boolean;
  /**
   * The one journey of a return booking the mail is about (issue 32): only its event is sent,
   * so the other journey's entry stays as the calendar has it.
   */
  leg?: JobLeg;
}

/** The Content-Type of the calendar attachment, naming the iTIP method as RFC 6047 asks. */
export function calendarContentType(revision?: CalendarRevision): string {
  return `text/calendar; charset=utf-8; method=${revision?.cancelled ? 'CANCEL' : 'PUBLISH'}`;
}

/**
 * The booking's calendar file: an event per job (issue 32), the outward pickup and the
 * return's, each at its exact instant in UTC (a calendar shows it in the reader's own zone)
 * and with a UID of its own made from the job's reference. A revision sends the same events
 * again with a higher SEQUENCE, or cancels them; a revision about one leg sends that leg's only.
 */
export function bookingCalendar(input: BookingMailData, revision?: CalendarRevision): string {
  const legs = calendarLegs(input);
  const sent = revision?.leg === undefined ? legs : legs.filter((leg) => leg === revision.leg);
  const { error, value } = createEvents(sent.map((leg) => legEvent(input, leg, legs, revision)));
  // Only malformed input fails here (a bad date); that is a bug in the caller, not bad mail.
  if (error || !value) throw error ?? new Error('Calendar could not be built');
  return value;
}

/** The legs with a pickup to put in a calendar: the outward one, and the return when set. */
function calendarLegs(input: BookingMailData): JobLeg[] {
  const hasReturn = input.returnAt !== null && input.data.booking.return_pickup_address !== null;
  return hasReturn ? ['outward', 'return'] : ['outward'];
}

/** One leg's event. A one-way booking's reads as before jobs: "Taxi pickup, booking …". */
function legEvent(
  input: BookingMailData,
  leg: JobLeg,
  legs: readonly JobLeg[],
  revision: CalendarRevision | undefined,
): EventAttributes {
  const { booking } = input.data;
  const number = booking.booking_number;
  const phone = input.companyPhone ? ` Questions: ${input.companyPhone}.` : '';
  const common = {
    startInputType: 'utc',
    startOutputType: 'utc',
    productId: 'ridebook/booking-confirmation',
    method: revision?.cancelled ? 'CANCEL' : 'PUBLISH',
    status: calendarStatus(input.legStatuses?.[leg] ?? booking.status, revision),
    sequence: revision?.sequence ?? 0,
    // RFC 5546 wants an organizer on an event that may later be cancelled or replaced.
    ...(input.companyEmail
      ? { organizer: { name: booking.company_name, email: input.companyEmail } }
      : {}),
    duration: eventDuration(input.durationMinutes),
    // Stable per job, so each later copy replaces this leg's event and no other.
    uid: `${jobRef(number, leg)}@${mailDomain(input.companyEmail)}`,
    title:
      legs.length > 1
        ? `${JOB_LEG_LABELS[leg]} journey: taxi pickup, booking ${number}`
        : `Taxi pickup, booking ${number}`,
  } as const;
  if (leg === 'return') {
    const from = booking.return_pickup_address ?? '';
    return {
      ...common,
      start: (input.returnAt ?? input.pickupAt).getTime(),
      location: from,
      description: `Booking reference ${number} (return). From ${from}${
        booking.return_dropoff_address ? ` to ${booking.return_dropoff_address}` : ''
      }.${phone}`,
    };
  }
  return {
    ...common,
    start: input.pickupAt.getTime(),
    location: booking.pick_up_address,
    description: `Booking reference ${number}. ${
      booking.drop_off_address
        ? `From ${booking.pick_up_address} to ${booking.drop_off_address}.`
        : `Pickup at ${booking.pick_up_address}.`
    }${phone}`,
  };
}

/** The journey's length in the calendar, at least a minute. */
function eventDuration(minutes: number): { hours: number; minutes?: number } {
  const total = Math.max(1, Math.round(minutes));
  return total % 60 === 0
    ? { hours: total / 60 }
    : { hours: Math.floor(total / 60), minutes: total % 60 };
}

/**
 * The event's STATUS: a leg the operator has not confirmed yet (Pending, also after a
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
