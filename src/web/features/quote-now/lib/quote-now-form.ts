import type { InstantQuoteRequest } from '../../../../contract/submissions';
import type { ValidationIssue } from '../../../../contract/envelope';
import { LIMITS } from '../../../../domain/booking-limits';
import { isEmailAddress } from '../../../../domain/registration';
import { hour12To24 } from '../../../../domain/time';
import { fieldErrorsFromIssues } from '../../../lib/field-issues';
import type { BookingDrafts } from '../../booking/state/booking-drafts';

/**
 * The Quote Now form (spec section 2, Quote Now page; section 5): what it holds, how the saved
 * booking prefills it, its checks and the request it becomes. Plain functions, no React.
 */

/** Spec section 9: quote page passengers 1 to 50, luggages 0 to 20. */
export const QUOTE_NOW_RANGES = {
  passengers: { min: 1, max: LIMITS.passengersMax },
  luggages: { min: 0, max: LIMITS.luggageMax },
} as const;

/** Fewer digits than this is no number anyone could ring back (the server's rule too). */
const MIN_PHONE_DIGITS = 7;

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
export type QuoteNowErrors = Partial<Record<QuoteNowField, string>>;

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
    return `${String(hour12To24(hour)).padStart(2, '0')}:${(minute || '00').padStart(2, '0')}`;
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
 * The form as the saved booking leaves it: the journey from the hourly form when that was the
 * last search, else from BookingForm; contact details from the personal details step.
 */
export function prefillQuoteNow(drafts: BookingDrafts): QuoteNowValues {
  const values = { ...EMPTY_QUOTE_NOW };
  const hourly = drafts.BookingType === 'hourly' ? drafts.HourlyRateForm : undefined;
  const journey = hourly ?? drafts.BookingForm;
  if (journey) {
    values.pickup = journey.pickup;
    values.dropoff = 'dropoff' in journey ? journey.dropoff : '';
    values.date = journey.pickup_date;
    values.time = timeOf(journey.pickup_hour, journey.pickup_min);
    values.passengers = countOf(journey.passengers, QUOTE_NOW_RANGES.passengers, '1');
    values.luggages = countOf(journey.luggages, QUOTE_NOW_RANGES.luggages, '0');
  }
  const person = drafts.registrationData;
  if (person) {
    values.email = person.email;
    // A number input holds digits only: '+44 7700 900456' becomes '447700900456'.
    values.telephone = person.number.replace(/\D/g, '');
    values.passengerName = [person.firstName, person.surname].filter(Boolean).join(' ');
  }
  return values;
}

function countProblem(label: string, text: string, range: { min: number; max: number }) {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= range.min && value <= range.max
    ? undefined
    : `${label} must be a whole number from ${range.min} to ${range.max}`;
}

/**
 * The spec's rules (email, telephone, date and time required; luggages 0 to 20; passengers 1 to
 * 50), each message naming its field. `today` is YYYY-MM-DD in UK time; `badTelephone` is the
 * number input's own verdict on what was typed (its value is then empty).
 */
export function validateQuoteNow(
  values: QuoteNowValues,
  { today, badTelephone = false }: { today: string; badTelephone?: boolean },
): QuoteNowErrors {
  const errors: QuoteNowErrors = {};
  if (!values.date) errors.date = 'Enter the date of the journey';
  else if (values.date < today) errors.date = 'Date cannot be in the past';
  if (!values.time) errors.time = 'Enter the pickup time';
  const email = values.email.trim();
  if (!email) errors.email = 'Enter your email address';
  else if (!isEmailAddress(email))
    errors.email = 'Enter a valid email address, like name@example.com';
  const digits = values.telephone.replace(/\D/g, '');
  if (badTelephone) errors.telephone = 'Telephone may contain only digits';
  else if (!values.telephone.trim()) errors.telephone = 'Enter your telephone number';
  else if (digits.length < MIN_PHONE_DIGITS) {
    errors.telephone = `Telephone must have at least ${MIN_PHONE_DIGITS} digits`;
  }
  const luggages = countProblem('Luggages', values.luggages, QUOTE_NOW_RANGES.luggages);
  if (luggages) errors.luggages = luggages;
  const passengers = countProblem('Passenger', values.passengers, QUOTE_NOW_RANGES.passengers);
  if (passengers) errors.passengers = passengers;
  return errors;
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
 * A 400's issues on the fields they name, in the page's words: 'passenger_phone must have at
 * least 7 digits' shows under Telephone as 'Telephone must have at least 7 digits'.
 */
export function serverErrors(issues: readonly ValidationIssue[]): QuoteNowErrors {
  return fieldErrorsFromIssues(
    issues,
    (path) => (Object.hasOwn(WIRE_FIELDS, path) ? WIRE_FIELDS[path] : undefined),
    QUOTE_NOW_LABELS,
  );
}
