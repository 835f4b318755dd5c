import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  consoleAccountResponseSchema,
  type ConsoleAccount,
  type ConsoleAccountInput,
  type ConsoleAccountPatch,
} from '../../../../../contract/operator-accounts';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { accountKeys } from './account-keys';

/** POST /operator/accounts: the account is made and its owner mailed an invitation. */
export async function addAccount(body: ConsoleAccountInput): Promise<ConsoleAccount> {
  const answer = await apiRequest(API_PATHS.operatorAccounts, {
    method: 'POST',
    body,
    schema: consoleAccountResponseSchema,
  });
  return answer.data;
}

/** PATCH /operator/accounts/{id}: a new role (and company), or `active` alone. */
export async function updateAccount(
  id: number,
  body: ConsoleAccountPatch,
): Promise<ConsoleAccount> {
  const answer = await apiRequest(API_PATHS.operatorAccount.replace(':id', String(id)), {
    method: 'PATCH',
    body,
    schema: consoleAccountResponseSchema,
  });
  return answer.data;
}

export type SaveAccount =
  { id: null; body: ConsoleAccountInput } | { id: number; body: ConsoleAccountPatch };

export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountKeys.save(),
    mutationFn: (save: SaveAccount) =>
      save.id === null ? addAccount(save.body) : updateAccount(save.id, save.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.list() }),
    networkMode: 'always',
  });
}
