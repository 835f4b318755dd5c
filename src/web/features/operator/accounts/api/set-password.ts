import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invitationLookupResponseSchema,
  setPasswordResponseSchema,
  type InvitationLookupResponse,
  type SetPasswordRequest,
  type SetPasswordResponse,
} from '../../../../../contract/operator-accounts';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { operatorKeys } from '../../api/operator-keys';
import { invitationKeys } from './account-keys';

/** POST /operator/invitation: whose link this is; 404 unknown, 410 used or expired. */
export async function lookupInvitation(token: string): Promise<InvitationLookupResponse['data']> {
  const answer = await apiRequest(API_PATHS.operatorInvitation, {
    method: 'POST',
    body: { token },
    schema: invitationLookupResponseSchema,
  });
  return answer.data;
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationKeys.lookup(token),
    queryFn: () => lookupInvitation(token),
    // Each lookup is counted as an attempt: asked once per visit, never again by itself.
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { persist: false },
  });

export function useInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
}

/** POST /operator/set-password: sets the password, uses the link up and signs in. */
export async function setPassword(body: SetPasswordRequest): Promise<SetPasswordResponse> {
  return apiRequest(API_PATHS.operatorSetPassword, {
    method: 'POST',
    body,
    schema: setPasswordResponseSchema,
  });
}

/** Sets the password and keeps the operator as GET /operator/me's answer, as sign-in does. */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: invitationKeys.setPassword(),
    mutationFn: setPassword,
    onSuccess: (answer) => queryClient.setQueryData(operatorKeys.me(), answer.operator),
    // Never paused offline: a paused mutation would be persisted with its password.
    networkMode: 'always',
  });
}
