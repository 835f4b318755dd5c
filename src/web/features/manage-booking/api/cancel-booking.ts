import { useMutation } from '@tanstack/react-query';
import {
  cancelResponseSchema,
  type CancelRequest,
  type CancelResponse,
} from '../../../../contract/manage-booking';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { accessOptions, managePath, type ManageAccess } from '../lib/access';
import { useKeepBooking } from './get-managed-booking';
import { manageBookingKeys } from './manage-booking-keys';

/**
 * POST /manage-booking/{n}/cancel. The Idempotency-Key makes a retry or a second press answer
 * the first cancellation again, so a card is never refunded twice.
 */
export function cancelBooking(
  bookingNumber: string,
  access: ManageAccess,
  body: CancelRequest,
  idempotencyKey: string,
): Promise<CancelResponse> {
  return apiRequest(managePath(API_PATHS.manageBookingCancel, bookingNumber), {
    method: 'POST',
    body,
    idempotencyKey,
    ...accessOptions(access),
    schema: cancelResponseSchema,
  });
}

export function useCancelBooking() {
  const keep = useKeepBooking();
  return useMutation({
    mutationKey: manageBookingKeys.cancel(),
    mutationFn: ({
      bookingNumber,
      access,
      body,
      idempotencyKey,
    }: {
      bookingNumber: string;
      access: ManageAccess;
      body: CancelRequest;
      idempotencyKey: string;
    }) => cancelBooking(bookingNumber, access, body, idempotencyKey),
    onSuccess: (answer, { access }) => keep(answer.booking, access),
    networkMode: 'always',
  });
}
