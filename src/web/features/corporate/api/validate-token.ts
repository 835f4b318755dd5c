import { validateTokenResponseSchema } from '../../../../contract/corporate';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';

/** POST /passenger/validate-token: true when valid; a 401 rejects with ApiError status 401. */
export async function validateToken(token: string): Promise<boolean> {
  const answer = await apiRequest(API_PATHS.passengerValidateToken, {
    method: 'POST',
    token,
    schema: validateTokenResponseSchema,
  });
  return answer.valid;
}
