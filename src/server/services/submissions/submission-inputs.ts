import { SUBMISSION_MESSAGES } from '../../../domain/messages';
import * as z from 'zod/mini';
import type { ValidationIssue } from '../../../contract/envelope';
import { phoneProblem } from '../../../contract/phone';
import { QUOTE_NOW_LIMITS } from '../../../contract/submissions';
import type { ContactRequest, InstantQuoteRequest } from '../../../contract/submissions';
import { optionalCount } from '../../../domain/booking-form';
import { EMAIL_MESSAGES, isEmailAddress } from '../../../domain/email';
import { hour12To24, normaliseDate } from '../../../domain/time';
import { todayInLondon } from '../../../domain/uk-time';
import { RequestValidationError } from '../../errors';

/**
 * The rules the wire schemas leave to the server (spec section 5, Quote Now page; Contact
 * form), run once the wire schema has passed: every rule broken is reported at once, each naming
 * its field, so the form can mark them all.
 */

/**
 * Keys that could reach an object's prototype if a body were ever merged into one. No field of
 * these forms has such a name, so a body holding one, at any depth, is refused outright.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Tab, line feed and carriage return: the control characters a multi-line field keeps. */
const LINE_CHARACTERS = new Set([0x09, 0x0a, 0x0d]);

/**
 * Whether `text` holds a control character (C0 or DEL) or half a surrogate pair. PostgreSQL
 * refuses NUL in text and jsonb and an unpaired surrogate in jsonb (each a 5xx if it got that
 * far); control characters have no business in a name or an address either. `multiLine` text
 * keeps tabs and line breaks.
 */
function hasForbiddenCharacter(text: string, multiLine: boolean): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x7f || (code < 0x20 && !(multiLine && LINE_CHARACTERS.has(code)))) return true;
  }
  // An unpaired surrogate half.
  return !text.isWellFormed();
}

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

/**
 * The first key in FORBIDDEN_KEYS anywhere in a parsed JSON body, as a dotted path such as
 * '__proto__' or 'passengers.constructor'; null when there is none. Walks without recursion,
 * so a deeply nested body cannot overflow the stack.
 */
export function forbiddenKeyPath(body: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (value === null || typeof value !== 'object') continue;
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path === '' ? key : `${path}.${key}`;
      if (FORBIDDEN_KEYS.has(key)) return itemPath;
      pending.push({ value: item, path: itemPath });
    }
  }
  return null;
}

/**
 * '14:05', '9:05', '14:05:00', '9pm', '9:30 pm', '9.30pm', '12am' -> 'HH:MM' 24-hour; null
 * when it is none of them.
 */
export function normaliseTime(text: string): string | null {
  const value = text.trim().toLowerCase();
  const clock = /^([01]?\d|2[0-3])[:.]([0-5]\d)(?::[0-5]\d)?$/.exec(value);
  if (clock) return `${clock[1]!.padStart(2, '0')}:${clock[2]}`;
  const twelve = /^(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?\s?(am|pm)$/.exec(value);
  if (!twelve) return null;
  const hour = hour12To24(`${Number(twelve[1])}${twelve[3]}`);
  return `${String(hour).padStart(2, '0')}:${twelve[2] ?? '00'}`;
}

/** YYYY-MM-DD, dd/mm/yyyy or d/m/yyyy -> YYYY-MM-DD, when it is a real calendar date. */
export function normaliseQuoteDate(text: string): string | null {
  const short = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (short) {
    return normaliseDate(`${short[1]!.padStart(2, '0')}/${short[2]!.padStart(2, '0')}/${short[3]}`);
  }
  return normaliseDate(text);
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

/**
 * Refuses control characters in each named text field; `multiLine` fields keep line breaks
 * and tabs. Fields already reported keep their first problem only.
 */
function checkCharacters(
  body: Record<string, unknown>,
  fields: { singleLine: string[]; multiLine: string[] },
  issues: ValidationIssue[],
): void {
  const reported = new Set(issues.map((issue) => issue.path));
  const check = (field: string, multiLine: boolean) => {
    const value = body[field];
    if (
      typeof value === 'string' &&
      hasForbiddenCharacter(value, multiLine) &&
      !reported.has(field)
    ) {
      issues.push({ path: field, message: SUBMISSION_MESSAGES.charactersNotAllowed(field) });
    }
  };
  for (const field of fields.singleLine) check(field, false);
  for (const field of fields.multiLine) check(field, true);
}

/** Applies the Quote Now rules; `now` decides what "in the past" means, in UK time. */
export function checkQuoteNow(body: InstantQuoteRequest, now: Date): QuoteNowInput {
  const issues: ValidationIssue[] = [];
  const date = normaliseQuoteDate(body.pickup_date);
  if (!date) {
    issues.push({
      path: 'pickup_date',
      message: SUBMISSION_MESSAGES.pickupDateInvalid,
    });
  } else if (date < todayInLondon(now)) {
    issues.push({ path: 'pickup_date', message: SUBMISSION_MESSAGES.pickupDatePast });
  }
  const time = normaliseTime(body.pickup_time);
  if (!time) {
    issues.push({
      path: 'pickup_time',
      message: SUBMISSION_MESSAGES.pickupTimeInvalid,
    });
  }
  // The one email rule (a plain mailbox), checked here so it is reported with the others.
  if (!isEmailAddress(body.passenger_email)) {
    issues.push({ path: 'passenger_email', message: EMAIL_MESSAGES.invalid('passenger_email') });
  }
  const phone = phoneProblem('passenger_phone', body.passenger_phone);
  if (phone) issues.push({ path: 'passenger_phone', message: phone });
  const passengers = countOf(passengersField, 'passengers', body.passengers, issues);
  const luggages = countOf(luggagesField, 'luggages', body.luggages, issues);
  checkCharacters(
    body,
    {
      singleLine: ['pickup_address', 'dropoff_address', 'passenger_name'],
      multiLine: ['additional_info'],
    },
    issues,
  );
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
    issues.push({ path: 'email', message: EMAIL_MESSAGES.invalid('email') });
  }
  if (body.telephone !== '') {
    const phone = phoneProblem('telephone', body.telephone);
    if (phone) issues.push({ path: 'telephone', message: phone });
  }
  if (body.bookingNumber !== '' && !/^\d+$/.test(body.bookingNumber)) {
    issues.push({ path: 'bookingNumber', message: SUBMISSION_MESSAGES.bookingNumberDigits });
  }
  checkCharacters(body, { singleLine: ['firstName', 'lastName'], multiLine: ['comments'] }, issues);
  if (issues.length > 0) throw new RequestValidationError(issues);
  return body;
}
