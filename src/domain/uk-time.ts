import { hour12To24, UK_TIME_ZONE } from './time';

/**
 * UK wall-clock time <-> instants, with the clock changes done by the JavaScript runtime's own
 * time-zone data (Intl), so no library and no hand-kept table of DST dates can go stale.
 * Dates are 'YYYY-MM-DD' strings; minutes of the day run 0..1439.
 */

const MS_PER_MINUTE = 60_000;
const MINUTES_PER_DAY = 24 * 60;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// One formatter for the whole process: building Intl formatters is slow and this one is hot.
// 'h23' because some runtimes print midnight as 24:00 with hour12: false.
const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Splits 'YYYY-MM-DD' into numbers, rejecting text that is not a real calendar date. */
function parseIsoDate(date: string): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(date);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [];
  if (year === undefined || month === undefined || day === undefined) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  }
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return { year, month, day };
}

/** 'YYYY-MM-DD' of a UTC midnight, the inverse of parseIsoDate for valid dates. */
function formatIsoDate(utcMidnight: Date): string {
  return utcMidnight.toISOString().slice(0, 10);
}

/** The UK local date and minute of the day at an instant (e.g. for night and bank-holiday rules). */
export function londonDateAndMinute(instant: Date): { date: string; minuteOfDay: number } {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Not a valid instant');
  const parts: Record<string, string> = {};
  for (const part of londonParts.formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The UK clock time at an instant, HH:MM (24-hour), as a message names a time. */
export function londonTimeOfDay(instant: Date): string {
  const minute = londonDateAndMinute(instant).minuteOfDay;
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** Today's date in the UK, which is what "pickup date cannot be before today" means. */
export function todayInLondon(now: Date): string {
  return londonDateAndMinute(now).date;
}

/** Calendar arithmetic on 'YYYY-MM-DD' (tomorrow's default pickup, the return date after it). */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  const { year, month, day } = parseIsoDate(date);
  return formatIsoDate(new Date(Date.UTC(year, month - 1, day + days)));
}

/** Minutes London is ahead of UTC at an instant: 0 in winter (GMT), 60 in summer (BST). */
function londonOffsetMinutes(instant: Date): number {
  const local = londonDateAndMinute(instant);
  const { year, month, day } = parseIsoDate(local.date);
  const localAsUtc = Date.UTC(year, month - 1, day) + local.minuteOfDay * MS_PER_MINUTE;
  return Math.round((localAsUtc - instant.getTime()) / MS_PER_MINUTE);
}

/**
 * The instant a UK wall-clock time names. In the spring gap (e.g. 01:30 on the last Sunday of
 * March, which never happens) the time moves forward an hour, as a clock set before the change
 * would; in the autumn overlap (01:30 happens twice) the first, BST, occurrence is taken so a
 * pickup is never scheduled later than the customer meant.
 */
export function londonWallClockToUtc(date: string, hour24: number, minute: number): Date {
  if (!Number.isInteger(hour24) || hour24 < 0 || hour24 > 23) {
    throw new RangeError(`Not an hour: ${hour24}`);
  }
  if (!Number.isInteger(minute) || minute < 0 || minute > 59) {
    throw new RangeError(`Not a minute: ${minute}`);
  }
  const { year, month, day } = parseIsoDate(date);
  const wanted = hour24 * 60 + minute;
  const asIfUtc = Date.UTC(year, month - 1, day, hour24, minute);
  // London is never more than an hour from UTC, so the answer is one of these two, earliest first.
  const candidates = [60, 0].map((offset) => new Date(asIfUtc - offset * MS_PER_MINUTE));
  const exact = candidates.find((instant) => {
    const local = londonDateAndMinute(instant);
    return local.date === date && local.minuteOfDay === wanted;
  });
  if (exact) return exact;
  // A time in the gap: read it with the offset in force before the change (a day earlier is
  // safely before it; the UK never changes clocks twice in a day).
  const offsetBefore = londonOffsetMinutes(new Date(asIfUtc - MINUTES_PER_DAY * MS_PER_MINUTE));
  return new Date(asIfUtc - offsetBefore * MS_PER_MINUTE);
}

/**
 * The instant a booking form's UK date, 12-hour hour ('3pm') and minute ('05') name, under
 * londonWallClockToUtc's rules for the clock changes. `wallClockToUtc` may be a faster function
 * with the same answers (the server's quote path passes one that remembers offsets).
 */
export function formTimeToUtc(
  date: string,
  hour12: string,
  minute: string,
  wallClockToUtc: typeof londonWallClockToUtc = londonWallClockToUtc,
): Date {
  return wallClockToUtc(date, hour12To24(hour12), Number(minute));
}
