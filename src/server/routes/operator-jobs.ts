import type { preHandlerHookHandler } from 'fastify';
import {
  assignDriverRequestSchema,
  boardQuerySchema,
  jobsBoardResponseSchema,
  operatorBookingResponseSchema,
  statusChangeRequestSchema,
  type JobsBoardResponse,
  type OperatorBookingResponse,
} from '../../contract/operator';
import { jobPathSchema } from '../../contract/path-params';
import { API_PATHS } from '../../contract/paths';
import { OPERATOR_MESSAGES } from '../../domain/messages';
import { HttpError } from '../errors';
import type { ContractApp } from '../http/contract-validation';
import { idempotencyKeyOf } from '../lib/idempotency';
import { responseSchema } from '../lib/response-schema';
import type { ConsoleBookingsService } from '../services/operator/console-bookings-service';
import type { JobTarget } from '../services/operator/console-context';

/** The job a path's {job_ref} names (710000011 or 710000011-R, read by the contract). */
const jobOf = (ref: { bookingNumber: string; leg: JobTarget['leg'] }): JobTarget => ({
  ...ref,
  via: 'job',
});

/**
 * The console's jobs (issue 32; API.md, Operator console): the board a row per leg, and a
 * leg's page, status and driver. They go through the same services as the booking's own
 * endpoints, which act on the outward job.
 */
export function operatorJobRoutes(
  app: ContractApp,
  options: { consoleBookings: ConsoleBookingsService; signedIn: preHandlerHookHandler },
) {
  const { consoleBookings, signedIn } = options;
  const bookingReply = { 200: responseSchema(operatorBookingResponseSchema) };

  app.get(
    API_PATHS.operatorJobs,
    {
      preValidation: signedIn,
      schema: {
        querystring: boardQuerySchema,
        response: { 200: responseSchema(jobsBoardResponseSchema) },
      },
    },
    async (request): Promise<JobsBoardResponse> => ({
      success: true,
      ...(await consoleBookings.jobsBoard(request.operator!, request.query)),
    }),
  );

  app.get(
    API_PATHS.operatorJob,
    { preValidation: signedIn, schema: { params: jobPathSchema, response: bookingReply } },
    async (request): Promise<OperatorBookingResponse> => {
      const job = jobOf(request.params.job_ref);
      const data = await consoleBookings.detail(request.operator!, job.bookingNumber);
      // A return leg of a booking without one is not there.
      if (!data.jobs.some((each) => each.leg === job.leg)) {
        throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
      }
      return { success: true, data };
    },
  );

  app.post(
    API_PATHS.operatorJobStatus,
    {
      preValidation: signedIn,
      schema: { params: jobPathSchema, body: statusChangeRequestSchema, response: bookingReply },
    },
    async (request): Promise<OperatorBookingResponse> => {
      const key = idempotencyKeyOf(request);
      const job = jobOf(request.params.job_ref);
      const data = await consoleBookings.changeStatus(request.operator!, job, request.body, key);
      return { success: true, data };
    },
  );

  app.post(
    API_PATHS.operatorJobAssign,
    {
      preValidation: signedIn,
      schema: { params: jobPathSchema, body: assignDriverRequestSchema, response: bookingReply },
    },
    async (request): Promise<OperatorBookingResponse> => {
      const key = idempotencyKeyOf(request);
      const job = jobOf(request.params.job_ref);
      const data = await consoleBookings.assign(request.operator!, job, request.body, key);
      return { success: true, data };
    },
  );
}
