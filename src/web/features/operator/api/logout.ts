import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

/** POST /operator/logout: ends the session and clears its cookie. */
export async function logout(): Promise<void> {
  await apiRequest(API_PATHS.operatorLogout, {
    method: 'POST',
    schema: z.unknown(),
  });
}

/** Signs out; whatever the server says, this browser forgets the console's data. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: operatorKeys.logout(),
    mutationFn: logout,
    onSettled: () => queryClient.removeQueries({ queryKey: operatorKeys.all }),
    networkMode: 'always',
  });
}
