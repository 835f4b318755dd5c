import type { BookingStatus } from '../../../../domain/booking-lifecycle';
import { londonDateAndMinute, londonWallClockToUtc } from '../../../../domain/uk-time';
import { formatDay } from '../../../lib/format-day';

/** On the way this long before the pickup asks first: a press days early is a slip. */
const EARLY_ON_THE_WAY_HOURS = 12;

/** A leg's pickup as an instant, from its UK date ('2026-12-06') and time ('18:00'). */
export function pickupInstant(date: string, time: string): Date | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return null;
  return londonWallClockToUtc(date, Number(match[1]), Number(match[2]));
}

function clock(instant: Date): string {
  const minute = londonDateAndMinute(instant).minuteOfDay;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(minute / 60))}:${two(minute % 60)}`;
}

/**
 * Whether a step asks before it is sent, and what it says (issue 33, from a new operator's
 * walk that completed a trip nine days early): Complete and No-show always ask, and say when
 * the pickup time has not come yet; On the way asks when the pickup is more than 12 hours away.
 */
export function stepConfirmation(
  step: BookingStatus,
  noun: string,
  pickupAt: Date | null,
  now: Date,
): { title: string; lines: string[] } | null {
  const notYet =
    pickupAt !== null && now < pickupAt
      ? [`The pickup time, ${clock(pickupAt)}, has not come yet.`]
      : [];
  if (step === 'completed') return { title: `Complete the ${noun}?`, lines: notYet };
  if (step === 'no_show') {
    return {
      title: `Record a No-show for the ${noun}?`,
      lines: notYet.length ? [...notYet, 'A No-show can be recorded only after it.'] : [],
    };
  }
  if (
    step === 'en_route' &&
    pickupAt !== null &&
    pickupAt.getTime() - now.getTime() > EARLY_ON_THE_WAY_HOURS * 3_600_000
  ) {
    const day = formatDay(londonDateAndMinute(pickupAt).date);
    return {
      title: 'On the way already?',
      lines: [`The pickup is on ${day} at ${clock(pickupAt)}, more than 12 hours away.`],
    };
  }
  return null;
}
