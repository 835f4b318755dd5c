import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { jobsBoardResponseSchema, type JobsBoardResponse } from '../../../../contract/operator';
import { API_PATHS, CONSOLE_REFRESH_HEADER } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { boardQuery, type BoardFilters } from '../lib/board-filters';
import { operatorKeys } from './operator-keys';

/** How often the board asks again while it is on screen. */
export const BOARD_REFRESH_MS = 10_000;

/**
 * GET /operator/jobs (a row per leg, issue 32) with the board's filters as its query. `refresh`: the list is already
 * on screen and this is the board asking again by itself, which does not keep the session alive
 * (API.md: a console left open still signs out after 12 idle hours).
 */
export function getBoard(
  filters: BoardFilters,
  signal?: AbortSignal,
  refresh = false,
): Promise<JobsBoardResponse> {
  return apiRequest(API_PATHS.operatorJobs, {
    query: boardQuery(filters),
    schema: jobsBoardResponseSchema,
    signal,
    ...(refresh ? { headers: { [CONSOLE_REFRESH_HEADER]: '1' } } : {}),
  });
}

export const boardQueryOptions = (filters: BoardFilters) =>
  queryOptions({
    queryKey: operatorKeys.board(filters),
    queryFn: ({ signal, client, queryKey }) =>
      getBoard(filters, signal, client.getQueryData(queryKey) !== undefined),
    refetchInterval: BOARD_REFRESH_MS,
    // A dispatcher's board is watched, not glanced at: a hidden tab still learns of bookings.
    refetchIntervalInBackground: true,
    staleTime: 0,
    // The last page stays on screen while another filter's loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

export function useBoard(filters: BoardFilters) {
  return useQuery(boardQueryOptions(filters));
}
