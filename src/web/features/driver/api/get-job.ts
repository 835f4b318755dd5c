import { queryOptions, useQuery } from '@tanstack/react-query';
import { driverJobResponseSchema, type DriverJob } from '../../../../contract/driver';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest, ApiError } from '../../../lib/api-client';
import { driverKeys, jobPath } from './driver-keys';

/** GET /driver/jobs/{job_ref}: everything the driver needs; 404 once it is not theirs. */
export async function getJob(jobRef: string, signal?: AbortSignal): Promise<DriverJob> {
  const answer = await apiRequest(jobPath(API_PATHS.driverJob, jobRef), {
    schema: driverJobResponseSchema,
    signal,
  });
  return answer.data;
}

export const jobQueryOptions = (jobRef: string) =>
  queryOptions({
    queryKey: driverKeys.job(jobRef),
    queryFn: ({ signal }) => getJob(jobRef, signal),
  });

export function useDriverJob(jobRef: string) {
  return useQuery(jobQueryOptions(jobRef));
}

/** The job is not (or no longer) this driver's: cancelled, reassigned, or never theirs. */
export function isJobGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
