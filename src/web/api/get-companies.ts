import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCompaniesResponseSchema } from '../../contract/catalogue';
import { API_PATHS } from '../../contract/paths';
import type { Company } from '../../domain/fleet';
import { apiRequest } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** GET /fetch_companies: the operator companies named in the footer and on the fleet page. */
export async function getCompanies({ signal }: { signal?: AbortSignal } = {}): Promise<Company[]> {
  const response = await apiRequest(API_PATHS.fetchCompanies, {
    schema: fetchCompaniesResponseSchema,
    signal,
  });
  return response.data;
}

export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalogue.companies(),
    queryFn: getCompanies,
    staleTime: 30 * 60_000,
  });

export function useCompanies() {
  return useQuery(companiesQueryOptions());
}
