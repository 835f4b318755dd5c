import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { jobsBoardResponseSchema, type JobsBoardResponse } from '../../../../contract/operator';
import { API_PATHS, CONSOLE_REFRESH_HEADER } from '../../../../contract/paths';
import type { LiveEvent } from '../../../../contract/driver';
import { apiRequest } from '../../../lib/api-client';
import { useConsoleLive } from '../live/hooks/use-console-live';
import { boardQuery, type BoardFilters } from '../lib/board-filters';
import { operatorKeys } from './operator-keys';

/**
 * How often the board asks again while it is on screen and its event stream is not open (issue
 * 34: the stream tells it of every change; this polling is the fallback).
 */
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

export const boardQueryOptions = (filters: BoardFilters, live = false) =>
  queryOptions({
    queryKey: operatorKeys.board(filters),
    queryFn: ({ signal, client, queryKey }) =>
      getBoard(filters, signal, client.getQueryData(queryKey) !== undefined),
    refetchInterval: live ? false : BOARD_REFRESH_MS,
    // A dispatcher's board is watched, not glanced at: a hidden tab still learns of bookings.
    refetchIntervalInBackground: true,
    staleTime: 0,
    // The last page stays on screen while another filter's loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

/** The jobs change on these events: a status, a driver, an offer made, taken or timed out. */
const boardKeysFor = (event: LiveEvent) =>
  event.type === 'jobs' || event.type === 'offer' ? [operatorKeys.boards()] : [];

/** Keeps the board live by the console's event stream; answers whether it is open. */
export function useBoardLive(): boolean {
  return useConsoleLive(boardKeysFor, [operatorKeys.boards()]);
}

/** The board's jobs; polled every BOARD_REFRESH_MS unless `live` (useBoardLive). */
export function useBoard(filters: BoardFilters, live = false) {
  return useQuery(boardQueryOptions(filters, live));
}
