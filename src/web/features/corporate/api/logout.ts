import { logoutResponseSchema } from '../../../../contract/corporate';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';

/** POST /passenger/logout with the bearer token. */
export async function logout(token: string): Promise<void> {
  await apiRequest(API_PATHS.passengerLogout, {
    method: 'POST',
    token,
    schema: logoutResponseSchema,
  });
}
