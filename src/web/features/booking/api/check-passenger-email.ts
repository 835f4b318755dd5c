import { useMutation } from '@tanstack/react-query';
import {
  checkPassengerEmailResponseSchema,
  type CheckPassengerEmailRequest,
  type CheckPassengerEmailResponse,
} from '../../../../contract/accounts';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /check-passenger-email: whether an existing client's email and password match a
 * passenger. A mismatch is a 200 with success false; only a failed request rejects.
 */
export async function checkPassengerEmail(
  body: CheckPassengerEmailRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CheckPassengerEmailResponse> {
  return apiRequest(API_PATHS.checkPassengerEmail, {
    method: 'POST',
    body,
    schema: checkPassengerEmailResponseSchema,
    signal,
  });
}

export function useCheckPassengerEmail() {
  return useMutation({
    mutationFn: (body: CheckPassengerEmailRequest) => checkPassengerEmail(body),
    // A sign-in check can't wait for a connection: say at once that it failed.
    networkMode: 'always',
  });
}
