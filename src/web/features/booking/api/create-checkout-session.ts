import { useMutation } from '@tanstack/react-query';
import {
  createCheckoutSessionResponseSchema,
  type CreateCheckoutSessionRequestInput,
  type CreateCheckoutSessionResponse,
} from '../../../../contract/bookings';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /create-checkout-session: the booking with the amount in pence the browser expects to
 * pay (the server refuses any other with a 409) and the site origin checkout returns to.
 */
export async function createCheckoutSession(
  body: CreateCheckoutSessionRequestInput,
  idempotencyKey: string,
): Promise<CreateCheckoutSessionResponse> {
  return apiRequest(API_PATHS.createCheckoutSession, {
    method: 'POST',
    body,
    schema: createCheckoutSessionResponseSchema,
    idempotencyKey,
  });
}

export function useCreateCheckoutSession() {
  return useMutation({
    mutationKey: queryKeys.bookings.checkoutSession(),
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: CreateCheckoutSessionRequestInput;
      idempotencyKey: string;
    }) => createCheckoutSession(body, idempotencyKey),
    networkMode: 'always',
  });
}
