import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import {
  assignDriverRequestSchema,
  boardQuerySchema,
  statusChangeRequestSchema,
  type JobsBoardResponse,
  type OperatorBookingResponse,
} from '../../contract/operator';
import { API_PATHS } from '../../contract/paths';
import { parseJobRef } from '../../domain/booking-jobs';
import { OPERATOR_MESSAGES } from '../../domain/messages';
import { HttpError, parseRequest } from '../errors';
import { checkedBookingNumber } from '../http/booking-number-param';
import { idempotencyKeyOf } from '../lib/idempotency';
import type { ConsoleBookingsService } from '../services/operator/console-bookings-service';
import type { JobTarget } from '../services/operator/console-context';

/** The job a path's {job_ref} names (710000011 or 710000011-R), or 404. */
function jobOf(request: FastifyRequest): JobTarget {
  const ref = parseJobRef((request.params as { job_ref?: string }).job_ref ?? '');
  if (!ref) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
  return { bookingNumber: checkedBookingNumber(ref.bookingNumber), leg: ref.leg, via: 'job' };
}

/**
 * The console's jobs (issue 32; API.md, Operator console): the board a row per leg, and a
 * leg's page, status and driver. They go through the same services as the booking's own
 * endpoints, which act on the outward job.
 */
export async function operatorJobRoutes(
  app: FastifyInstance,
  options: { consoleBookings: ConsoleBookingsService; signedIn: preHandlerHookHandler },
) {
  const { consoleBookings, signedIn } = options;

  app.get(
    API_PATHS.operatorJobs,
    { preHandler: signedIn },
    async (request): Promise<JobsBoardResponse> => {
      const query = parseRequest(boardQuerySchema, request.query);
      return { success: true, ...(await consoleBookings.jobsBoard(request.operator!, query)) };
    },
  );

  app.get(
    API_PATHS.operatorJob,
    { preHandler: signedIn },
    async (request): Promise<OperatorBookingResponse> => {
      const job = jobOf(request);
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
    { preHandler: signedIn },
    async (request): Promise<OperatorBookingResponse> => {
      const job = jobOf(request);
      const body = parseRequest(statusChangeRequestSchema, request.body);
      const key = idempotencyKeyOf(request);
      return {
        success: true,
        data: await consoleBookings.changeStatus(request.operator!, job, body, key),
      };
    },
  );

  app.post(
    API_PATHS.operatorJobAssign,
    { preHandler: signedIn },
    async (request): Promise<OperatorBookingResponse> => {
      const job = jobOf(request);
      const body = parseRequest(assignDriverRequestSchema, request.body);
      const key = idempotencyKeyOf(request);
      return {
        success: true,
        data: await consoleBookings.assign(request.operator!, job, body, key),
      };
    },
  );
}
