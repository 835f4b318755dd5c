import * as z from 'zod/mini';
import { normaliseDate } from '../domain/time';

/** The console's field rules, shared by its contracts: each message names the field. */

/** Text that must be there, trimmed, at most `max` long; the messages name the field. */
export const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${field} is required`),
      z.maxLength(max, `${field} is too long`),
    );

/** The years a date field takes unless it says otherwise. */
const DATE_YEARS = { min: 2000, max: 2099 };

/** A database id: a whole number the id columns (PostgreSQL integer) can hold. */
export const idField = (message: string) =>
  z.int({ error: message }).check(z.minimum(1, message), z.maximum(2_147_483_647, message));

/**
 * A real calendar date as YYYY-MM-DD (no 30 February), in the years people book and drive in:
 * a year 0000 or 9999 is a typing slip, and would reach date arithmetic as nonsense. The
 * message names the field.
 */
export const isoDate = (field: string, years: { min: number; max: number } = DATE_YEARS) =>
  z.string({ error: `${field} must be a date as YYYY-MM-DD` }).check(
    z.refine((value) => {
      const normal = /^\d{4}-\d{2}-\d{2}$/.test(value) ? normaliseDate(value) : null;
      const year = Number(value.slice(0, 4));
      return normal !== null && year >= years.min && year <= years.max;
    }, `${field} must be a real date as YYYY-MM-DD, between ${years.min} and ${years.max}`),
  );

/** A registration as the older calls give it: letters, digits and spaces. */
export const registrationText = (field: string) =>
  text(field, 12).check(z.regex(/^[A-Za-z0-9 ]+$/, `${field} must be letters, digits and spaces`));
