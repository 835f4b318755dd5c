import { HOURLY_DURATIONS, LIMITS } from '../../../../../domain/booking-limits';
import { CLOCK_HOURS, hour24To12, hourLabel, MINUTE_OPTIONS } from '../../../../../domain/time';
import { addDays, londonDateAndMinute, todayInLondon } from '../../../../../domain/uk-time';
import {
  bookingFormDraftSchema,
  hourlyFormDraftSchema,
  type BookingFormDraft,
  type HourlyFormDraft,
} from '../../state/booking-drafts';
import type { SelectOption } from '../../../../components/form/fields';

/** Passengers on the home form: 1 to 20 (spec sections 5 and 9). */
export const PASSENGER_OPTIONS: readonly SelectOption[] = Array.from(
  { length: LIMITS.passengersSelectMax },
  (_, i) => ({ value: String(i + 1), label: String(i + 1) }),
);

/**
 * The hourly form's hours: in clock order, sent as the spec's 12-hour text, with midnight and
 * noon named (domain/time.ts).
 */
export const HOUR_OPTIONS: readonly SelectOption[] = CLOCK_HOURS.map((hour) => ({
  value: hour,
  label: hourLabel(hour),
}));

/**
 * The mileage form's hours (pickup and return) as the spec shows them, 00–23, in the same clock
 * order and sent as the same 12-hour text: a 24-hour label leaves midnight and noon unmistakable.
 */
export const MILEAGE_HOUR_OPTIONS: readonly SelectOption[] = CLOCK_HOURS.map((hour, h) => ({
  value: hour,
  label: String(h).padStart(2, '0'),
}));

/** The first option of a picker nothing has been chosen in: empty, so nothing is sent. */
export const CHOOSE_HOUR: SelectOption = { value: '', label: 'Hour' };
export const CHOOSE_MINUTE: SelectOption = { value: '', label: 'Minute' };

/** The return time's pickers by their visible labels; both must be chosen on a return trip. */
export const RETURN_TIME_LABELS = { return_hour: 'Return Hour', return_min: 'Return Min' } as const;
export type ReturnTimeField = keyof typeof RETURN_TIME_LABELS;

/** Under a return time picker left unchosen. */
export const chooseReturnTimeField = (field: ReturnTimeField) =>
  `Choose the ${RETURN_TIME_LABELS[field]}`;

/** Beside the Quote button while the return time is missing: which pickers to fill. */
export const chooseReturnTime = (fields: readonly ReturnTimeField[]) =>
  `Choose a return time: ${fields.map((field) => RETURN_TIME_LABELS[field]).join(' and ')}`;

/** Minutes 00–55 in 5-minute steps. */
export const MINUTE_SELECT_OPTIONS: readonly SelectOption[] = MINUTE_OPTIONS.map((minute) => ({
  value: minute,
  label: minute,
}));

/** Hourly hire lengths: '4hour' … '24hour', shown as '4 hours'. */
export const DURATION_OPTIONS: readonly SelectOption[] = HOURLY_DURATIONS.map((duration) => ({
  value: duration,
  label: `${Number.parseInt(duration, 10)} hours`,
}));

/** Auto-fill copies an address only once it is this long (spec section 4: "more than 10"). */
export const AUTO_FILL_MIN_LENGTH = 11;

/** Return-address searches need at least 2 characters (spec section 5). */
export const RETURN_SEARCH_MIN_LENGTH = 2;

/** Stop-address suggestions are capped at 5 (spec section 9). */
export const STOP_SUGGESTION_LIMIT = 5;

/** An empty extra-stop row. */
export const EMPTY_STOP = { street_name: '', number: '', postcode: '', location: null };

/**
 * The UK time now rounded up to the next 5 minutes, as the spec's default pickup time
 * (12-hour hour text and '00'..'55'). Just before midnight it stays at 23:55 rather than
 * wrapping to the start of the same (tomorrow's) day.
 */
export function defaultPickupTime(now: Date): { hour: string; minute: string } {
  const { minuteOfDay } = londonDateAndMinute(now);
  const rounded = Math.min(Math.ceil(minuteOfDay / 5) * 5, 23 * 60 + 55);
  return {
    hour: hour24To12(Math.floor(rounded / 60)),
    minute: String(rounded % 60).padStart(2, '0'),
  };
}

/**
 * A new mileage form: one way, one passenger, pickup tomorrow at the current time (rounded up
 * to 5 minutes), return the day after (spec sections 4 and 9). The return has no time until the
 * passenger chooses one: the spec's default of 12am priced a return at midnight, with the night
 * uplift, that nobody had asked for.
 */
export function defaultBookingForm(now: Date = new Date()): BookingFormDraft {
  const today = todayInLondon(now);
  const time = defaultPickupTime(now);
  return bookingFormDraftSchema.parse({
    pickup_date: addDays(today, 1),
    pickup_hour: time.hour,
    pickup_min: time.minute,
    return_date: addDays(today, 2),
    return_hour: '',
    return_min: '',
  });
}

/**
 * A new hourly form: 4 hours from tomorrow at the current time rounded up to 5 minutes, as the
 * home form's defaults (spec section 4); a midnight pickup today (the HourlyRateForm's stored
 * default in section 3) is always in the past and could never be priced.
 */
export function defaultHourlyForm(now: Date = new Date()): HourlyFormDraft {
  const today = todayInLondon(now);
  const time = defaultPickupTime(now);
  return hourlyFormDraftSchema.parse({
    pickup_date: addDays(today, 1),
    pickup_duration: '4hour',
    pickup_hour: time.hour,
    pickup_min: time.minute,
  });
}

/**
 * A restored form whose dates have passed moves to the defaults' dates, keeping everything
 * else: a stale pickup date could never be priced.
 */
export function withCurrentDates<T extends { pickup_date: string; return_date?: string }>(
  form: T,
  defaults: T,
  today: string,
): T {
  if (form.pickup_date && form.pickup_date >= today) return form;
  return { ...form, pickup_date: defaults.pickup_date, return_date: defaults.return_date };
}

const UK_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})\b/i;

/** The UK postcode inside an address line, e.g. 'TW6 2GA'; empty if there is none. */
export function postcodeIn(address: string): string {
  const match = UK_POSTCODE.exec(address);
  return match ? `${match[1]} ${match[2]}`.toUpperCase() : '';
}
