import { UK_TIME_ZONE } from '../../domain/time';

const momentParts = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: UK_TIME_ZONE,
});

/**
 * An instant in UK time, e.g. 'Tue 1 Dec 2026, 14:30' ('…, 14:30:05' with `seconds`), whatever
 * the device's own zone. Built from parts: engines differ on the comma after the weekday.
 */
export function formatUkMoment(iso: string, { seconds = false } = {}): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const part = Object.fromEntries(
    momentParts.formatToParts(instant).map((item) => [item.type, item.value]),
  ) as Record<string, string>;
  const time = seconds ? formatUkClock(iso, { seconds }) : `${part.hour}:${part.minute}`;
  return `${part.weekday} ${part.day} ${part.month} ${part.year}, ${time}`;
}

const clockParts = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: UK_TIME_ZONE,
});

/**
 * An instant's UK time of day: '14:32', or '14:32:05' with `seconds` (a trail's presses, where
 * seconds can settle a dispute).
 */
export function formatUkClock(iso: string, { seconds = false } = {}): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const part = Object.fromEntries(
    clockParts.formatToParts(instant).map((item) => [item.type, item.value]),
  ) as Record<string, string>;
  return seconds ? `${part.hour}:${part.minute}:${part.second}` : `${part.hour}:${part.minute}`;
}
