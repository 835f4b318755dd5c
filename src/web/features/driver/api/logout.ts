import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverOkResponseSchema } from '../../../../contract/driver-app';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { driverKeys } from './driver-keys';

/** POST /driver/logout: ends the session and clears its cookie. */
export async function logout(): Promise<void> {
  await apiRequest(API_PATHS.driverLogout, { method: 'POST', schema: driverOkResponseSchema });
}

/** Signs out; whatever the server says, this browser forgets the driver's jobs. */
export function useDriverLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: driverKeys.logout(),
    mutationFn: logout,
    onSettled: () => queryClient.removeQueries({ queryKey: driverKeys.all }),
    networkMode: 'always',
  });
}
