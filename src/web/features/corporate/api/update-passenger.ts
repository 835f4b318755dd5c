import { useMutation } from '@tanstack/react-query';
import {
  updatePassengerResponseSchema,
  type UpdatePassengerResponse,
} from '../../../../contract/corporate';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { replacePassenger } from '../lib/session';
import { corporateKeys } from './corporate-keys';

export type ProfileChanges = {
  passenger_id: number;
  name: string;
  email: string;
  phone: string;
  /** Sent only when the email changes: the server asks for it then. */
  current_password?: string;
};

/** PATCH /update-passenger with the bearer token. */
export function updatePassenger(
  body: ProfileChanges,
  token: string,
): Promise<UpdatePassengerResponse> {
  return apiRequest(API_PATHS.updatePassenger, {
    method: 'PATCH',
    body,
    token,
    schema: updatePassengerResponseSchema,
  });
}

/** Saves the profile; on success the stored passenger becomes the server's answer. */
export function useUpdatePassenger() {
  return useMutation({
    mutationKey: corporateKeys.updatePassenger(),
    mutationFn: async ({ changes, token }: { changes: ProfileChanges; token: string }) => {
      const answer = await updatePassenger(changes, token);
      // The server has saved it: a device that cannot store the copy must not report a failure.
      await replacePassenger(answer.passenger).catch((error: unknown) => {
        console.error('Could not store the updated passenger:', error);
      });
      return answer;
    },
    // A profile edit is not queued offline: the passenger sees the failure and keeps the form.
    networkMode: 'always',
  });
}
