import { useMutation } from '@tanstack/react-query';
import {
  passengerLoginResponseSchema,
  type PassengerLoginRequest,
  type PassengerLoginResponse,
} from '../../../../contract/corporate';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../lib/session';
import { corporateKeys } from './corporate-keys';

/** POST /check-passenger-login: a 401 rejects with ApiError status 401. */
export function login(body: PassengerLoginRequest): Promise<PassengerLoginResponse> {
  return apiRequest(API_PATHS.checkPassengerLogin, {
    method: 'POST',
    body,
    schema: passengerLoginResponseSchema,
  });
}

/** Signs in and stores the session (token and passenger) before it resolves. */
export function useLogin() {
  return useMutation({
    mutationKey: corporateKeys.login(),
    mutationFn: async (body: PassengerLoginRequest) => {
      const answer = await login(body);
      await saveSession({ token: answer.access_token, passenger: answer.passenger });
      return answer;
    },
    // Fails at once offline instead of pausing: a paused mutation would be persisted to
    // localStorage with its variables, here a password.
    networkMode: 'always',
  });
}
