import * as z from 'zod/mini';
import { LIMITS } from './booking-limits';
import {
  addressField,
  countField,
  optionalCount,
  yesNoField,
  dateField,
  durationField,
  hourField,
  minuteField,
  travelReferenceField,
  ukLocationField,
} from './form-fields';
import { returnPassengers } from './leg-extras';
import { tripOptionSchema } from './booking-type';
import { FIELD_MESSAGES } from './messages';
import { stopSchema } from './stops';

// Re-exported: the limits and coordinates live apart so the home page's first load can use
// them without this module's schemas (the price checks load on demand); the leg extras, stops
// and field rules have modules of their own (leg-extras.ts, stops.ts, form-fields.ts).
export { HOURLY_DURATIONS, LIMITS } from './booking-limits';
export { latLngSchema, type LatLng } from './lat-lng';
export {
  addressField,
  countField,
  CURRENT_LOCATION_TEXT,
  optionalCount,
  ukLocationField,
} from './form-fields';
export { outwardLegExtras, returnLegExtras, type LegExtras } from './leg-extras';
export { stopAddress, stopSchema, type Stop } from './stops';
export { bookingTypeSchema, type BookingType } from './booking-type';

/**
 * The spec's BookingForm and HourlyRateForm (section 3) as the browser keeps them and the price
 * calls send them, each field by its rule in form-fields.ts.
 */

function requireText(
  ctx: { issues: z.core.$ZodRawIssue[] },
  value: unknown,
  path: string,
  message: string,
) {
  if (typeof value !== 'string' || value.trim() === '') {
    ctx.issues.push({ code: 'custom', message, path: [path], input: value });
  }
}

function waitingStepCheck(ctx: { issues: z.core.$ZodRawIssue[] }, minutes: number, path: string) {
  if (minutes % LIMITS.waitingMinutesStep !== 0) {
    ctx.issues.push({
      code: 'custom',
      message: FIELD_MESSAGES.waitingStep(path),
      path: [path],
      input: minutes,
    });
  }
}

/** The outward leg's extras (leg-extras.ts) in a request body, with their defaults. */
const outwardExtrasShape = {
  passengers: optionalCount('passengers', 1, LIMITS.passengersMax, 1),
  luggages: optionalCount('luggages', 0, LIMITS.luggageMax, 0),
  hand_luggages: optionalCount('hand_luggages', 0, LIMITS.luggageMax, 0),
  special_luggage: optionalCount('special_luggage', 0, LIMITS.extrasSeatMax, 0),
  baby_seats: optionalCount('baby_seats', 0, LIMITS.extrasSeatMax, 0),
  booster_seats: optionalCount('booster_seats', 0, LIMITS.extrasSeatMax, 0),
  waiting_min: optionalCount('waiting_min', 0, LIMITS.waitingMinutesMax, 0),
  meet_and_greet: yesNoField('meet_and_greet'),
  wheel_chair: yesNoField('wheel_chair'),
};

/** The return leg's fields (leg-extras.ts); the passengers are resolved by bookingFormSchema. */
const returnExtrasShape = {
  return_passengers: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  return_luggages: optionalCount('return_luggages', 0, LIMITS.luggageMax, 0),
  return_hand_luggages: optionalCount('return_hand_luggages', 0, LIMITS.luggageMax, 0),
  return_special_luggage: optionalCount('return_special_luggage', 0, LIMITS.extrasSeatMax, 0),
  return_baby_seats: optionalCount('return_baby_seats', 0, LIMITS.extrasSeatMax, 0),
  return_booster_seats: optionalCount('return_booster_seats', 0, LIMITS.extrasSeatMax, 0),
  return_waiting_min: optionalCount('return_waiting_min', 0, LIMITS.waitingMinutesMax, 0),
  return_meet_and_greet: yesNoField('return_meet_and_greet'),
  return_wheel_chair: yesNoField('return_wheel_chair'),
};

/** A mileage journey's route: both addresses, their coordinates and the stops between. */
export const routeShape = {
  pickup: addressField('pickup'),
  dropoff: addressField('dropoff'),
  pickup_location: ukLocationField('pickup_location'),
  dropoff_location: ukLocationField('dropoff_location'),
  stops: z._default(
    z
      .array(stopSchema, { error: FIELD_MESSAGES.list('stops') })
      .check(z.maxLength(LIMITS.stopsMax, FIELD_MESSAGES.maxEntries('stops', LIMITS.stopsMax))),
    [],
  ),
};

/** The return leg's addresses: an empty one is the outward trip's, reversed. */
export function returnRoute(form: {
  pickup: string;
  dropoff: string;
  return_pickup: string;
  return_dropoff: string;
}): { return_pickup: string; return_dropoff: string } {
  return {
    return_pickup: form.return_pickup || form.dropoff,
    return_dropoff: form.return_dropoff || form.pickup,
  };
}

/** Pick-Up and Drop-Off must be given (the spec's messages). */
export function requireRoute(
  ctx: { issues: z.core.$ZodRawIssue[] },
  route: { pickup: unknown; dropoff: unknown },
) {
  requireText(ctx, route.pickup, 'pickup', FIELD_MESSAGES.pickupRequired);
  requireText(ctx, route.dropoff, 'dropoff', FIELD_MESSAGES.dropoffRequired);
}

/** The return fields' rules, built once: they are checked only on a return trip. */
const RETURN_RULES = {
  date: dateField('return_date'),
  hour: hourField('return_hour'),
  minute: minuteField('return_min'),
  passengers: countField('return_passengers', 1, LIMITS.passengersMax),
};

/** A return field by its own rule (checked on a return trip only), with that rule's message. */
function returnField<T>(
  ctx: { issues: z.core.$ZodRawIssue[] },
  rule: z.core.$ZodType<T>,
  value: unknown,
  path: string,
): T | null {
  const parsed = z.safeParse(rule, value ?? undefined);
  if (parsed.success) return parsed.data;
  ctx.issues.push({
    code: 'custom',
    message: parsed.error.issues[0]?.message ?? FIELD_MESSAGES.text(path),
    path: [path],
    input: value,
  });
  return null;
}

/**
 * The mileage booking form (spec BookingForm) as POST /calculate-distance-price receives it.
 * Return fields are required only when select_option is 'return'; an empty return pickup or
 * drop-off means the reverse of the outward trip.
 */
export const bookingFormSchema = z.pipe(
  z.object(
    {
      ...routeShape,
      return_pickup: addressField('return_pickup'),
      return_dropoff: addressField('return_dropoff'),
      return_pickup_location: ukLocationField('return_pickup_location'),
      return_dropoff_location: ukLocationField('return_dropoff_location'),
      pickup_date: dateField('pickup_date'),
      pickup_hour: hourField('pickup_hour'),
      pickup_min: minuteField('pickup_min'),
      select_option: z._default(tripOptionSchema, 'one_way'),
      return_date: z.optional(z.nullable(z.string())),
      return_hour: z.optional(z.nullable(z.string())),
      return_min: z.optional(z.nullable(z.union([z.string(), z.number()]))),
      pickup_fight_number: travelReferenceField('pickup_fight_number'),
      return_fight_number: travelReferenceField('return_fight_number'),
      ...outwardExtrasShape,
      ...returnExtrasShape,
    },
    { error: FIELD_MESSAGES.notObject('The booking form') },
  ),
  z.transform((form, ctx) => {
    requireRoute(ctx, form);
    waitingStepCheck(ctx, form.waiting_min, 'waiting_min');
    const isReturn = form.select_option === 'return';
    let returnDate: string | null = null;
    let returnHour: string | null = null;
    let returnMin: string | null = null;
    let returnCount = form.passengers;
    if (isReturn) {
      waitingStepCheck(ctx, form.return_waiting_min, 'return_waiting_min');
      returnDate = returnField(ctx, RETURN_RULES.date, form.return_date, 'return_date');
      returnHour = returnField(ctx, RETURN_RULES.hour, form.return_hour, 'return_hour');
      returnMin = returnField(ctx, RETURN_RULES.minute, form.return_min, 'return_min');
      const passengers = returnPassengers(form.return_passengers, form.passengers);
      returnCount =
        returnField(ctx, RETURN_RULES.passengers, passengers, 'return_passengers') ??
        form.passengers;
    }
    return {
      ...form,
      ...(isReturn ? returnRoute(form) : { return_pickup: '', return_dropoff: '' }),
      return_date: returnDate,
      return_hour: returnHour,
      return_min: returnMin,
      return_passengers: returnCount,
    };
  }),
);
export type BookingForm = z.infer<typeof bookingFormSchema>;
/** What a client sends (before defaults and number parsing). */
export type BookingFormInput = z.input<typeof bookingFormSchema>;

/**
 * The hourly form (spec HourlyRateForm) as POST /calculate-hourly-price receives it. The spec
 * names `userLocation {lat, lon}`; `pickup_location {lat, lng}` is accepted too (API.md).
 */
export const hourlyFormSchema = z.pipe(
  z.object(
    {
      pickup: addressField('pickup'),
      pickup_location: ukLocationField('pickup_location'),
      userLocation: z.optional(
        z.nullable(
          z.object({ lat: z.number(), lon: z.number() }, { error: FIELD_MESSAGES.userLocation }),
        ),
      ),
      pickup_date: dateField('pickup_date'),
      pickup_duration: z._default(durationField('pickup_duration'), 4),
      pickup_hour: hourField('pickup_hour'),
      pickup_min: minuteField('pickup_min'),
      pickup_fight_number: travelReferenceField('pickup_fight_number'),
      ...outwardExtrasShape,
    },
    { error: FIELD_MESSAGES.notObject('The hourly form') },
  ),
  z.transform((form, ctx) => {
    requireText(ctx, form.pickup, 'pickup', FIELD_MESSAGES.pickupRequired);
    waitingStepCheck(ctx, form.waiting_min, 'waiting_min');
    return form;
  }),
);
export type HourlyForm = z.infer<typeof hourlyFormSchema>;
export type HourlyFormInput = z.input<typeof hourlyFormSchema>;

/** True when a text names an airport or terminal (flight number field and airport pickups). */
export function mentionsAirport(text: string): boolean {
  return /airport|terminal/i.test(text);
}

/**
 * True when a text looks like an airline flight number: a two-character IATA or three-letter
 * ICAO airline code, then 1–4 digits and an optional suffix letter (BA283, U2 8021, EZY8021A).
 * The field also takes train stations and ferry names, so a mismatch only warns.
 */
export function looksLikeFlightNumber(text: string): boolean {
  return /^(?:[A-Z]{2,3}|[A-Z]\d|\d[A-Z])\s?\d{1,4}[A-Z]?$/i.test(text.trim());
}
