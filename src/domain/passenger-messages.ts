/**
 * What the passenger is told, and when (issue 35): each event's text message, and for the
 * events that send mail, the mail's subject and opening paragraph. These are the defaults the
 * operator's Messages page starts from and returns to with Reset to default; the words are
 * filled from the placeholders below. One home for both the SMS sender and the Messages page.
 */

export const MESSAGE_EVENTS = [
  'booking_received',
  'booking_confirmed',
  'driver_assigned',
  'driver_on_the_way',
  'driver_arrived',
  'pickup_moved',
  'booking_cancelled',
] as const;

export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

/** Every placeholder a template may use; anything else in braces is refused by name. */
export const MESSAGE_PLACEHOLDERS = [
  'first_name',
  'booking_number',
  'pickup_time',
  'vehicle',
  'registration',
  'driver_first_name',
  'tracking_link',
  'company_phone',
  'flight_arrival',
] as const;

export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];

export type MessageValues = Record<MessagePlaceholder, string>;

export interface MessageTemplate {
  /** The mail's subject and opening paragraph; null for an event told by text and push only. */
  subject: string | null;
  intro: string | null;
  sms: string;
}

export const MESSAGE_EVENT_LABELS: Record<MessageEvent, string> = {
  booking_received: 'Booking received',
  booking_confirmed: 'Booking confirmed',
  driver_assigned: 'Driver assigned',
  driver_on_the_way: 'Driver on the way',
  driver_arrived: 'Driver arrived',
  pickup_moved: 'Pickup moved for a flight',
  booking_cancelled: 'Booking cancelled',
};

export const DEFAULT_MESSAGES: Record<MessageEvent, MessageTemplate> = {
  booking_received: {
    subject: 'Booking received: {booking_number}',
    intro: 'Thank you, {first_name}. Your booking reference is {booking_number}.',
    sms: 'Hi {first_name}, we have your booking {booking_number} for {pickup_time}. We will text you when it is confirmed. {tracking_link}',
  },
  booking_confirmed: {
    subject: 'Your booking {booking_number} is confirmed',
    intro: 'Your booking {booking_number} for {pickup_time} is confirmed.',
    sms: 'Hi {first_name}, your booking {booking_number} for {pickup_time} is confirmed. Manage it: {tracking_link}',
  },
  driver_assigned: {
    subject: 'Your driver for booking {booking_number}: {driver_first_name}',
    intro: 'Your driver is {driver_first_name}, in a {vehicle} with registration {registration}.',
    sms: 'Your driver for {booking_number} is {driver_first_name}: {vehicle}, registration {registration}. Pickup {pickup_time}.',
  },
  driver_on_the_way: {
    subject: null,
    intro: null,
    sms: '{driver_first_name} is on the way in a {vehicle}, registration {registration}. Follow the car: {tracking_link}',
  },
  driver_arrived: {
    subject: null,
    intro: null,
    sms: '{driver_first_name} has arrived at your pickup point: {vehicle}, registration {registration}. Details: {tracking_link}',
  },
  pickup_moved: {
    subject: null,
    intro: null,
    sms: 'Your flight is now due at {flight_arrival}; your driver will meet you at {pickup_time}. {tracking_link}',
  },
  booking_cancelled: {
    subject: 'Your booking {booking_number} is cancelled',
    intro: 'Your booking {booking_number} for {pickup_time} is cancelled.',
    sms: 'Your booking {booking_number} for {pickup_time} is cancelled. Questions? Call {company_phone}.',
  },
};

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholders a text uses that are not in MESSAGE_PLACEHOLDERS, each named once. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(MESSAGE_PLACEHOLDERS);
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!known.has(match[1] ?? '')) unknown.add(match[1] ?? '');
  }
  return [...unknown];
}

/** The text with each known placeholder filled in. */
export function fillMessage(text: string, values: MessageValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as MessagePlaceholder] : whole,
  );
}
