import {
  driverJobResponseSchema,
  driverJobsResponseSchema,
  driverStatusRequestSchema,
  type DriverJobResponse,
  type DriverJobsResponse,
} from '../../contract/driver';
import { jobPathSchema } from '../../contract/path-params';
import { API_PATHS } from '../../contract/paths';
import { idempotencyKeyOf } from '../lib/idempotency';
import { responseSchema } from '../lib/response-schema';
import type { DriverJobs } from '../services/driver/driver-jobs';
import type { DriverStatus } from '../services/driver/driver-status';
import type { DriverRouteContext } from './driver-route-context';

/**
 * The driver's jobs (issue 34; API.md, The driver's app): My jobs, a job's page, and the status
 * buttons. A job neither assigned nor offered to the signed-in driver is 404.
 */
export function driverJobRoutes(
  context: DriverRouteContext,
  services: { jobs: DriverJobs; status: DriverStatus },
) {
  const { app, signedIn } = context;
  const jobReply = { 200: responseSchema(driverJobResponseSchema) };

  app.get(
    API_PATHS.driverJobs,
    {
      preValidation: signedIn,
      schema: { response: { 200: responseSchema(driverJobsResponseSchema) } },
    },
    async (request): Promise<DriverJobsResponse> => ({
      success: true,
      data: await services.jobs.list(request.driver!),
    }),
  );

  app.get(
    API_PATHS.driverJob,
    { preValidation: signedIn, schema: { params: jobPathSchema, response: jobReply } },
    async (request): Promise<DriverJobResponse> => ({
      success: true,
      data: await services.jobs.detail(request.driver!, request.params.job_ref),
    }),
  );

  app.post(
    API_PATHS.driverJobStatus,
    {
      preValidation: signedIn,
      schema: { params: jobPathSchema, body: driverStatusRequestSchema, response: jobReply },
    },
    async (request): Promise<DriverJobResponse> => {
      const key = idempotencyKeyOf(request);
      const data = await services.status.press(
        request.driver!,
        request.params.job_ref,
        request.body,
        key,
      );
      return { success: true, data };
    },
  );
}
