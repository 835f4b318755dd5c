import { useMutation } from '@tanstack/react-query';
import type { AssignDriverRequest } from '../../../../contract/operator';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { bookingChangeResponseSchema, useAfterBookingChange } from './change-status';
import { bookingPath } from './get-booking';
import { operatorKeys } from './operator-keys';

/** POST /operator/bookings/{n}/assign: the driver and the vehicle they drive today. */
export function assignDriver(
  bookingNumber: string,
  body: AssignDriverRequest,
  idempotencyKey: string,
) {
  return apiRequest(bookingPath(API_PATHS.operatorBookingAssign, bookingNumber), {
    method: 'POST',
    body,
    idempotencyKey,
    schema: bookingChangeResponseSchema,
  });
}

export function useAssignDriver(bookingNumber: string) {
  const after = useAfterBookingChange(bookingNumber);
  return useMutation({
    mutationKey: operatorKeys.assignDriver(),
    mutationFn: ({ body, idempotencyKey }: { body: AssignDriverRequest; idempotencyKey: string }) =>
      assignDriver(bookingNumber, body, idempotencyKey),
    onSuccess: (answer) => after(answer),
    networkMode: 'always',
  });
}
