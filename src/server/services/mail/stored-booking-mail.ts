import type { JobLeg } from '../../../domain/booking-jobs';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import type { StoredBooking } from '../../repositories/bookings-repository';
import { toBookingData } from '../bookings/booking-data-mapper';
import type { PricedJourney } from '../pricing/priced-journey';
import type { BookingMailData } from './booking-mail-data';
import { bookingContacts } from './company-contacts';

/** A journey's length for the calendar when none was measured. */
const DEFAULT_JOURNEY_MINUTES = 60;

/** A booking's length in its calendar entry: the hours hired, else the measured journey. */
export function calendarMinutes(hourlyHours: number | null, measuredMinutes?: number): number {
  return hourlyHours !== null ? hourlyHours * 60 : (measuredMinutes ?? DEFAULT_JOURNEY_MINUTES);
}

/**
 * A stored booking as its mails are made from it, with the contact details of the site and
 * of the company that has it (bookingContacts) and,
 * when given, its jobs' statuses (each calendar event states its own leg's).
 */
export function storedBookingMailData(
  stored: StoredBooking,
  contacts: { companyPhone: string; companyEmail: string },
  manageUrl?: string,
  jobs?: readonly { leg: JobLeg; status: BookingStatus }[],
): BookingMailData {
  const { booking } = stored;
  const measured = (booking.distance as { duration?: number } | null)?.duration;
  return {
    data: toBookingData(stored),
    pickupAt: new Date(booking.pickup_at),
    returnAt: booking.return_at ? new Date(booking.return_at) : null,
    ...(jobs ? { legStatuses: Object.fromEntries(jobs.map((job) => [job.leg, job.status])) } : {}),
    durationMinutes: calendarMinutes(booking.hourly_duration, measured),
    ...bookingContacts(contacts, booking),
    pricedJourney: (booking.priced_journey as PricedJourney | null) ?? null,
    pickupPosition:
      booking.pickup_lat === null || booking.pickup_lng === null
        ? null
        : { lat: booking.pickup_lat, lng: booking.pickup_lng },
    ...(manageUrl ? { manageUrl } : {}),
  };
}
