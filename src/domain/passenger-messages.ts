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

/** What each placeholder is filled with, as the Messages page lists them. */
export const MESSAGE_PLACEHOLDER_HINTS: Record<MessagePlaceholder, string> = {
  first_name: 'the passenger’s first name (left out of mail)',
  booking_number: 'the booking’s reference',
  pickup_time: 'the pickup’s day and time',
  vehicle: 'the vehicle booked',
  registration: 'the registration of the car sent',
  driver_first_name: 'the driver’s first name',
  tracking_link: 'the passenger’s booking page, where the car can be followed',
  company_phone: 'the operator’s phone number',
  flight_arrival: 'the flight’s new arrival time',
};

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

/**
 * A text's words for a notification, which opens the booking page itself: the {tracking_link}
 * left out, with the words of its own sentence that lead to it ("Follow the car: ").
 */
export function withoutLink(text: string): string {
  return text
    .replace(/(^|[.!?;])[^.!?;:{}]*:[ \t]*\{tracking_link\}/g, '$1')
    .replace(/[ \t]*\{tracking_link\}/g, '')
    .trim();
}

/** The text with each known placeholder filled in. */
export function fillMessage(text: string, values: MessageValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as MessagePlaceholder] : whole,
  );
}

// GSM 03.38: a text of these characters goes 7 bits each; one of the extension table's costs
// two (an escape, then the character). Anything else sends the whole text as UCS-2.
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

export interface SmsLength {
  /** Characters as the network counts them: GSM-7 septets, or UCS-2 code units. */
  characters: number;
  /** How many messages the network sends it as (0 for an empty text). */
  parts: number;
  encoding: 'gsm-7' | 'ucs-2';
}

/**
 * How long a text message is and how many parts it is sent in: GSM-7 fits 160 in one message
 * and 153 a part when split (the rest carries the joining header); UCS-2 70 and 67.
 */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENSION.includes(char)) septets += 2;
    else {
      // UTF-16 code units: an emoji outside the BMP is two of them on the wire too.
      const characters = text.length;
      const parts = characters <= 70 ? (characters === 0 ? 0 : 1) : Math.ceil(characters / 67);
      return { characters, parts, encoding: 'ucs-2' };
    }
  }
  const parts = septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153);
  return { characters: septets, parts, encoding: 'gsm-7' };
}

/** How many messages a text is sent as (smsLength's parts). */
export function smsParts(text: string): number {
  return smsLength(text).parts;
}

/** "112 characters, 1 SMS part": the length line the Messages page shows under a text. */
export function smsLengthLine(text: string): string {
  return smsLengthWords(smsLength(text));
}

/** A length as words: "112 characters, 1 SMS part". */
export function smsLengthWords({ characters, parts }: Pick<SmsLength, 'characters' | 'parts'>) {
  return `${characters} ${characters === 1 ? 'character' : 'characters'}, ${parts} SMS ${parts === 1 ? 'part' : 'parts'}`;
}

/** The events that send mail: their default has a subject and an opening paragraph. */
export function eventHasMail(event: MessageEvent): boolean {
  return DEFAULT_MESSAGES[event].subject !== null;
}

/** "Unknown placeholder {driver_name}: use one of {first_name}, …": the refusal of one. */
export function unknownPlaceholderMessage(name: string): string {
  const known = MESSAGE_PLACEHOLDERS.map((placeholder) => `{${placeholder}}`).join(', ');
  return `Unknown placeholder {${name}}: use one of ${known}`;
}

/** What the Messages page and its API say (issue 35). */
export const MESSAGE_TEMPLATE_TEXTS = {
  /** A subject or opening paragraph given for an event that sends no mail. */
  textOnly: (field: 'subject' | 'intro', event: MessageEvent) =>
    `${MESSAGE_EVENT_LABELS[event]} is told by text message only, so it has no ${field === 'subject' ? 'mail subject' : 'opening paragraph'}: leave ${field} out`,
  /** A mail event saved without its subject or opening paragraph. */
  mailNeeds: (field: 'subject' | 'intro') => `${field} is required`,
  changed: 'Wording changed',
  reset: 'Reset to default',
} as const;
