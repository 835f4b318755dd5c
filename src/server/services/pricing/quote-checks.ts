import { MESSAGES } from '../../../domain/messages';
import {
  isWithinGrace,
  matchesNormalisedBan,
  normaliseBannedPatterns,
} from '../../../domain/quote-rules';
import { addDays } from '../../../domain/uk-time';
import { HttpError, RequestValidationError } from '../../errors';
import { todayInLondonFast } from '../../lib/uk-clock';
import { ukInstant } from './journey';
import type { PricingSnapshot } from './pricing-tables';
import type { QuoteSettings } from './quote-settings';

/** How far ahead a pickup may be booked. */
export const MAX_DAYS_AHEAD = 365;

/**
 * A 400 naming one field. `prefix` goes before every field path: '' for a form sent on its own,
 * 'bookingForm.' or 'hourlyRateForm.' when it is nested in the selected-vehicle call.
 */
export function fieldError(prefix: string, field: string, message: string): RequestValidationError {
  return new RequestValidationError([{ path: `${prefix}${field}`, message }]);
}

/**
 * The quote rules that need no measured route: the booking horizon, the grace period and the
 * banned addresses. Each keeps what it works out from a day or a pricing snapshot until that
 * changes, rather than working it out again on every quote.
 */
export function createQuoteChecks(clock: () => Date) {
  /** The last date a pickup may be booked for, for the UK date `today` (the last one asked). */
  let horizon = { today: '', last: '' };
  function lastBookableDate(today: string): string {
    if (horizon.today !== today) horizon = { today, last: addDays(today, MAX_DAYS_AHEAD) };
    return horizon.last;
  }

  /** The snapshot's banned patterns, normalised once per snapshot rather than per quote. */
  let banned: { snapshot: PricingSnapshot; patterns: string[] } | undefined;

  /** 400 when the date is more than a year ahead (rates and holidays are not set that far). */
  function checkHorizon(date: string, field: string, prefix: string): void {
    const last = lastBookableDate(todayInLondonFast(clock()));
    if (date > last) {
      throw fieldError(prefix, field, `${field} must be within ${MAX_DAYS_AHEAD} days from today`);
    }
  }

  return {
    checkHorizon,

    /** The instant of a form's outward pickup, once its date has passed checkHorizon. */
    pickupWithinHorizon(
      form: { pickup_date: string; pickup_hour: string; pickup_min: string },
      prefix: string,
    ): Date {
      checkHorizon(form.pickup_date, 'pickup_date', prefix);
      return ukInstant(form.pickup_date, form.pickup_hour, form.pickup_min);
    },

    /** 422 when the pickup is sooner than GRACE_TIME from now, or already past. */
    checkGrace(pickup: Date, settings: QuoteSettings): void {
      if (isWithinGrace(pickup, clock(), settings.graceMinutes)) {
        throw new HttpError(422, MESSAGES.graceTime);
      }
    },

    /** 422 when any address matches one of the operator's banned patterns. */
    checkBanned(addresses: string[], snapshot: PricingSnapshot): void {
      if (banned?.snapshot !== snapshot) {
        banned = { snapshot, patterns: normaliseBannedPatterns(snapshot.bannedPatterns) };
      }
      if (matchesNormalisedBan(addresses, banned.patterns)) {
        throw new HttpError(422, MESSAGES.addressBanned);
      }
    },
  };
}

/** The rules a quote checks before it measures anything. */
export type QuoteChecks = ReturnType<typeof createQuoteChecks>;
