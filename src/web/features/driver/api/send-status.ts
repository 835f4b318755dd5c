import type { DriverStatusRequest } from '../../../../contract/driver';
import { driverOkResponseSchema } from '../../../../contract/driver-app';
import { API_PATHS } from '../../../../contract/paths';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { jobPath } from './driver-keys';

/**
 * POST /driver/jobs/{job_ref}/status under the press's own Idempotency-Key: a press sent again
 * (after a lost answer, from another tab) is recorded once, with its own time and position.
 */
export async function sendStatus(
  jobRef: string,
  body: DriverStatusRequest,
  idempotencyKey: string,
): Promise<void> {
  try {
    await apiRequest(jobPath(API_PATHS.driverJobStatus, jobRef), {
      method: 'POST',
      body,
      idempotencyKey,
      schema: driverOkResponseSchema,
    });
  } catch (error) {
    // A 2xx whose body did not read as expected was still recorded: the server has it.
    if (error instanceof ApiError && error.status >= 200 && error.status < 300) return;
    throw error;
  }
}
