import * as z from 'zod/mini';
import type { ValidationIssue } from '../../../contract/envelope';
import type { ContactRequest, InstantQuoteRequest } from '../../../contract/submissions';
import { optionalCount } from '../../../domain/booking-form';
import { isEmailAddress } from '../../../domain/registration';
import { hour12To24, normaliseDate } from '../../../domain/time';
import { todayInLondon } from '../../../domain/uk-time';
import { RequestValidationError } from '../../errors';

/**
 * The rules the wire schemas leave to the server (spec section 5, Quote Now page; Contact
 * form): every problem is reported at once, each naming its field, so the form can mark them all.
 */

/** Spec section 9: quote page passengers 1 to 50, luggages 0 to 20. */
export const QUOTE_NOW_LIMITS = { passengersMax: 50, luggagesMax: 20 } as const;
/** Fewer digits than this is no UK or international number anyone could ring back. */
const MIN_PHONE_DIGITS = 7;

/** A Quote Now request after the rules: date YYYY-MM-DD, time HH:MM 24-hour, counts as numbers. */
export interface QuoteNowInput {
  pickup_address: string;
  dropoff_address: string;
  pickup_date: string;
  pickup_time: string;
  passenger_email: string;
  passenger_phone: string;
  passenger_name: string;
  additional_info: string;
  passengers: number;
  luggages: number;
}

const passengersField = optionalCount('passengers', 1, QUOTE_NOW_LIMITS.passengersMax, 1);
const luggagesField = optionalCount('luggages', 0, QUOTE_NOW_LIMITS.luggagesMax, 0);

/** '14:05', '9:05', '9pm', '9:30 pm', '12am' -> 'HH:MM' 24-hour; null when it is none of them. */
export function normaliseTime(text: string): string | null {
  const value = text.trim().toLowerCase();
  const clock = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (clock) return `${clock[1]!.padStart(2, '0')}:${clock[2]}`;
  const twelve = /^(1[0-2]|0?[1-9])(?::([0-5]\d))?\s?(am|pm)$/.exec(value);
  if (!twelve) return null;
  const hour = hour12To24(`${Number(twelve[1])}${twelve[3]}`);
  return `${String(hour).padStart(2, '0')}:${twelve[2] ?? '00'}`;
}

/** Digits, spaces, +, ( ) and - only, with enough digits to ring. */
export function phoneProblem(field: string, phone: string): string | null {
  if (!/^[\d\s+()-]+$/.test(phone)) {
    return `${field} may contain only digits, spaces, +, ( ) and -`;
  }
  const digits = phone.replace(/\D/g, '').length;
  return digits >= MIN_PHONE_DIGITS
    ? null
    : `${field} must have at least ${MIN_PHONE_DIGITS} digits`;
}

function countOf(
  schema: typeof passengersField,
  field: string,
  value: unknown,
  issues: ValidationIssue[],
): number {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  issues.push({ path: field, message: result.error.issues[0]?.message ?? `${field} is invalid` });
  return 0;
}

/** Applies the Quote Now rules; `now` decides what "in the past" means, in UK time. */
export function checkQuoteNow(body: InstantQuoteRequest, now: Date): QuoteNowInput {
  const issues: ValidationIssue[] = [];
  const date = normaliseDate(body.pickup_date);
  if (!date) {
    issues.push({
      path: 'pickup_date',
      message: 'pickup_date must be a valid date (YYYY-MM-DD or dd/mm/yyyy)',
    });
  } else if (date < todayInLondon(now)) {
    issues.push({ path: 'pickup_date', message: 'pickup_date cannot be in the past' });
  }
  const time = normaliseTime(body.pickup_time);
  if (!time) {
    issues.push({
      path: 'pickup_time',
      message: 'pickup_time must be a time such as 14:30 or 2:30pm',
    });
  }
  if (!isEmailAddress(body.passenger_email)) {
    issues.push({ path: 'passenger_email', message: 'passenger_email must be an email address' });
  }
  const phone = phoneProblem('passenger_phone', body.passenger_phone);
  if (phone) issues.push({ path: 'passenger_phone', message: phone });
  const passengers = countOf(passengersField, 'passengers', body.passengers, issues);
  const luggages = countOf(luggagesField, 'luggages', body.luggages, issues);
  if (issues.length > 0) throw new RequestValidationError(issues);
  return {
    pickup_address: body.pickup_address,
    dropoff_address: body.dropoff_address,
    pickup_date: date!,
    pickup_time: time!,
    passenger_email: body.passenger_email,
    passenger_phone: body.passenger_phone,
    passenger_name: body.passenger_name,
    additional_info: body.additional_info,
    passengers,
    luggages,
  };
}

/** Applies the Contact Us rules: a valid email; telephone and booking number numeric when given. */
export function checkContact(body: ContactRequest): ContactRequest {
  const issues: ValidationIssue[] = [];
  if (!isEmailAddress(body.email)) {
    issues.push({ path: 'email', message: 'email must be an email address' });
  }
  if (body.telephone !== '') {
    const phone = phoneProblem('telephone', body.telephone);
    if (phone) issues.push({ path: 'telephone', message: phone });
  }
  if (body.bookingNumber !== '' && !/^\d+$/.test(body.bookingNumber)) {
    issues.push({ path: 'bookingNumber', message: 'bookingNumber may contain only digits' });
  }
  if (issues.length > 0) throw new RequestValidationError(issues);
  return body;
}
