import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchVehiclesResponseSchema } from '../../contract/catalogue';
import { API_PATHS } from '../../contract/paths';
import type { Vehicle } from '../../domain/fleet';
import { apiRequest } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** GET /fetch_vehicles: every fleet category. */
export async function getVehicles({ signal }: { signal?: AbortSignal } = {}): Promise<Vehicle[]> {
  const response = await apiRequest(API_PATHS.fetchVehicles, {
    schema: fetchVehiclesResponseSchema,
    signal,
  });
  return response.data;
}

export const vehiclesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalogue.vehicles(),
    queryFn: getVehicles,
    staleTime: 30 * 60_000,
  });

export function useVehicles() {
  return useQuery(vehiclesQueryOptions());
}
