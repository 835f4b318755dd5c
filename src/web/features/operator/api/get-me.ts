import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorResponseSchema, type Operator } from '../../../../contract/operator';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest, ApiError } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

/** GET /operator/me: the signed-in operator; a 401 rejects with ApiError status 401. */
export async function getMe(signal?: AbortSignal): Promise<Operator> {
  const answer = await apiRequest(API_PATHS.operatorMe, { schema: operatorResponseSchema, signal });
  return answer.operator;
}

/** True when the server says nobody is signed in (no cookie, or an ended session). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    retry: false,
    // Asked again on every arrival in the console, so an ended session is noticed.
    staleTime: 0,
    // The console's data never goes to the localStorage cache (lib/persister.ts).
    meta: { persist: false },
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
