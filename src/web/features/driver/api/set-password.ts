import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  driverInvitationLookupResponseSchema,
  driverSetPasswordResponseSchema,
  type DriverInvitationLookupResponse,
  type DriverMe,
  type DriverSetPasswordRequest,
} from '../../../../contract/driver';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { driverKeys } from './driver-keys';

/** GET /driver/invitation?token=: whose link this is (`{name, email}`); 404 unknown, 410 used or expired. */
export async function lookupInvitation(
  token: string,
): Promise<DriverInvitationLookupResponse['data']> {
  const answer = await apiRequest(API_PATHS.driverInvitation, {
    query: { token },
    schema: driverInvitationLookupResponseSchema,
  });
  return answer.data;
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: driverKeys.invitation(token),
    queryFn: () => lookupInvitation(token),
    // Each lookup is counted as an attempt: asked once per visit, never again by itself.
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { persist: false },
  });

export function useDriverInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
}

/**
 * POST /driver/set-password `{token, password}`: sets the password, uses the link up and signs
 * in, answering the driver as sign-in does.
 */
export async function setPassword(body: DriverSetPasswordRequest): Promise<DriverMe> {
  const answer = await apiRequest(API_PATHS.driverSetPassword, {
    method: 'POST',
    body,
    schema: driverSetPasswordResponseSchema,
  });
  return answer.data;
}

export function useDriverSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: driverKeys.setPassword(),
    mutationFn: setPassword,
    onSuccess: (driver) => queryClient.setQueryData(driverKeys.me(), driver),
    // Never paused offline: a paused mutation would be persisted with its password.
    networkMode: 'always',
  });
}
