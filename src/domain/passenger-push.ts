/**
 * The passenger's notifications on their phone (issue 35): what the booking page and the API
 * say about "Notify me on this phone", in one place.
 */

/** How many browsers may follow one booking; a newer one takes the oldest's place. */
export const PUSH_BROWSERS_PER_BOOKING = 5;

export const PASSENGER_PUSH_TEXTS = {
  section: 'Notifications',
  turnOn: 'Notify me on this phone',
  turnOff: 'Turn off',
  offLine:
    'Get a notification on this phone when your booking is confirmed, when your driver is on the way and when they arrive.',
  on: 'Notifications are on for this phone.',
  blocked:
    'Notifications are blocked for this site. To allow them, open your browser’s settings for this site (the icon beside the address, or Settings › Notifications on a phone), allow notifications, then press the button again.',
  failed: 'We could not turn on notifications on this phone. Please try again.',
  offFailed: 'We could not turn notifications off. Please try again.',
  homeScreenOnly:
    'On an iPhone, notifications work only from the Home Screen: tap Share, then Add to Home Screen, and open this page from there.',
  /** The 409 of a subscription to a booking that is completed, cancelled or a no-show. */
  bookingOver: 'This booking is over, so there is nothing more to notify you about.',
} as const;

/** A notification's title: the booking it is about. */
export function pushTitle(bookingNumber: string): string {
  return `Booking ${bookingNumber}`;
}
