import { londonDateAndMinute, londonWallClockToUtc } from '../../domain/uk-time';

/**
 * The domain's UK wall-clock conversions (domain/uk-time.ts) with the same answers for every
 * input, but fast enough for the quote path: the domain asks Intl for every instant, which
 * costs a few microseconds each and a quote asks four or five times.
 *
 * London's offset from UTC only ever changes on a whole UTC hour (01:00 UTC, both ways), so it
 * is asked of the domain (Intl) once per UTC hour and remembered; the local date and minute
 * are then plain arithmetic. An hour whose start and last minute disagree about the offset
 * (which the UK's rules never produce) and instants outside the years this was checked for
 * are answered by the domain itself.
 */

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;
/** Where the fast path applies: London has kept whole-hour offsets over this whole span. */
const FAST_FROM_MS = Date.UTC(1980, 0, 1);
const FAST_UNTIL_MS = Date.UTC(2200, 0, 1);
/** Remembered hours before the table starts again: about eleven years of distinct hours. */
const MAX_REMEMBERED_HOURS = 100_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** London's offset in minutes throughout a UTC hour, or null when it changes within it. */
const offsetByHour = new Map<number, number | null>();

/** The offset the domain (Intl) gives at a whole UTC minute. */
function domainOffsetMinutes(ms: number): number {
  const local = londonDateAndMinute(new Date(ms));
  const [year, month, day] = local.date.split('-').map(Number) as [number, number, number];
  const localAsUtc = Date.UTC(year, month - 1, day) + local.minuteOfDay * MS_PER_MINUTE;
  return (localAsUtc - ms) / MS_PER_MINUTE;
}

function offsetForHour(hour: number): number | null {
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  const start = hour * MS_PER_HOUR;
  const first = domainOffsetMinutes(start);
  const last = domainOffsetMinutes(start + MS_PER_HOUR - MS_PER_MINUTE);
  const offset = first === last && Number.isInteger(first) ? first : null;
  if (offsetByHour.size >= MAX_REMEMBERED_HOURS) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** domain londonDateAndMinute: the UK local date and minute of the day at an instant. */
export function londonDateAndMinuteFast(instant: Date): { date: string; minuteOfDay: number } {
  const ms = instant.getTime();
  if (!(ms >= FAST_FROM_MS && ms < FAST_UNTIL_MS)) return londonDateAndMinute(instant);
  const offset = offsetForHour(Math.floor(ms / MS_PER_HOUR));
  if (offset === null) return londonDateAndMinute(instant);
  const local = new Date(ms + offset * MS_PER_MINUTE);
  return {
    date: `${local.getUTCFullYear()}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}`,
    minuteOfDay: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/** domain todayInLondon. */
export function todayInLondonFast(now: Date): string {
  return londonDateAndMinuteFast(now).date;
}

/**
 * domain londonWallClockToUtc. The usual case (a valid time that happens exactly once) is
 * worked out here as the domain does it; anything else, a time in the spring gap or input the
 * domain refuses, is handed to the domain, so the answers and the errors stay its own.
 */
export function londonWallClockToUtcFast(date: string, hour24: number, minute: number): Date {
  const match = ISO_DATE.exec(date);
  if (
    match &&
    Number.isInteger(hour24) &&
    hour24 >= 0 &&
    hour24 <= 23 &&
    Number.isInteger(minute) &&
    minute >= 0 &&
    minute <= 59
  ) {
    const wanted = hour24 * 60 + minute;
    const asIfUtc = Date.UTC(
      Number(match[1]),
      Number(match[2]) - 1,
      Number(match[3]),
      hour24,
      minute,
    );
    // London is never more than an hour from UTC: the earlier (summer time) reading first.
    for (const offset of [60, 0]) {
      const instant = new Date(asIfUtc - offset * MS_PER_MINUTE);
      const local = londonDateAndMinuteFast(instant);
      if (local.date === date && local.minuteOfDay === wanted) return instant;
    }
  }
  return londonWallClockToUtc(date, hour24, minute);
}
