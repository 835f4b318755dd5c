import {
  updatePassengerResponseSchema,
  type UpdatePassengerResponse,
} from '../../../../contract/corporate';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';

export type ProfileChanges = { passenger_id: number; name: string; email: string; phone: string };

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
