import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  driverMeResponseSchema,
  type DriverLoginRequest,
  type DriverMe,
} from '../../../../contract/driver';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { driverKeys } from './driver-keys';

/** POST /driver/login: sets the ridebook_driver cookie; 401 for a wrong pair, 429 when throttled. */
export async function login(body: DriverLoginRequest): Promise<DriverMe> {
  const answer = await apiRequest(API_PATHS.driverLogin, {
    method: 'POST',
    body,
    schema: driverMeResponseSchema,
  });
  return answer.data;
}

/** Signs in and keeps the driver as GET /driver/me's answer, so My jobs shows at once. */
export function useDriverLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: driverKeys.login(),
    mutationFn: login,
    onSuccess: (driver) => queryClient.setQueryData(driverKeys.me(), driver),
    // Fails at once offline instead of pausing: a paused mutation would be persisted to
    // localStorage with its variables, here a password.
    networkMode: 'always',
  });
}
