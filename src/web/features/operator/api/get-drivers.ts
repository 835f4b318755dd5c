import { queryOptions, useQuery } from '@tanstack/react-query';
import { driversResponseSchema, type Driver } from '../../../../contract/operator-drivers';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

/** GET /operator/drivers: the admin's every company's, a dispatcher's own company's. */
export async function getDrivers(signal?: AbortSignal): Promise<Driver[]> {
  const answer = await apiRequest(API_PATHS.operatorDrivers, {
    schema: driversResponseSchema,
    signal,
  });
  return answer.data;
}

export const driversQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.drivers(),
    queryFn: ({ signal }) => getDrivers(signal),
    staleTime: 30_000,
    meta: { persist: false },
  });

export function useDrivers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...driversQueryOptions(), enabled });
}
