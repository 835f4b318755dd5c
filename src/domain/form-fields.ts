import * as z from 'zod/mini';
import { LIMITS } from './booking-limits';
import { inServiceArea, latLngSchema } from './lat-lng';
import { FIELD_MESSAGES } from './messages';
import { MINUTE_OPTIONS, normaliseDate } from './time';

/**
 * The field rules of the booking forms (domain/booking-form.ts) and the services that read the
 * same values. Clients written to the spec send counts as numbers or as the text a <select>
 * holds ('2', '00'), so both are accepted and turned into numbers here, once. Every message
 * names its field (FIELD_MESSAGES), so a 400 tells the caller exactly what to fix.
 */

/** A whole number in [min, max], from a number or a digits-only string ('02' is 2). */
export function countField(field: string, min: number, max: number) {
  const message = FIELD_MESSAGES.wholeNumber(field, min, max);
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
    z.transform((value: unknown) => (isBlank(value) ? fallback : value)),
    countField(field, min, max),
  );
}

/** Left out, null or empty text: what a form sends for a field nobody filled in. */
export function isBlank(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

/** 'yes' | 'no'; also accepts booleans. Missing means 'no'. */
export function yesNoField(field: string) {
  return z.pipe(
    z.transform((value: unknown) =>
      isBlank(value) ? 'no' : value === true ? 'yes' : value === false ? 'no' : value,
    ),
    z.enum(['yes', 'no'], { error: FIELD_MESSAGES.yesOrNo(field) }),
  );
}

/** YYYY-MM-DD or dd/mm/yyyy in, YYYY-MM-DD out. */
export function dateField(field: string) {
  const message = FIELD_MESSAGES.date(field);
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
  const message = FIELD_MESSAGES.hour(field);
  return z.pipe(
    z.string({ error: message }).check(z.trim(), z.toLowerCase()),
    z.string().check(z.regex(/^(1[0-2]|[1-9])(am|pm)$/, message)),
  );
}

/** '00'..'55' in 5-minute steps; 5 or '5' become '05'. */
export function minuteField(field: string) {
  const message = FIELD_MESSAGES.minute(field);
  return z.pipe(
    z.union([z.number({ error: message }), z.string({ error: message })], { error: message }),
    z.pipe(
      z.transform((value: number | string) => String(value).trim().padStart(2, '0')),
      z.enum(MINUTE_OPTIONS as [string, ...string[]], { error: message }),
    ),
  );
}

/** '6hour' (or 6) to 6. */
export function durationField(field: string) {
  const message = FIELD_MESSAGES.duration(field);
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

/** Optional coordinates that must lie in or near the UK (the product's service area). */
export function ukLocationField(field: string) {
  const message = FIELD_MESSAGES.ukPoint(field);
  return z.optional(z.nullable(latLngSchema.check(z.refine(inServiceArea, message))));
}

/**
 * What the location button once put in the pickup when no address was found. A driver cannot
 * find it, so no form takes it (issue 20): the button now fills in the address the server
 * names for the position (GET /reverse-geocode). The distance providers still price it at the
 * coordinates sent, for a caller of theirs that has nothing better.
 */
export const CURRENT_LOCATION_TEXT = 'Current location';

/** An address as typed or picked; empty is allowed here and required where the form needs it. */
export function addressField(field: string) {
  return z._default(
    z.string({ error: FIELD_MESSAGES.text(field) }).check(
      z.trim(),
      z.maxLength(
        LIMITS.addressMaxLength,
        FIELD_MESSAGES.maxLength(field, LIMITS.addressMaxLength),
      ),
      z.refine(
        (text) => text.toLowerCase() !== CURRENT_LOCATION_TEXT.toLowerCase(),
        FIELD_MESSAGES.notAnAddress(field, CURRENT_LOCATION_TEXT),
      ),
    ),
    '',
  );
}

/** Optional text, trimmed, at most `max` characters; missing means ''. */
export function textField(field: string, max: number) {
  return z._default(
    z
      .string({ error: FIELD_MESSAGES.text(field) })
      .check(z.trim(), z.maxLength(max, FIELD_MESSAGES.maxLength(field, max))),
    '',
  );
}

/**
 * The flight number, train station, sea port or ferry name for an airport or terminal leg
 * (spec: Personal details page); free text, since it may be any of those.
 */
export function travelReferenceField(field: string) {
  return z._default(
    z.string().check(z.trim(), z.maxLength(40, FIELD_MESSAGES.maxLength(field, 40))),
    '',
  );
}
