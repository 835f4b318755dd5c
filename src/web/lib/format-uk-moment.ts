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
 * An instant in UK time, e.g. 'Tue 1 Dec 2026, 14:30', whatever the device's own zone. Built
 * from parts: engines differ on the comma after the weekday.
 */
export function formatUkMoment(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const part = Object.fromEntries(
    momentParts.formatToParts(instant).map((item) => [item.type, item.value]),
  ) as Record<string, string>;
  return `${part.weekday} ${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute}`;
}
