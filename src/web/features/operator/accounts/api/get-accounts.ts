import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  consoleAccountsResponseSchema,
  type ConsoleAccount,
} from '../../../../../contract/operator-accounts';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { accountKeys } from './account-keys';

/** GET /operator/accounts: every account for the admin, a manager's own company's. */
export async function getAccounts(signal?: AbortSignal): Promise<ConsoleAccount[]> {
  const answer = await apiRequest(API_PATHS.operatorAccounts, {
    schema: consoleAccountsResponseSchema,
    signal,
  });
  return answer.data;
}

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.list(),
    queryFn: ({ signal }) => getAccounts(signal),
    staleTime: 30_000,
    meta: { persist: false },
  });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
