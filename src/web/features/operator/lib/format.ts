import { BOOKING_STATUS_LABELS, type BookingStatus } from '../../../../domain/booking-lifecycle';

export { PAYMENT_STATE_LABELS } from '../../../../domain/payment-state';

export function statusLabel(status: BookingStatus): string {
  return BOOKING_STATUS_LABELS[status];
}

export { formatPounds } from '../../../../domain/money';
export { formatUkMoment } from '../../../lib/format-uk-moment';
export { formatDay } from '../../../lib/format-day';
