import { queryOptions, useQuery } from '@tanstack/react-query';
import { vehiclesResponseSchema, type Vehicle } from '../../../../../contract/operator-vehicles';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { vehicleKeys } from './vehicle-keys';

/** GET /operator/vehicles: the admin's every company's, anyone else's own company's. */
export async function getVehicles(signal?: AbortSignal): Promise<Vehicle[]> {
  const answer = await apiRequest(API_PATHS.operatorVehicles, {
    schema: vehiclesResponseSchema,
    signal,
  });
  return answer.data;
}

export const vehiclesQueryOptions = () =>
  queryOptions({
    queryKey: vehicleKeys.vehicles(),
    queryFn: ({ signal }) => getVehicles(signal),
    staleTime: 30_000,
    meta: { persist: false },
  });

export function useConsoleVehicles({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vehiclesQueryOptions(), enabled });
}
