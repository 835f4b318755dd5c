import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { bookingChangeResponseSchema, useAfterBookingChange } from './change-status';
import { bookingPath } from './get-booking';
import { operatorKeys } from './operator-keys';

/** The retry path of one refund of one booking. */
export function refundRetryPath(bookingNumber: string, refundId: number): string {
  return bookingPath(API_PATHS.operatorRefundRetry, bookingNumber).replace(
    ':id',
    encodeURIComponent(String(refundId)),
  );
}

/**
 * POST /operator/bookings/{n}/refunds/{id}/retry: asks the card provider again now, rather than
 * at the server's next scheduled try. The key makes a double press one refund.
 */
export function retryRefund(bookingNumber: string, refundId: number, idempotencyKey: string) {
  return apiRequest(refundRetryPath(bookingNumber, refundId), {
    method: 'POST',
    idempotencyKey,
    schema: bookingChangeResponseSchema,
  });
}

export function useRetryRefund(bookingNumber: string) {
  const after = useAfterBookingChange(bookingNumber);
  return useMutation({
    mutationKey: operatorKeys.retryRefund(),
    mutationFn: ({ refundId, idempotencyKey }: { refundId: number; idempotencyKey: string }) =>
      retryRefund(bookingNumber, refundId, idempotencyKey),
    // Settled either way: a refusal may still have changed the refund (another try got there).
    onSettled: (answer) => after(answer),
    networkMode: 'always',
  });
}
