import type { preHandlerHookHandler } from 'fastify';
import {
  assignDriverRequestSchema,
  boardQuerySchema,
  boardResponseSchema,
  operatorBookingResponseSchema,
  statusChangeRequestSchema,
  type BoardResponse,
  type OperatorBookingResponse,
} from '../../contract/operator';
import { bookingPathSchema, refundPathSchema } from '../../contract/path-params';
import { API_PATHS } from '../../contract/paths';
import {
  manualBookingRequestSchema,
  manualBookingResponseSchema,
  type ManualBookingResponse,
} from '../../contract/phone-booking';
import type { ContractApp } from '../http/contract-validation';
import { idempotencyKeyOf } from '../lib/idempotency';
import { responseSchema } from '../lib/response-schema';
import type { ConsoleBookingsService } from '../services/operator/console-bookings-service';

interface Options {
  consoleBookings: ConsoleBookingsService;
  signedIn: preHandlerHookHandler;
}

/** The board as the console lists bookings, its CSV file, and a booking taken by phone. */
export function operatorBoardRoutes(app: ContractApp, { consoleBookings, signedIn }: Options) {
  app.get(
    API_PATHS.operatorBookings,
    {
      preValidation: signedIn,
      schema: {
        querystring: boardQuerySchema,
        response: { 200: responseSchema(boardResponseSchema) },
      },
    },
    async (request): Promise<BoardResponse> => ({
      success: true,
      ...(await consoleBookings.board(request.operator!, request.query)),
    }),
  );

  app.post(
    API_PATHS.operatorBookings,
    {
      preValidation: signedIn,
      schema: {
        body: manualBookingRequestSchema,
        response: { 201: responseSchema(manualBookingResponseSchema) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const bookingNumber = await consoleBookings.bookByPhone(request.operator!, request.body, key);
      const answer: ManualBookingResponse = {
        success: true,
        data: { booking_number: bookingNumber },
      };
      return reply.code(201).send(answer);
    },
  );

  // The jobs board as a spreadsheet (services/operator/bookings-csv.ts).
  app.get(
    API_PATHS.operatorBookingsCsv,
    { preValidation: signedIn, schema: { querystring: boardQuerySchema } },
    async (request, reply) => {
      const csv = consoleBookings.bookingsCsv(request.operator!, request.query, request.log);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.fileName}"`)
        .send(csv.body);
    },
  );
}

/**
 * A whole booking (API.md, Operator console): its page, and its status and driver through its
 * outward job, and a failed refund tried again.
 */
export function operatorBookingRoutes(app: ContractApp, { consoleBookings, signedIn }: Options) {
  const bookingReply = { 200: responseSchema(operatorBookingResponseSchema) };
  /** The outward job of the booking a path names: what bookings/{n}/status and assign move. */
  const outwardOf = (bookingNumber: string) =>
    ({ bookingNumber, leg: 'outward', via: 'booking' }) as const;

  app.get(
    API_PATHS.operatorBooking,
    { preValidation: signedIn, schema: { params: bookingPathSchema, response: bookingReply } },
    async (request): Promise<OperatorBookingResponse> => ({
      success: true,
      data: await consoleBookings.detail(request.operator!, request.params.booking_number),
    }),
  );

  app.post(
    API_PATHS.operatorBookingStatus,
    {
      preValidation: signedIn,
      schema: {
        params: bookingPathSchema,
        body: statusChangeRequestSchema,
        response: bookingReply,
      },
    },
    async (request): Promise<OperatorBookingResponse> => {
      const job = outwardOf(request.params.booking_number);
      const key = idempotencyKeyOf(request);
      const data = await consoleBookings.changeStatus(request.operator!, job, request.body, key);
      return { success: true, data };
    },
  );

  app.post(
    API_PATHS.operatorBookingAssign,
    {
      preValidation: signedIn,
      schema: {
        params: bookingPathSchema,
        body: assignDriverRequestSchema,
        response: bookingReply,
      },
    },
    async (request): Promise<OperatorBookingResponse> => {
      const job = outwardOf(request.params.booking_number);
      const key = idempotencyKeyOf(request);
      const data = await consoleBookings.assign(request.operator!, job, request.body, key);
      return { success: true, data };
    },
  );

  // A failed card refund tried again now (it is also retried by itself).
  app.post(
    API_PATHS.operatorRefundRetry,
    { preValidation: signedIn, schema: { params: refundPathSchema, response: bookingReply } },
    async (request): Promise<OperatorBookingResponse> => {
      const { booking_number: bookingNumber, id } = request.params;
      const data = await consoleBookings.retryRefund(request.operator!, bookingNumber, id);
      return { success: true, data };
    },
  );
}
