import * as z from 'zod/mini';
import { LIMITS } from './booking-limits';
import { latLngSchema } from './lat-lng';
import { MINUTE_OPTIONS, normaliseDate } from './time';

// Re-exported: the limits and coordinates live apart so the home page's first load can use
// them without this module's schemas (the price checks load on demand).
export { HOURLY_DURATIONS, LIMITS } from './booking-limits';
export { latLngSchema, type LatLng } from './lat-lng';

/**
 * The spec's BookingForm and HourlyRateForm (section 3) as the browser keeps them and the price
 * calls send them. Clients written to the spec send counts as numbers or as the text a <select>
 * holds ('2', '00'), so both are accepted and turned into numbers here, once.
 * Every message names its field, so a 400 tells the caller exactly what to fix.
 */

/** A whole number in [min, max], from a number or a digits-only string ('02' is 2). */
export function countField(field: string, min: number, max: number) {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return z.pipe(
    z.union([z.number({ error: message }), z.string().check(z.regex(/^\s*\d+\s*$/, message))], {
      error: message,
    }),
    z.pipe(
      z.transform((value: number | string) => Number(value)),
      z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message)),
    ),
  );
}

/** A count with a default when the client leaves it out, sends null or an empty string. */
export function optionalCount(field: string, min: number, max: number, fallback: number) {
  return z.pipe(
    z.transform((value: unknown) =>
      value === undefined || value === null || value === '' ? fallback : value,
    ),
    countField(field, min, max),
  );
}

/** 'yes' | 'no'; also accepts booleans. Missing means 'no'. */
export function yesNoField(field: string) {
  return z.pipe(
    z.transform((value: unknown) =>
      value === undefined || value === null || value === ''
        ? 'no'
        : value === true
          ? 'yes'
          : value === false
            ? 'no'
            : value,
    ),
    z.enum(['yes', 'no'], { error: `${field} must be yes or no` }),
  );
}

/** YYYY-MM-DD or dd/mm/yyyy in, YYYY-MM-DD out. */
export function dateField(field: string) {
  const message = `${field} must be a date like 2026-11-22`;
  return z.pipe(
    z.string({ error: message }),
    z.transform((text: string, ctx) => {
      const date = normaliseDate(text.trim());
      if (date === null) {
        ctx.issues.push({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      return date;
    }),
  );
}

/** 12-hour text as the spec sends it ('3pm', '12am'). */
export function hourField(field: string) {
  const message = `${field} must be an hour like 9am or 3pm`;
  return z.pipe(
    z.string({ error: message }).check(z.trim(), z.toLowerCase()),
    z.string().check(z.regex(/^(1[0-2]|[1-9])(am|pm)$/, message)),
  );
}

/** '00'..'55' in 5-minute steps; 5 or '5' become '05'. */
export function minuteField(field: string) {
  const message = `${field} must be 00 to 55 in steps of 5`;
  return z.pipe(
    z.union([z.number({ error: message }), z.string({ error: message })], { error: message }),
    z.pipe(
      z.transform((value: number | string) => String(value).trim().padStart(2, '0')),
      z.enum(MINUTE_OPTIONS as [string, ...string[]], { error: message }),
    ),
  );
}

/**
 * The pickup text when the visitor sends their own position without a street address ("use my
 * current location"): the one text whose coordinates the server prices on their own. Any other
 * text must be placed by the server, and coordinates only refine it.
 */
export const CURRENT_LOCATION_TEXT = 'Current location';

/** Optional coordinates that must lie in or near the UK (the product's service area). */
export function ukLocationField(field: string) {
  const message = `${field} must be a point in the United Kingdom`;
  return z.optional(
    z.nullable(
      latLngSchema.check(
        z.refine(({ lat, lng }) => lat >= 49.5 && lat <= 61 && lng >= -8.7 && lng <= 2.1, message),
      ),
    ),
  );
}

/** An address as typed or picked; empty is allowed here and required where the form needs it. */
export function addressField(field: string) {
  return z._default(
    z
      .string({ error: `${field} must be text` })
      .check(
        z.trim(),
        z.maxLength(
          LIMITS.addressMaxLength,
          `${field} must be at most ${LIMITS.addressMaxLength} characters`,
        ),
      ),
    '',
  );
}

const stopFieldsSchema = z.object({
  street_name: addressField('stops.street_name'),
  number: z._default(
    z.pipe(
      z.union([z.string(), z.number()], { error: 'stops.number must be text' }),
      z.transform((value: string | number) => String(value).trim().slice(0, 20)),
    ),
    '',
  ),
  postcode: addressField('stops.postcode'),
  location: ukLocationField('stops.location'),
});

/**
 * One extra stop. The spec names its fields two ways (street_name/number/postcode and
 * stop_street_no/stop_number/stop_postcode); both are read.
 */
export const stopSchema = z.pipe(
  z.transform((value: unknown) => {
    const row = (typeof value === 'object' && value !== null ? value : {}) as Record<
      string,
      unknown
    >;
    // The object schema next checks every field; this only picks which name was used.
    return {
      street_name: row.street_name ?? row.stop_street_no,
      number: row.number ?? row.stop_number,
      postcode: row.postcode ?? row.stop_postcode,
      location: row.location,
    } as z.input<typeof stopFieldsSchema>;
  }),
  stopFieldsSchema,
);
export type Stop = z.infer<typeof stopSchema>;

/** A stop's address as one line: '12, Baker Street, NW1 6XE'. Empty for a blank row. */
export function stopAddress(stop: Pick<Stop, 'street_name' | 'number' | 'postcode'>): string {
  return [stop.number, stop.street_name, stop.postcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** The extras of one leg; the return leg has the same set under return_ names. */
const outwardExtras = {
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

const returnExtras = {
  /** Missing return passengers copy the outward count (spec section 4); resolved in the form schema. */
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

/** The extras of one leg after parsing, whichever leg it is. */
export type LegExtras = {
  passengers: number;
  luggages: number;
  hand_luggages: number;
  special_luggage: number;
  baby_seats: number;
  booster_seats: number;
  waiting_min: number;
  meet_and_greet: 'yes' | 'no';
  wheel_chair: 'yes' | 'no';
};

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
      message: `${path} must be in steps of 5 minutes`,
      path: [path],
      input: minutes,
    });
  }
}

/**
 * The flight number, train station, sea port or ferry name for an airport or terminal leg
 * (spec: Personal details page); free text, since it may be any of those.
 */
export function travelReferenceField(field: string) {
  return z._default(
    z.string().check(z.trim(), z.maxLength(40, `${field} must be at most 40 characters`)),
    '',
  );
}

/**
 * The mileage booking form (spec BookingForm) as POST /calculate-distance-price receives it.
 * Return fields are required only when select_option is 'return'; an empty return pickup or
 * drop-off means the reverse of the outward trip.
 */
export const bookingFormSchema = z.pipe(
  z.object(
    {
      pickup: addressField('pickup'),
      dropoff: addressField('dropoff'),
      return_pickup: addressField('return_pickup'),
      return_dropoff: addressField('return_dropoff'),
      pickup_location: ukLocationField('pickup_location'),
      dropoff_location: ukLocationField('dropoff_location'),
      return_pickup_location: ukLocationField('return_pickup_location'),
      return_dropoff_location: ukLocationField('return_dropoff_location'),
      stops: z._default(
        z
          .array(stopSchema, { error: 'stops must be a list' })
          .check(z.maxLength(LIMITS.stopsMax, `stops may hold at most ${LIMITS.stopsMax} entries`)),
        [],
      ),
      pickup_date: dateField('pickup_date'),
      pickup_hour: hourField('pickup_hour'),
      pickup_min: minuteField('pickup_min'),
      select_option: z._default(
        z.enum(['one_way', 'return'], { error: 'select_option must be one_way or return' }),
        'one_way',
      ),
      return_date: z.optional(z.nullable(z.string())),
      return_hour: z.optional(z.nullable(z.string())),
      return_min: z.optional(z.nullable(z.union([z.string(), z.number()]))),
      pickup_fight_number: travelReferenceField('pickup_fight_number'),
      return_fight_number: travelReferenceField('return_fight_number'),
      ...outwardExtras,
      ...returnExtras,
    },
    { error: 'The booking form must be a JSON object' },
  ),
  z.transform((form, ctx) => {
    requireText(ctx, form.pickup, 'pickup', 'Enter the Pick-Up address');
    requireText(ctx, form.dropoff, 'dropoff', 'Enter the Drop-Off address');
    waitingStepCheck(ctx, form.waiting_min, 'waiting_min');
    const isReturn = form.select_option === 'return';
    let returnDate: string | null = null;
    let returnHour: string | null = null;
    let returnMin: string | null = null;
    let returnPassengers = form.passengers;
    if (isReturn) {
      waitingStepCheck(ctx, form.return_waiting_min, 'return_waiting_min');
      const date = z.safeParse(dateField('return_date'), form.return_date ?? undefined);
      const hour = z.safeParse(hourField('return_hour'), form.return_hour ?? undefined);
      const minute = z.safeParse(minuteField('return_min'), form.return_min ?? undefined);
      if (date.success) returnDate = date.data;
      else
        ctx.issues.push({
          code: 'custom',
          message: 'return_date must be a date like 2026-11-23',
          path: ['return_date'],
          input: form.return_date,
        });
      if (hour.success) returnHour = hour.data;
      else
        ctx.issues.push({
          code: 'custom',
          message: 'return_hour must be an hour like 9am or 3pm',
          path: ['return_hour'],
          input: form.return_hour,
        });
      if (minute.success) returnMin = minute.data;
      else
        ctx.issues.push({
          code: 'custom',
          message: 'return_min must be 00 to 55 in steps of 5',
          path: ['return_min'],
          input: form.return_min,
        });
      const given = form.return_passengers;
      if (given !== undefined && given !== null && given !== '') {
        const passengers = z.safeParse(
          countField('return_passengers', 1, LIMITS.passengersMax),
          given,
        );
        if (passengers.success) returnPassengers = passengers.data;
        else
          ctx.issues.push({
            code: 'custom',
            message: `return_passengers must be a whole number from 1 to ${LIMITS.passengersMax}`,
            path: ['return_passengers'],
            input: given,
          });
      }
    }
    return {
      ...form,
      return_pickup: isReturn ? form.return_pickup || form.dropoff : '',
      return_dropoff: isReturn ? form.return_dropoff || form.pickup : '',
      return_date: returnDate,
      return_hour: returnHour,
      return_min: returnMin,
      return_passengers: returnPassengers,
    };
  }),
);
export type BookingForm = z.infer<typeof bookingFormSchema>;
/** What a client sends (before defaults and number parsing). */
export type BookingFormInput = z.input<typeof bookingFormSchema>;

/** The extras of the outward (or only) leg of a parsed form. */
export function outwardLegExtras(form: LegExtras): LegExtras {
  return {
    passengers: form.passengers,
    luggages: form.luggages,
    hand_luggages: form.hand_luggages,
    special_luggage: form.special_luggage,
    baby_seats: form.baby_seats,
    booster_seats: form.booster_seats,
    waiting_min: form.waiting_min,
    meet_and_greet: form.meet_and_greet,
    wheel_chair: form.wheel_chair,
  };
}

/** The extras of the return leg of a parsed form. */
export function returnLegExtras(form: BookingForm): LegExtras {
  return {
    passengers: form.return_passengers,
    luggages: form.return_luggages,
    hand_luggages: form.return_hand_luggages,
    special_luggage: form.return_special_luggage,
    baby_seats: form.return_baby_seats,
    booster_seats: form.return_booster_seats,
    waiting_min: form.return_waiting_min,
    meet_and_greet: form.return_meet_and_greet,
    wheel_chair: form.return_wheel_chair,
  };
}

/** '6hour' (or 6) to 6. */
export function durationField(field: string) {
  const message = `${field} must be 4hour to 24hour`;
  return z.pipe(
    z.union([z.string({ error: message }), z.number({ error: message })], { error: message }),
    z.pipe(
      z.transform((value: string | number) =>
        Number(
          String(value)
            .trim()
            .replace(/\s*(hours?|hrs?)$/i, ''),
        ),
      ),
      z
        .int({ error: message })
        .check(
          z.minimum(LIMITS.hourlyDurationMin, message),
          z.maximum(LIMITS.hourlyDurationMax, message),
        ),
    ),
  );
}

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
          z.object(
            { lat: z.number(), lon: z.number() },
            { error: 'userLocation must hold lat and lon' },
          ),
        ),
      ),
      pickup_date: dateField('pickup_date'),
      pickup_duration: z._default(durationField('pickup_duration'), 4),
      pickup_hour: hourField('pickup_hour'),
      pickup_min: minuteField('pickup_min'),
      pickup_fight_number: travelReferenceField('pickup_fight_number'),
      ...outwardExtras,
    },
    { error: 'The hourly form must be a JSON object' },
  ),
  z.transform((form, ctx) => {
    requireText(ctx, form.pickup, 'pickup', 'Enter the Pick-Up address');
    waitingStepCheck(ctx, form.waiting_min, 'waiting_min');
    return form;
  }),
);
export type HourlyForm = z.infer<typeof hourlyFormSchema>;
export type HourlyFormInput = z.input<typeof hourlyFormSchema>;

/** The spec's BookingType, with its spelling. */
export const bookingTypeSchema = z.enum(['milleage', 'hourly'], {
  error: 'bookingType must be milleage or hourly',
});
export type BookingType = z.infer<typeof bookingTypeSchema>;

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
