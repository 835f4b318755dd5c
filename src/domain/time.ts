import * as z from 'zod/mini';

/** Bookings are in UK local time whatever the visitor's device says. */
export const UK_TIME_ZONE = 'Europe/London';

/** 12-hour hour text as the spec sends it: '12am', '1am' … '11am', '12pm', '1pm' … '11pm'. */
export const hour12Schema = z
  .string()
  .check(z.regex(/^(1[0-2]|[1-9])(am|pm)$/i, 'Hour must look like 9am or 3pm'));

/** Minutes come in 5-minute steps, '00' to '55'. */
export const MINUTE_OPTIONS = Array.from({ length: 12 }, (_, i) => String(i * 5).padStart(2, '0'));
export const minuteSchema = z.enum(MINUTE_OPTIONS as [string, ...string[]], {
  error: 'Minutes must be 00 to 55 in steps of 5',
});

/** The spec's rule: 12am becomes 00 and pm hours add 12 (12pm stays 12). */
export function hour12To24(text: string): number {
  const parsed = hour12Schema.safeParse(text);
  if (!parsed.success) throw new RangeError(`Not a 12-hour hour: ${text}`);
  const lower = parsed.data.toLowerCase();
  const hour = Number(lower.slice(0, -2));
  const pm = lower.endsWith('pm');
  if (hour === 12) return pm ? 12 : 0;
  return pm ? hour + 12 : hour;
}

/**
 * The form's 12-hour hour and minute as 24-hour 'HH:MM': ('3pm', '05') -> '15:05',
 * ('12am', '') -> '00:00'. A missing minute reads as '00'; an hour that is not one throws a
 * RangeError (hour12To24), which a caller showing text catches.
 */
export function twelveHourToHhmm(hour12: string, minute: string): string {
  return `${String(hour12To24(hour12)).padStart(2, '0')}:${(minute || '00').padStart(2, '0')}`;
}

/** 0..23 to the spec's 12-hour text (0 -> '12am', 13 -> '1pm'). */
export function hour24To12(hour: number): string {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23)
    throw new RangeError(`Not an hour: ${hour}`);
  const suffix = hour < 12 ? 'am' : 'pm';
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}${suffix}`;
}

/**
 * Every hour as a clock runs, in the spec's 12-hour text: '12am' (midnight) first, '12pm' (noon)
 * after '11am'. The spec's own hourly list (1am … 12am, 1pm … 12pm) put midnight between 11am
 * and 1pm, so a passenger choosing noon booked midnight (issue 20).
 */
export const CLOCK_HOURS: readonly string[] = Array.from({ length: 24 }, (_, hour) =>
  hour24To12(hour),
);

/**
 * What a time picker shows for an hour: '12am' and '12pm' are read either way round, so they
 * say which they are; the value sent stays the spec's text.
 */
export function hourLabel(hour12: string): string {
  if (hour12 === '12am') return '12am (midnight)';
  if (hour12 === '12pm') return '12pm (noon)';
  return hour12;
}

/** Accepts YYYY-MM-DD or dd/mm/yyyy (both readings of the spec) and returns YYYY-MM-DD. */
export function normaliseDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const uk = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : uk ? [uk[3], uk[2], uk[1]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const valid =
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(m) - 1 &&
    date.getUTCDate() === Number(d);
  return valid ? `${y}-${m}-${d}` : null;
}

/** en-GB display of a YYYY-MM-DD date, e.g. '2026-11-21' -> '21/11/2026'. */
export function formatDateGB(isoDate: string): string {
  const normal = normaliseDate(isoDate);
  if (!normal) return isoDate;
  const [y, m, d] = normal.split('-');
  return `${d}/${m}/${y}`;
}
