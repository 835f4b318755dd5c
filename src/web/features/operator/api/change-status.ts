import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  operatorBookingResponseSchema,
  type StatusChangeRequest,
} from '../../../../contract/operator';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { bookingPath } from './get-booking';
import { operatorKeys } from './operator-keys';

/**
 * What a change answers: the booking as GET answers it, or (should the server send only
 * `{success:true}`) nothing, and the booking is fetched again.
 */
export const bookingChangeResponseSchema = z.union([
  operatorBookingResponseSchema,
  z.object({ success: z.literal(true) }),
]);

/** POST /operator/bookings/{n}/status; 409 when the move is no longer allowed. */
export function changeStatus(
  bookingNumber: string,
  body: StatusChangeRequest,
  idempotencyKey: string,
) {
  return apiRequest(bookingPath(API_PATHS.operatorBookingStatus, bookingNumber), {
    method: 'POST',
    body,
    idempotencyKey,
    schema: bookingChangeResponseSchema,
  });
}

/** After a change, or a refusal: the booking shown is the server's, and the board asks again. */
export function useAfterBookingChange(bookingNumber: string) {
  const queryClient = useQueryClient();
  return async (answer?: z.infer<typeof bookingChangeResponseSchema>) => {
    if (answer && 'data' in answer) {
      queryClient.setQueryData(operatorKeys.booking(bookingNumber), answer.data);
    } else {
      await queryClient.invalidateQueries({ queryKey: operatorKeys.booking(bookingNumber) });
    }
    await queryClient.invalidateQueries({ queryKey: operatorKeys.boards() });
  };
}

export function useChangeStatus(bookingNumber: string) {
  const after = useAfterBookingChange(bookingNumber);
  return useMutation({
    mutationKey: operatorKeys.changeStatus(),
    mutationFn: ({ body, idempotencyKey }: { body: StatusChangeRequest; idempotencyKey: string }) =>
      changeStatus(bookingNumber, body, idempotencyKey),
    onSuccess: (answer) => after(answer),
    networkMode: 'always',
  });
}
