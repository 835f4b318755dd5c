import { queryOptions, useQuery } from '@tanstack/react-query';
import { driverJobsResponseSchema, type DriverJobsResponse } from '../../../../contract/driver';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { driverKeys } from './driver-keys';

export type DriverJobLists = DriverJobsResponse['data'];

/** GET /driver/jobs: Today and Upcoming, offers first within each. */
export async function getJobs(signal?: AbortSignal): Promise<DriverJobLists> {
  const answer = await apiRequest(API_PATHS.driverJobs, {
    schema: driverJobsResponseSchema,
    signal,
  });
  return answer.data;
}

/**
 * Fetched again when the server says something changed (live/use-live-updates.ts) or every
 * 15 seconds without live updates; kept in the persisted cache for a start without signal.
 */
export const jobsQueryOptions = () =>
  queryOptions({
    queryKey: driverKeys.jobs(),
    queryFn: ({ signal }) => getJobs(signal),
  });

export function useDriverJobs() {
  return useQuery(jobsQueryOptions());
}
