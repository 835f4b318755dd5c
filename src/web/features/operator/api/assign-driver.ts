import { useMutation } from '@tanstack/react-query';
import type { AssignDriverRequest } from '../../../../contract/operator';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import {
  bookingChangeResponseSchema,
  changePath,
  useAfterBookingChange,
  type ChangeTarget,
} from './change-status';
import { operatorKeys } from './operator-keys';

/** POST /operator/bookings/{n}/assign or jobs/{ref}/assign: the driver and the vehicle they drive today. */
export function assignDriver(
  target: ChangeTarget,
  body: AssignDriverRequest,
  idempotencyKey: string,
) {
  const path = changePath(target, API_PATHS.operatorBookingAssign, API_PATHS.operatorJobAssign);
  return apiRequest(path, {
    method: 'POST',
    body,
    idempotencyKey,
    schema: bookingChangeResponseSchema,
  });
}

export function useAssignDriver(target: ChangeTarget) {
  const after = useAfterBookingChange(target.bookingNumber);
  return useMutation({
    mutationKey: operatorKeys.assignDriver(),
    mutationFn: ({ body, idempotencyKey }: { body: AssignDriverRequest; idempotencyKey: string }) =>
      assignDriver(target, body, idempotencyKey),
    onSuccess: (answer) => after(answer),
    networkMode: 'always',
  });
}
