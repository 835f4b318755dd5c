import type { CorporateBooking } from '../../../../contract/corporate';
import { currencySignOf, formatPounds } from '../../../../domain/money';
import { CORPORATE_PAYMENT_METHOD_LABELS } from '../../../../domain/payment-labels';

/**
 * The corporate list's wording (spec section 2, Corporate area). Kept here rather than in
 * domain/messages.ts because only these screens use them.
 */
export const CORPORATE_LABELS = {
  quotation: 'Quotation',
  hourlyBooking: 'Hourly Booking',
  successTitle: 'Success',
  errorTitle: 'Error',
  corporateAccount: 'Corporate Account',
} as const;

/** How the list names a booking's payment method (domain/payment-labels.ts). */
export function paymentLabel(method: CorporateBooking['payment_method']): string {
  return CORPORATE_PAYMENT_METHOD_LABELS[method];
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

/** The booking amount in the currency it was made in, e.g. '£1,234.50'. */
export function formatAmount(amount: number, currency: string): string {
  return formatPounds(amount, currencySignOf(currency));
}

/** en-GB whole numbers, e.g. 1,000. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-GB');
}

export { formatDay } from '../../../lib/format-day';
