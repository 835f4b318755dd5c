import { queryOptions, useQuery } from '@tanstack/react-query';
import { driverMeResponseSchema, type DriverMe } from '../../../../contract/driver';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest, ApiError } from '../../../lib/api-client';
import { driverKeys } from './driver-keys';

/** GET /driver/me: the signed-in driver; a 401 rejects with ApiError status 401. */
export async function getMe(signal?: AbortSignal): Promise<DriverMe> {
  const answer = await apiRequest(API_PATHS.driverMe, { schema: driverMeResponseSchema, signal });
  return answer.data;
}

/** True when the server says nobody is signed in (no cookie, or an ended session). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Asked again on every arrival, so an ended session is noticed; kept in the persisted cache, so
 * the app opens without signal on the driver as last seen (the jobs likewise).
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: driverKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    retry: false,
    staleTime: 0,
  });

export function useDriverMe() {
  return useQuery(meQueryOptions());
}
