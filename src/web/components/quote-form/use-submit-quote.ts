import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import type { ValidationIssue } from '../../../contract/envelope';
import type { PriceDetailsResponse } from '../../../contract/quotes';
import {
  bookingFormSchema,
  hourlyFormSchema,
  type BookingFormInput,
  type HourlyFormInput,
} from '../../../domain/booking-form';
import { MESSAGES } from '../../../domain/messages';
import { todayInLondon } from '../../../domain/uk-time';
import { useCalculateDistancePrice } from '../../api/calculate-distance-price';
import { useCalculateHourlyPrice } from '../../api/calculate-hourly-price';
import { ROUTES } from '../../config/routes';
import { ApiError } from '../../lib/api-client';
import {
  removeBookingDraft,
  saveBookingDraft,
  type BookingFormDraft,
  type BookingTypeDraft,
  type HourlyFormDraft,
} from '../../offline/booking-drafts';
import { isOnline } from './use-online';

/** What the visitor asks to have priced: the mileage form or the hourly form. */
export type QuoteRequest =
  | { bookingType: 'milleage'; form: BookingFormDraft }
  | { bookingType: 'hourly'; form: HourlyFormDraft };

/** A price failure the dialog explains (spec section 8). */
export type PriceFailure =
  { kind: 'same-address' } | { kind: 'urgent' } | { kind: 'error'; message: string };

/** How a submit ended, for the form: only field problems and offline need its help. */
export type SubmitOutcome =
  | { status: 'priced' }
  | { status: 'offline' }
  | { status: 'invalid'; issues: readonly ValidationIssue[] }
  | { status: 'failed' };

/** Same-address and urgent bookings go to the Quote Now page after this (spec section 9). */
export const REDIRECT_DELAY_MS = 1000;

/** Shown beside the button when there is no connection; the form keeps what was typed. */
export const OFFLINE_PRICE_MESSAGE =
  "You're offline. A price needs a connection: your details are kept here, so press the button again once you're back online.";

/** State the Quote Now page can read to explain why the visitor arrived there. */
export type QuoteNowRedirectState = { reason: 'same-address' | 'urgent' };

/** A stop row counts when any of its fields holds text; blank rows are not sent. */
function filledStops(form: BookingFormDraft): BookingFormDraft['stops'] {
  return form.stops.filter(
    (stop) => stop.street_name.trim() || stop.number.trim() || stop.postcode.trim(),
  );
}

/** The body of POST /calculate-distance-price: the stored form without blank stop rows. */
export function bookingFormBody(form: BookingFormDraft): BookingFormInput {
  return { ...form, stops: filledStops(form) };
}

/** The body of POST /calculate-hourly-price. */
export function hourlyFormBody(form: HourlyFormDraft): HourlyFormInput {
  return form;
}

function issuesOf(error: z.core.$ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
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

// The dialog's code loads while the price is asked for, not on the home page's first load.
export const loadPriceErrorDialog = () => import('./price-error-dialog');

export type QuoteSubmission = {
  /** Checks, stores the drafts, prices, stores the prices and goes to /quotationview. */
  submit: (request: QuoteRequest) => Promise<SubmitOutcome>;
  /** True while the price is asked for: the price-loading overlay shows. */
  isPending: boolean;
  /** The failure the dialog shows, until closed. */
  failure: PriceFailure | null;
  dismiss: () => void;
};

/**
 * The home form's submit (spec section 4): store BookingType and the form, price it, store
 * PriceDetails and CalculatedDistance, drop a stale selected vehicle, then go to the results.
 * Same-address and urgent failures redirect to /quoteView after a second; field problems come
 * back to the form to show beside the fields. Render <QuoteSubmitFeedback> with the result.
 */
export function useSubmitQuote({
  onSubmitted,
  saveFormFirst = true,
}: {
  onSubmitted?: () => void;
  /**
   * Home keeps the form before asking for a price, so nothing typed is lost. The change-search
   * popup passes false: its search replaces the saved one only once priced, so a failed search
   * never leaves the summary showing a journey next to another journey's prices.
   */
  saveFormFirst?: boolean;
} = {}): QuoteSubmission {
  const navigate = useNavigate();
  const distancePrice = useCalculateDistancePrice();
  const hourlyPrice = useCalculateHourlyPrice();
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<PriceFailure | null>(null);
  const busy = useRef(false);
  const onSubmittedRef = useRef(onSubmitted);
  useEffect(() => {
    onSubmittedRef.current = onSubmitted;
  });

  const redirects = failure?.kind === 'same-address' || failure?.kind === 'urgent';
  useEffect(() => {
    if (!redirects || !failure) return;
    const state: QuoteNowRedirectState = { reason: failure.kind };
    const timer = setTimeout(() => navigate(ROUTES.quoteNow, { state }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirects, failure, navigate]);

  const submit = async (request: QuoteRequest): Promise<SubmitOutcome> => {
    if (busy.current) return { status: 'failed' };
    const issues = validateQuote(request);
    if (issues.length > 0) return { status: 'invalid', issues };
    const saveForm = () =>
      keep(
        request.bookingType === 'milleage'
          ? saveBookingDraft('BookingForm', request.form)
          : saveBookingDraft('HourlyRateForm', request.form),
      );
    // On home the form is kept whatever happens next, so the visitor can come back to it.
    if (saveFormFirst) await saveForm();
    if (!isOnline()) return { status: 'offline' };

    busy.current = true;
    setPending(true);
    setFailure(null);
    void loadPriceErrorDialog().catch(() => undefined);
    try {
      if (saveFormFirst) await keep(saveBookingDraft('BookingType', request.bookingType));
      const response =
        request.bookingType === 'milleage'
          ? await distancePrice.mutateAsync(bookingFormBody(request.form))
          : await hourlyPrice.mutateAsync(hourlyFormBody(request.form));
      if (!saveFormFirst) {
        await saveForm();
        await keep(saveBookingDraft('BookingType', request.bookingType));
      }
      await storePrices(request.bookingType, response);
      onSubmittedRef.current?.();
      navigate(ROUTES.quotation);
      return { status: 'priced' };
    } catch (error) {
      const result = classifyPriceError(error);
      if ('status' in result) return result;
      if (!(error instanceof ApiError) || error.status >= 500) console.error(error);
      setFailure(result);
      // A 422 for an address the server could not place also names the field.
      if (error instanceof ApiError && error.issues.length > 0)
        return { status: 'invalid', issues: error.issues };
      return { status: 'failed' };
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return { submit, isPending, failure, dismiss: () => setFailure(null) };
}
