import type { BankHoliday, HolidayRegion } from '../../../domain/pricing-model';

/**
 * UK bank holidays for the uplift, from the `date-holidays` rules (GB-ENG for England and
 * Wales, GB-SCT for Scotland). Both the day itself and its substitute weekday are kept: when
 * Boxing Day falls on a Saturday the operators still charge holiday rates on the 26th, and the
 * substitute Monday is a bank holiday in law.
 */

/** Which date-holidays calendar each of our regions follows. */
const CALENDARS: Record<HolidayRegion, { country: string; state: string }> = {
  'england-and-wales': { country: 'GB', state: 'ENG' },
  scotland: { country: 'GB', state: 'SCT' },
};

/** The first year the demo prices trips in. */
const FIRST_YEAR = 2026;
/** Label in the seed digest: a different rules version means a different list. */
export const HOLIDAY_RULES = 'date-holidays@3.37.0';

/**
 * Years to hold holidays for: from 2026 to 2028, and always through next year, since a pickup
 * may be booked up to a year ahead. A new year changes this list and so re-applies the seed.
 */
export function bankHolidayYears(now: Date): number[] {
  const last = Math.max(2028, now.getUTCFullYear() + 1);
  return Array.from({ length: last - FIRST_YEAR + 1 }, (_, i) => FIRST_YEAR + i);
}

/**
 * The bank holidays of both calendars in `years`, in date order. The library is loaded only
 * here (it parses every country's rules, a quarter of a second), so it costs nothing on a
 * start where the seed is already applied.
 */
export async function ukBankHolidays(years: number[]): Promise<BankHoliday[]> {
  const { default: Holidays } = await import('date-holidays');
  const holidays: BankHoliday[] = [];
  for (const [region, calendar] of Object.entries(CALENDARS) as [
    HolidayRegion,
    (typeof CALENDARS)[HolidayRegion],
  ][]) {
    const rules = new Holidays(calendar.country, calendar.state, { types: ['public', 'bank'] });
    for (const year of years) {
      for (const holiday of rules.getHolidays(year)) {
        if (holiday.type !== 'public' && holiday.type !== 'bank') continue;
        holidays.push({ date: holiday.date.slice(0, 10), region, name: holiday.name });
      }
    }
  }
  return holidays.sort((a, b) => a.date.localeCompare(b.date) || a.region.localeCompare(b.region));
}
