import type { CorporateBooking } from '../../../../contract/corporate';
import { formatMoney, poundsToPence } from '../../../../domain/money';

/**
 * The corporate list's wording (spec section 2, Corporate area). Kept here rather than in
 * domain/messages.ts because only these screens use them.
 */
export const CORPORATE_LABELS = {
  payToDriver: 'Pay to driver',
  payByCard: 'Pay by Card',
  onAccount: 'On account',
  quotation: 'Quotation',
  hourlyBooking: 'Hourly Booking',
  successTitle: 'Success',
  errorTitle: 'Error',
  corporateAccount: 'Corporate Account',
} as const;

/** 'car' is paid to the driver, 'account' charged to the account (a phone booking), else card. */
export function paymentLabel(method: CorporateBooking['payment_method']): string {
  if (method === 'account') return CORPORATE_LABELS.onAccount;
  return method === 'car' ? CORPORATE_LABELS.payToDriver : CORPORATE_LABELS.payByCard;
}

/** Ride type 'Q' is a normal (quoted) booking; otherwise an hourly one. */
export function rideTypeLabel(rideType: CorporateBooking['ride_type']): string {
  return rideType === 'Q' ? CORPORATE_LABELS.quotation : CORPORATE_LABELS.hourlyBooking;
}

const momentFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment on this device's clock, e.g. '21 Nov 2026, 17:40' (when a copy was fetched). */
export function formatMoment(ms: number): string {
  return momentFormat.format(ms);
}

/** The booking amount in pounds, en-GB, e.g. '£1,234.50' (currency code from the server). */
export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: currency || 'GBP',
    }).format(amount);
  } catch {
    // An unknown currency code: pounds, as every booking of this site is priced.
    return formatMoney(poundsToPence(amount), '£');
  }
}

/** en-GB whole numbers, e.g. 1,000. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-GB');
}

export { formatDay } from '../../../lib/format-day';
