import * as z from 'zod/mini';
import type { ValidationIssue } from '../../../../../contract/envelope';
import type { PriceDetailsResponse } from '../../../../../contract/quotes';
import { bookingFormSchema, hourlyFormSchema } from '../../../../../domain/booking-form';
import { MESSAGES } from '../../../../../domain/messages';
import { todayInLondon } from '../../../../../domain/uk-time';
import { calculateDistancePrice } from '../../api/calculate-distance-price';
import { calculateHourlyPrice } from '../../api/calculate-hourly-price';
import { ApiError } from '../../../../lib/api-client';
import {
  removeBookingDraft,
  saveBookingDraft,
  type BookingFormDraft,
  type BookingTypeDraft,
} from '../../state/booking-drafts';
import { chooseReturnTimeField, RETURN_TIME_LABELS, type ReturnTimeField } from './form-defaults';
import { bookingFormBody, hourlyFormBody, type QuoteRequest } from './quote-request';
import type { PriceFailure, SubmitOutcome } from './quote-outcome';
import { isOnline } from '../../../../lib/use-online';

/*
 * The work behind the quote form's button, loaded when the visitor starts filling the form
 * (use-submit-quote.ts) rather than with the home page: checks, drafts, the price call.
 */

function issuesOf(error: z.core.$ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** A return trip's hour and minute the passenger has not chosen: nothing is assumed for them. */
function missingReturnTime(form: BookingFormDraft): ValidationIssue[] {
  if (form.select_option !== 'return') return [];
  return (Object.keys(RETURN_TIME_LABELS) as ReturnTimeField[])
    .filter((field) => form[field].trim() === '')
    .map((field) => ({ path: field, message: chooseReturnTimeField(field) }));
}

/**
 * The checks the browser can make before asking for a price: the domain's own schema (the
 * server runs the same one) and the date input's minimum, so a missing address is named at
 * once, without a round trip.
 */
export function validateQuote(request: QuoteRequest, now: Date = new Date()): ValidationIssue[] {
  const today = todayInLondon(now);
  const issues: ValidationIssue[] = [];
  if (request.bookingType === 'milleage') {
    // First, so its message is the one shown: the server would read a blank minute as '00'.
    issues.push(...missingReturnTime(request.form));
    const parsed = z.safeParse(bookingFormSchema, bookingFormBody(request.form));
    if (!parsed.success) issues.push(...issuesOf(parsed.error));
    const { pickup_date, return_date, select_option } = request.form;
    if (pickup_date && pickup_date < today)
      issues.push({ path: 'pickup_date', message: 'The pick up date cannot be before today' });
    if (select_option === 'return' && return_date && pickup_date && return_date < pickup_date)
      issues.push({
        path: 'return_date',
        message: 'The return date cannot be before the pick up date',
      });
  } else {
    const parsed = z.safeParse(hourlyFormSchema, hourlyFormBody(request.form));
    if (!parsed.success) issues.push(...issuesOf(parsed.error));
    if (request.form.pickup_date && request.form.pickup_date < today)
      issues.push({ path: 'pickup_date', message: 'The pick up date cannot be before today' });
  }
  // One message per field: the first is the one to fix first.
  return issues.filter(
    (issue, index) => issues.findIndex((other) => other.path === issue.path) === index,
  );
}

/** The spec's price errors (section 8): which dialog a failed price call shows. */
export function classifyPriceError(error: unknown): SubmitOutcome | PriceFailure {
  if (!(error instanceof ApiError)) {
    return {
      kind: 'error',
      message: error instanceof Error ? error.message : 'Something went wrong',
    };
  }
  if (error.isNetworkError) return { status: 'offline' };
  const message = error.message;
  if (error.status === 422) {
    if (message.includes(MESSAGES.zeroDistance)) return { kind: 'same-address' };
    if (message.includes(MESSAGES.addressBanned) || message.includes(MESSAGES.graceTime))
      return { kind: 'urgent' };
  }
  if (error.status === 400 && error.issues.length > 0)
    return { status: 'invalid', issues: error.issues };
  return { kind: 'error', message };
}

/** Saves a draft; a storage failure costs only the resume after a reload, so it is logged. */
async function keep(write: Promise<void>): Promise<void> {
  try {
    await write;
  } catch (error) {
    console.error('Could not save the booking on this device', error);
  }
}

async function storePrices(bookingType: BookingTypeDraft, response: PriceDetailsResponse) {
  await keep(
    saveBookingDraft('PriceDetails', {
      bookingType,
      price_details: response.price_details,
      ...(response.distance ? { distance: response.distance } : {}),
      ...(response.places ? { places: response.places } : {}),
      pricedAt: Date.now(),
    }),
  );
  await keep(
    response.distance
      ? saveBookingDraft('CalculatedDistance', response.distance)
      : removeBookingDraft('CalculatedDistance'),
  );
  // A vehicle chosen for the previous search no longer matches these prices.
  await keep(removeBookingDraft('selectedVehicleData'));
}

/**
 * Checks, stores the drafts, prices and stores the prices (spec section 4). `onPricing` runs
 * when the price call starts (the loading cover shows); a failure the dialog explains comes
 * back as `failure`, with the outcome the form acts on.
 */
export async function priceQuote(
  request: QuoteRequest,
  { saveFormFirst, onPricing }: { saveFormFirst: boolean; onPricing: () => void },
): Promise<{ outcome: SubmitOutcome; failure?: PriceFailure }> {
  const issues = validateQuote(request);
  if (issues.length > 0) return { outcome: { status: 'invalid', issues } };
  const saveForm = () =>
    keep(
      request.bookingType === 'milleage'
        ? saveBookingDraft('BookingForm', request.form)
        : saveBookingDraft('HourlyRateForm', request.form),
    );
  // On home the form is kept whatever happens next, so the visitor can come back to it.
  if (saveFormFirst) await saveForm();
  if (!isOnline()) return { outcome: { status: 'offline' } };

  onPricing();
  try {
    if (saveFormFirst) await keep(saveBookingDraft('BookingType', request.bookingType));
    const response =
      request.bookingType === 'milleage'
        ? await calculateDistancePrice(bookingFormBody(request.form))
        : await calculateHourlyPrice(hourlyFormBody(request.form));
    if (!saveFormFirst) {
      await saveForm();
      await keep(saveBookingDraft('BookingType', request.bookingType));
    }
    await storePrices(request.bookingType, response);
    return { outcome: { status: 'priced' } };
  } catch (error) {
    const result = classifyPriceError(error);
    if ('status' in result) return { outcome: result };
    if (!(error instanceof ApiError) || error.status >= 500) console.error(error);
    // A 422 for an address the server could not place also names the field.
    const outcome: SubmitOutcome =
      error instanceof ApiError && error.issues.length > 0
        ? { status: 'invalid', issues: error.issues }
        : { status: 'failed' };
    return { outcome, failure: result };
  }
}
