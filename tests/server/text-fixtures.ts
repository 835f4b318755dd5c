import { bookWith, todayForm } from './driver-job-fixtures';
import type { TestApp } from './helpers';

export const HEATHROW = 'Heathrow Executive Cars';
/** A number libphonenumber knows as a UK mobile (Ofcom's 07700 900 drama range is not valid). */
export const MOBILE = '07911 123456';
export const MOBILE_E164 = '+447911123456';

/**
 * Books with Heathrow today from a mobile that takes texts, each booking an hour later than the
 * last (so none collides); `app` is read at each call, as tests start theirs in beforeAll.
 */
export function mobileBooker(app: () => TestApp) {
  let hour = 0;
  return (registration: Record<string, unknown> = {}) => {
    hour += 1;
    return bookWith(app(), HEATHROW, todayForm({ pickup_hour: `${hour}pm` }), {
      number: MOBILE,
      ...registration,
    });
  };
}
