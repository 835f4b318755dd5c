import * as z from 'zod/mini';
import { phoneMessages, phoneSchema } from '../../../../contract/phone';
import type { InstantQuoteRequest } from '../../../../contract/submissions';
import { LIMITS } from '../../../../domain/booking-limits';
import { twelveHourToHhmm } from '../../../../domain/time';
import { emailRule, textRule } from '../../../lib/form-rules';

/**
 * The Quote Now form (spec section 2, Quote Now page; section 5): what it holds, how the saved
 * booking prefills it, its checks and the request it becomes. No React.
 */

/** Spec section 9: quote page passengers 1 to 50, luggages 0 to 20. */
export const QUOTE_NOW_RANGES = {
  passengers: { min: 1, max: LIMITS.passengersMax },
  luggages: { min: 0, max: LIMITS.luggageMax },
} as const;

/** Every field as the inputs hold it: text. */
export type QuoteNowValues = {
  pickup: string;
  dropoff: string;
  date: string;
  time: string;
  email: string;
  telephone: string;
  luggages: string;
  passengers: string;
  passengerName: string;
  comments: string;
};
export type QuoteNowField = keyof QuoteNowValues;

/** The fields in the order the page shows them, with their visible labels. */
export const QUOTE_NOW_LABELS: Record<QuoteNowField, string> = {
  pickup: 'Pick up',
  dropoff: 'Drop Off',
  date: 'Date',
  time: 'Time',
  email: 'Email',
  telephone: 'Telephone',
  luggages: 'Luggages',
  passengers: 'Passenger',
  passengerName: 'Passenger Name',
  comments: 'Additional Comments',
};
export const QUOTE_NOW_FIELDS = Object.keys(QUOTE_NOW_LABELS) as QuoteNowField[];

export const EMPTY_QUOTE_NOW: QuoteNowValues = {
  pickup: '',
  dropoff: '',
  date: '',
  time: '',
  email: '',
  telephone: '',
  luggages: '0',
  passengers: '1',
  passengerName: '',
  comments: '',
};

/** '3pm' and '05' -> '15:05' for a time input; '' when the hour is not one. */
function timeOf(hour: string, minute: string): string {
  try {
    return twelveHourToHhmm(hour, minute);
  } catch {
    return '';
  }
}

/** A count from the saved form, kept inside the page's range. */
function countOf(text: string | undefined, range: { min: number; max: number }, fallback: string) {
  const value = Number(text);
  if (!text || !Number.isInteger(value)) return fallback;
  return String(Math.min(Math.max(value, range.min), range.max));
}

/**
 * What Quote Now is filled from: the visitor's last search and the contact details of the
 * personal details step, when the browser has them (app/ reads them from the booking drafts).
 */
export type SavedSearch = {
  journey?:
    | {
        pickup: string;
        dropoff?: string;
        pickup_date: string;
        pickup_hour: string;
        pickup_min: string;
        passengers: string;
        luggages: string;
      }
    | undefined;
  person?: { email: string; number: string; firstName: string; surname: string } | undefined;
};

/** The form as the saved search leaves it. */
export function prefillQuoteNow({ journey, person }: SavedSearch): QuoteNowValues {
  const values = { ...EMPTY_QUOTE_NOW };
  if (journey) {
    values.pickup = journey.pickup;
    values.dropoff = journey.dropoff ?? '';
    values.date = journey.pickup_date;
    values.time = timeOf(journey.pickup_hour, journey.pickup_min);
    values.passengers = countOf(journey.passengers, QUOTE_NOW_RANGES.passengers, '1');
    values.luggages = countOf(journey.luggages, QUOTE_NOW_RANGES.luggages, '0');
  }
  if (person) {
    values.email = person.email;
    // As written on the details step, international format and all ('+44 7700 900456').
    values.telephone = person.number;
    values.passengerName = [person.firstName, person.surname].filter(Boolean).join(' ');
  }
  return values;
}

function countRule(label: string, range: { min: number; max: number }) {
  return textRule((text) => {
    const value = Number(text);
    return text.trim() !== '' && Number.isInteger(value) && value >= range.min && value <= range.max
      ? undefined
      : `${label} must be a whole number from ${range.min} to ${range.max}`;
  });
}

/**
 * The spec's rules (email, telephone, date and time required; luggages 0 to 20; passengers 1 to
 * 50), each message naming its field; telephone follows the wire's phone rule. `today` is
 * YYYY-MM-DD in UK time.
 */
export function quoteNowFormSchema(today: string) {
  return z.object({
    pickup: z.string(),
    dropoff: z.string(),
    date: textRule((date) =>
      !date
        ? 'Enter the date of the journey'
        : date < today
          ? 'Date cannot be in the past'
          : undefined,
    ),
    time: textRule((time) => (time ? undefined : 'Enter the pickup time')),
    email: emailRule(
      'Enter your email address',
      'Enter a valid email address, like name@example.com',
    ),
    telephone: phoneSchema({
      required: 'Enter your telephone number',
      ...phoneMessages(QUOTE_NOW_LABELS.telephone),
    }),
    luggages: countRule('Luggages', QUOTE_NOW_RANGES.luggages),
    passengers: countRule('Passenger', QUOTE_NOW_RANGES.passengers),
    passengerName: z.string(),
    comments: z.string(),
  }) satisfies z.ZodMiniType<QuoteNowValues>;
}

/** POST /send-instant-email's body (spec section 7). */
export function toInstantQuoteRequest(values: QuoteNowValues): InstantQuoteRequest {
  return {
    pickup_address: values.pickup.trim(),
    dropoff_address: values.dropoff.trim(),
    pickup_date: values.date,
    pickup_time: values.time,
    passenger_email: values.email.trim(),
    passenger_phone: values.telephone.trim(),
    passenger_name: values.passengerName.trim(),
    additional_info: values.comments.trim(),
    passengers: Number(values.passengers),
    luggages: Number(values.luggages),
  };
}

const WIRE_FIELDS: Record<string, QuoteNowField> = {
  pickup_address: 'pickup',
  dropoff_address: 'dropoff',
  pickup_date: 'date',
  pickup_time: 'time',
  passenger_email: 'email',
  passenger_phone: 'telephone',
  passenger_name: 'passengerName',
  additional_info: 'comments',
  passengers: 'passengers',
  luggages: 'luggages',
};

/**
 * The field showing a 400's issue on a request path: 'passenger_phone must have at least 7
 * digits' shows under Telephone (as 'Telephone must have at least 7 digits').
 */
export function quoteNowFieldOf(path: string): QuoteNowField | undefined {
  return Object.hasOwn(WIRE_FIELDS, path) ? WIRE_FIELDS[path] : undefined;
}
