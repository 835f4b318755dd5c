import {
  passengerLoginResponseSchema,
  type PassengerLoginRequest,
  type PassengerLoginResponse,
} from '../../../../contract/corporate';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';

/** POST /check-passenger-login: a 401 rejects with ApiError status 401. */
export function login(body: PassengerLoginRequest): Promise<PassengerLoginResponse> {
  return apiRequest(API_PATHS.checkPassengerLogin, {
    method: 'POST',
    body,
    schema: passengerLoginResponseSchema,
  });
}
