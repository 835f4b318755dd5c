import { queryOptions, useQuery } from '@tanstack/react-query';
import { fleetResponseSchema, type FleetView } from '../../../../../contract/operator-fleet';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { fleetKeys } from './fleet-keys';

/** GET /operator/fleet: every category, and the offerings of the operator's company (admin: all). */
export async function getFleet(signal?: AbortSignal): Promise<FleetView> {
  const answer = await apiRequest(API_PATHS.operatorFleet, { schema: fleetResponseSchema, signal });
  return answer.data;
}

export const fleetQueryOptions = () =>
  queryOptions({
    queryKey: fleetKeys.fleet(),
    queryFn: ({ signal }) => getFleet(signal),
    staleTime: 30_000,
    meta: { persist: false },
  });

export function useFleet() {
  return useQuery(fleetQueryOptions());
}
