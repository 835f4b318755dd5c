import { normaliseDate } from '../../domain/time';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date (YYYY-MM-DD) as '21 Nov 2026', as the corporate and console screens show
 * dates; text that is not a date is shown as sent.
 */
export function formatDay(isoDate: string): string {
  const normal = normaliseDate(isoDate);
  if (!normal) return isoDate;
  const [y, m, d] = normal.split('-').map(Number) as [number, number, number];
  // A calendar date, not an instant: formatted in UTC so no zone moves it a day.
  return dayFormat.format(Date.UTC(y, m - 1, d));
}

/** A leg's pickup as the pages show it: '8 Dec 2026, 19:05' ('8 Dec 2026' without a time). */
export function formatDayAndTime(isoDate: string, time: string): string {
  return time ? `${formatDay(isoDate)}, ${time}` : formatDay(isoDate);
}
