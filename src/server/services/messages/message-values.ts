import { addDays, todayInLondon } from '../../../domain/uk-time';
import type { MessageValues } from '../../../domain/passenger-messages';
import { formatLongDate, formatTime } from '../mail/mail-format';

/** A pickup as the mails word it: 'Saturday 21 November 2026 at 09:30'. */
export function pickupTimeWords(date: string, time: string): string {
  return `${formatLongDate(date)} at ${formatTime(time)}`;
}

/** A driver's first name, as the mails give it (never their whole name). */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** The sample booking the Messages page previews with: booking like the demo's. */
export const SAMPLE_BOOKING_NUMBER = '710000042';

/**
 * The values of the sample booking (issue 35's preview): Sarah's pickup tomorrow at 09:30 in
 * a Mercedes-Benz E-Class, James driving, with the site's tracking link and the company phone.
 */
export function sampleValues(options: {
  now: Date;
  siteOrigin: string;
  companyPhone: string;
}): MessageValues {
  return {
    first_name: 'Sarah',
    booking_number: SAMPLE_BOOKING_NUMBER,
    pickup_time: pickupTimeWords(addDays(todayInLondon(options.now), 1), '09:30'),
    vehicle: 'Mercedes-Benz E-Class',
    registration: 'LB71 XKE',
    driver_first_name: 'James',
    tracking_link: `${options.siteOrigin}/manage-booking/${SAMPLE_BOOKING_NUMBER}`,
    company_phone: options.companyPhone,
    flight_arrival: '08:45',
  };
}

/**
 * A filled mail text tidied where an empty value left a gap: a mail never carries the name
 * the booker typed (passenger-view.ts), so "Thank you, {first_name}." reads "Thank you.".
 */
export function tidyGaps(text: string): string {
  return text
    .replace(/[ \t]*,(?=[ \t]*[.!?,;:])/g, '')
    .replace(/[ \t]+(?=[.!?,;:])/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
