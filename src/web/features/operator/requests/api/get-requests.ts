import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  requestResponseSchema,
  requestsResponseSchema,
  type ConsoleRequest,
  type RequestsQuery,
  type RequestsResponse,
} from '../../../../../contract/operator-requests';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { requestKeys } from './request-keys';

/** The path of one request's call (`template` one of API_PATHS.operatorRequest…). */
export const requestPath = (template: string, id: number) => template.replace(':id', String(id));

/** GET /operator/requests: a page, newest first, of one state or all. */
export function getRequests(query: RequestsQuery, signal?: AbortSignal): Promise<RequestsResponse> {
  return apiRequest(API_PATHS.operatorRequests, {
    query: {
      state: query.state,
      kind: query.kind,
      booking_number: query.booking_number,
      page: query.page,
    },
    schema: requestsResponseSchema,
    signal,
  });
}

export const requestsQueryOptions = (query: RequestsQuery) =>
  queryOptions({
    queryKey: requestKeys.list(query),
    queryFn: ({ signal }) => getRequests(query, signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

export function useRequests(query: RequestsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...requestsQueryOptions(query), enabled });
}

/** GET /operator/requests/{id}: what Book this fills New booking in from. */
export async function getRequest(id: number, signal?: AbortSignal): Promise<ConsoleRequest> {
  const answer = await apiRequest(requestPath(API_PATHS.operatorRequest, id), {
    schema: requestResponseSchema,
    signal,
  });
  return answer.data;
}

export function useRequest(id: number | null) {
  return useQuery({
    queryKey: requestKeys.one(id ?? 0),
    queryFn: ({ signal }) => getRequest(id!, signal),
    enabled: id !== null,
    meta: { persist: false },
  });
}
