import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  companiesResponseSchema,
  type CompanyRecord,
} from '../../../../../contract/operator-companies';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { fleetKeys } from '../../fleet/api/fleet-keys';

/** GET /operator/companies (the admin's). */
export async function getCompanies(signal?: AbortSignal): Promise<CompanyRecord[]> {
  const answer = await apiRequest(API_PATHS.operatorCompanies, {
    schema: companiesResponseSchema,
    signal,
  });
  return answer.data;
}

export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: fleetKeys.companies(),
    queryFn: ({ signal }) => getCompanies(signal),
    staleTime: 30_000,
    meta: { persist: false },
  });

export function useConsoleCompanies() {
  return useQuery(companiesQueryOptions());
}
