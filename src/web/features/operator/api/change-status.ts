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

/**
 * What a console change acts on: the booking (its own endpoints: the outward job, and a
 * cancellation of the whole booking), or one job by its reference (issue 32).
 */
export interface ChangeTarget {
  bookingNumber: string;
  jobRef?: string | undefined;
}

/** The path of a change: the booking's `bookingTemplate` call, or the job's `jobTemplate` one. */
export function changePath(target: ChangeTarget, bookingTemplate: string, jobTemplate: string) {
  return target.jobRef === undefined
    ? bookingPath(bookingTemplate, target.bookingNumber)
    : jobTemplate.replace(':job_ref', encodeURIComponent(target.jobRef));
}

/** POST /operator/bookings/{n}/status or jobs/{ref}/status; 409 when the move is no longer allowed. */
export function changeStatus(
  target: ChangeTarget,
  body: StatusChangeRequest,
  idempotencyKey: string,
) {
  const path = changePath(target, API_PATHS.operatorBookingStatus, API_PATHS.operatorJobStatus);
  return apiRequest(path, {
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

export function useChangeStatus(target: ChangeTarget) {
  const after = useAfterBookingChange(target.bookingNumber);
  return useMutation({
    mutationKey: operatorKeys.changeStatus(),
    mutationFn: ({ body, idempotencyKey }: { body: StatusChangeRequest; idempotencyKey: string }) =>
      changeStatus(target, body, idempotencyKey),
    onSuccess: (answer) => after(answer),
    networkMode: 'always',
  });
}
