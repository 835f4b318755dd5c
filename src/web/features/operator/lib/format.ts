import { BOOKING_STATUS_LABELS, type BookingStatus } from '../../../../domain/booking-lifecycle';

/** The console's words for what the API sends as codes. */
export const PAYMENT_METHOD_LABELS = {
  car: 'Pay in car',
  card: 'Card',
  account: 'On account',
} as const;
export { PAYMENT_STATE_LABELS } from '../../../../domain/payment-state';

export function statusLabel(status: BookingStatus): string {
  return BOOKING_STATUS_LABELS[status];
}

export { formatPounds, formatUkMoment } from '../../../lib/format-uk-moment';
export { formatDay } from '../../../lib/format-day';
