import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  consoleAccountResponseSchema,
  type ConsoleAccount,
} from '../../../../../contract/operator-accounts';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { accountKeys } from './account-keys';

/** POST /operator/accounts/{id}/invitation: a new link; the one sent before stops working. */
export async function resendInvitation(id: number): Promise<ConsoleAccount> {
  const answer = await apiRequest(API_PATHS.operatorAccountInvitation.replace(':id', String(id)), {
    method: 'POST',
    schema: consoleAccountResponseSchema,
  });
  return answer.data;
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountKeys.resend(),
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.list() }),
    networkMode: 'always',
  });
}
