import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveEvent } from '../../../../../contract/driver';
import { driverPositionsResponseSchema, type DriverOnMap } from '../../../../../contract/live';
import { API_PATHS, CONSOLE_REFRESH_HEADER } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { LIVE_FALLBACK_POLL_MS } from '../../../../lib/live-events';
import { operatorKeys } from '../../api/operator-keys';
import { useConsoleLive } from '../hooks/use-console-live';

/**
 * GET /operator/drivers/positions: the drivers on duty or on a job under way, in the caller's
 * scope. `refresh`: the map asking again by itself, which does not keep the session alive.
 */
export async function getDriverPositions(
  signal?: AbortSignal,
  refresh = false,
): Promise<DriverOnMap[]> {
  const answer = await apiRequest(API_PATHS.operatorDriverPositions, {
    schema: driverPositionsResponseSchema,
    signal,
    ...(refresh ? { headers: { [CONSOLE_REFRESH_HEADER]: '1' } } : {}),
  });
  return answer.data;
}

export const driverPositionsQueryOptions = (live: boolean) =>
  queryOptions({
    queryKey: operatorKeys.driverPositions(),
    queryFn: ({ signal, client, queryKey }) =>
      getDriverPositions(signal, client.getQueryData(queryKey) !== undefined),
    refetchInterval: live ? false : LIVE_FALLBACK_POLL_MS,
    // A map left open on a second screen is watched, not glanced at.
    refetchIntervalInBackground: true,
    staleTime: 0,
    meta: { persist: false },
  });

/** A driver moved, or came on or off duty or a job. */
const positionKeysFor = (event: LiveEvent) =>
  event.type === 'position' || event.type === 'jobs' ? [operatorKeys.driverPositions()] : [];

/** The drivers on the map, live by the console's event stream (polled without it). */
export function useDriverPositions() {
  const live = useConsoleLive(positionKeysFor, [operatorKeys.driverPositions()]);
  return { query: useQuery(driverPositionsQueryOptions(live)), live };
}
