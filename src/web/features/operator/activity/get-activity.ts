import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { activityResponseSchema, type ActivityPage } from '../../../../contract/operator-activity';
import { ACTIVITY_KINDS, type ActivityKind } from '../../../../domain/console-activity';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { operatorKeys } from '../api/operator-keys';

/** The Activity page's filters as the URL holds them (?operator_id=&kind=&from=&to=). */
export type ActivityFilters = {
  operator_id?: string;
  kind?: ActivityKind;
  from?: string;
  to?: string;
};

export const ACTIVITY_FILTER_NAMES = ['operator_id', 'kind', 'from', 'to'] as const;
export type ActivityFilterName = (typeof ACTIVITY_FILTER_NAMES)[number];

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters in `params`, each kept only when the API would accept it. */
export function readActivityFilters(params: URLSearchParams): ActivityFilters {
  const filters: ActivityFilters = {};
  const person = params.get('operator_id') ?? '';
  if (/^[1-9]\d{0,8}$/.test(person)) filters.operator_id = person;
  const kind = params.get('kind') ?? '';
  if ((ACTIVITY_KINDS as readonly string[]).includes(kind)) filters.kind = kind as ActivityKind;
  const from = params.get('from') ?? '';
  if (isDate(from)) filters.from = from;
  const to = params.get('to') ?? '';
  if (isDate(to)) filters.to = to;
  return filters;
}

/** GET /operator/activity: one page of changes, older than `before` when given. */
export function getActivity(
  filters: ActivityFilters,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  return apiRequest(API_PATHS.operatorActivity, {
    query: { ...filters, before },
    schema: activityResponseSchema,
    signal,
  }).then((answer) => answer.data);
}

export const activityQueryOptions = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: [...operatorKeys.all, 'activity', filters] as const,
    queryFn: ({ pageParam, signal }) => getActivity(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
    staleTime: 10_000,
    meta: { persist: false },
  });

export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery(activityQueryOptions(filters));
}
