import { clockTime } from './price-explanation';
import { formatDateGB } from './time';
import { londonDateAndMinute } from './uk-time';

/** A moment in UK time as the console says it: "16:42 on 06/12/2026". */
export function ukTimeOn(at: Date): string {
  const { date, minuteOfDay } = londonDateAndMinute(at);
  return `${clockTime(minuteOfDay)} on ${formatDateGB(date)}`;
}

/** What the Prices page's calls say to people (issue 33). */
export const PRICE_MESSAGES = {
  /** The 409 of a save over someone else's: never a silent overwrite. */
  changedBy: (what: string, name: string | null, at: Date | null) =>
    `${what} was changed by ${name ?? 'someone else'}${at ? ` at ${ukTimeOn(at)}` : ''} since you opened it. ` +
    'Reload to see the change, then make yours again.',
  companyRequired: 'company_id is required: choose the company whose prices these are',
  companyNotFound: 'Company not found',
  rateCardNotFound: 'Rate card not found',
  versionNotFound: 'Price version not found',
  zoneNotFound: 'Zone not found',
  zoneNameTaken: 'name is already the name of another zone',
  bankHolidayNotFound: 'Bank holiday not found',
  notACategory: (i: number) => `fixed_fares.${i}.category_id must be a category this company runs`,
  notAZone: 'must be a zone',
  nothingChanged: 'Nothing changed: the prices are already these.',
  alreadyCurrent: 'This version is already the current prices.',
  firstVersion: 'Prices before the first change in the console',
} as const;
