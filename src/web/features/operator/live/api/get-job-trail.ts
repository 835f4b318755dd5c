import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveEvent } from '../../../../../contract/driver';
import { jobTrailResponseSchema, type JobTrail } from '../../../../../contract/live';
import { API_PATHS } from '../../../../../contract/paths';
import { isUnderWay } from '../../../../../domain/live-tracking';
import type { BookingStatus } from '../../../../../domain/booking-lifecycle';
import { env } from '../../../../config/env';
import { apiRequest } from '../../../../lib/api-client';
import { LIVE_FALLBACK_POLL_MS } from '../../../../lib/live-events';
import { operatorKeys } from '../../api/operator-keys';
import { useConsoleLive } from '../hooks/use-console-live';

/** A job's path under /operator/jobs/{job_ref}/…: `template` is one of API_PATHS. */
function jobPath(template: string, jobRef: string): string {
  return template.replace(':job_ref', encodeURIComponent(jobRef));
}

/**
 * Where the GPX file of a job's trail downloads from: a plain link, as the console's cookie
 * signs it in and the route asks no key headers of a download (API.md).
 */
export function trailGpxUrl(jobRef: string): string {
  return `${env.apiBaseUrl}${jobPath(API_PATHS.operatorJobTrailGpx, jobRef)}`;
}

/** GET /operator/jobs/{job_ref}/trail: its positions and stamped presses, oldest first. */
export async function getJobTrail(jobRef: string, signal?: AbortSignal): Promise<JobTrail> {
  const answer = await apiRequest(jobPath(API_PATHS.operatorJobTrail, jobRef), {
    schema: jobTrailResponseSchema,
    signal,
  });
  return answer.data;
}

/**
 * The trail of a job that may have one: a driver set off on it, so it is under way or past it.
 * A job still waiting (or cancelled before setting off) is not asked for.
 */
export function mayHaveTrail(status: BookingStatus): boolean {
  return isUnderWay(status) || status === 'completed' || status === 'no_show';
}

export const jobTrailQueryOptions = (jobRef: string, polling: boolean) =>
  queryOptions({
    queryKey: operatorKeys.trail(jobRef),
    queryFn: ({ signal }) => getJobTrail(jobRef, signal),
    refetchInterval: polling ? LIVE_FALLBACK_POLL_MS : false,
    retry: false,
    staleTime: 0,
    meta: { persist: false },
  });

/**
 * A job's trail; while the job is under way it grows, fetched again on the console's events
 * for this job (or every LIVE_FALLBACK_POLL_MS without the stream).
 */
export function useJobTrail(jobRef: string, status: BookingStatus) {
  const growing = isUnderWay(status);
  const keysFor = (event: LiveEvent) =>
    growing && event.job_ref === jobRef && event.type !== 'offer'
      ? [operatorKeys.trail(jobRef)]
      : [];
  const live = useConsoleLive(keysFor, [operatorKeys.trail(jobRef)], growing);
  return useQuery({
    ...jobTrailQueryOptions(jobRef, growing && !live),
    enabled: mayHaveTrail(status),
  });
}
