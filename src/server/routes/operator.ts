import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  assignDriverRequestSchema,
  boardQuerySchema,
  driverInputSchema,
  driverPatchSchema,
  operatorLoginRequestSchema,
  statusChangeRequestSchema,
} from '../../contract/operator';
import { manualBookingRequestSchema } from '../../contract/phone-booking';
import type {
  BoardResponse,
  OperatorBookingResponse,
  OperatorResponse,
} from '../../contract/operator';
import { API_PATHS } from '../../contract/paths';
import { OPERATOR_MESSAGES } from '../../domain/messages';
import { HttpError, parseRequest, RequestValidationError } from '../errors';
import {
  operatorAuth,
  sameOriginCheck,
  sessionCookies,
  sessionToken,
} from '../http/operator-session';
import { idempotencyKeyOf } from '../lib/idempotency';
import type { AttemptCounters } from '../services/limits/attempt-counters';
import type { ConsoleBookingsService } from '../services/operator/console-bookings-service';
import type { DriversService } from '../services/operator/drivers-service';
import { toOperator, type OperatorAuthService } from '../services/operator/operator-auth-service';
import { bookingNumberOf } from '../http/booking-number-param';
import { operatorJobRoutes } from './operator-jobs';

export interface OperatorRoutesOptions {
  auth: OperatorAuthService;
  consoleBookings: ConsoleBookingsService;
  drivers: DriversService;
  counters: AttemptCounters;
  /** PUBLIC_URL: its origin is accepted beside the request's own. */
  publicUrl: string | undefined;
}

function driverIdOf(request: FastifyRequest): number {
  const value = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new HttpError(404, OPERATOR_MESSAGES.driverNotFound);
  return Number(value);
}

/** The operator console's API (issue 21; API.md, Operator console). */
export async function operatorRoutes(app: FastifyInstance, options: OperatorRoutesOptions) {
  const { auth, consoleBookings, drivers, counters } = options;
  const cookies = sessionCookies(options.publicUrl);
  const signedIn = operatorAuth(auth, cookies);

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  app.addHook('onRequest', sameOriginCheck(options.publicUrl));

  app.post(API_PATHS.operatorLogin, async (request, reply): Promise<OperatorResponse> => {
    const body = parseRequest(operatorLoginRequestSchema, request.body);
    const attempt = await counters.count('password', request, reply, body.email, 'console');
    const { token, operator } = await auth.login(body.email, body.password);
    await attempt.giveBack();
    cookies.set(request, reply, token);
    return { success: true, operator };
  });

  app.post(API_PATHS.operatorLogout, async (request, reply) => {
    const token = sessionToken(request);
    if (token !== undefined) await auth.logout(token);
    cookies.clear(request, reply);
    return { success: true as const };
  });

  app.get(API_PATHS.operatorMe, { preHandler: signedIn }, async (request) => ({
    success: true as const,
    operator: toOperator(request.operatorRow!),
  }));

  app.get(
    API_PATHS.operatorBookings,
    { preHandler: signedIn },
    async (request): Promise<BoardResponse> => {
      const query = parseRequest(boardQuerySchema, request.query);
      return { success: true, ...(await consoleBookings.board(request.operator!, query)) };
    },
  );

  app.post(API_PATHS.operatorBookings, { preHandler: signedIn }, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const body = parseRequest(manualBookingRequestSchema, request.body);
    const bookingNumber = await consoleBookings.bookByPhone(request.operator!, body, key);
    return reply.code(201).send({ success: true, data: { booking_number: bookingNumber } });
  });

  // The jobs board as a spreadsheet (services/operator/bookings-csv.ts).
  app.get(API_PATHS.operatorBookingsCsv, { preHandler: signedIn }, async (request, reply) => {
    const query = parseRequest(boardQuerySchema, request.query);
    const csv = consoleBookings.bookingsCsv(request.operator!, query, request.log);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.fileName}"`)
      .send(csv.body);
  });

  app.get(
    API_PATHS.operatorBooking,
    { preHandler: signedIn },
    async (request): Promise<OperatorBookingResponse> => ({
      success: true,
      data: await consoleBookings.detail(request.operator!, bookingNumberOf(request)),
    }),
  );

  app.post(
    API_PATHS.operatorBookingStatus,
    { preHandler: signedIn },
    async (request): Promise<OperatorBookingResponse> => {
      const bookingNumber = bookingNumberOf(request);
      const key = idempotencyKeyOf(request);
      const body = parseRequest(statusChangeRequestSchema, request.body);
      return {
        success: true,
        data: await consoleBookings.changeStatus(
          request.operator!,
          { bookingNumber, leg: 'outward', via: 'booking' },
          body,
          key,
        ),
      };
    },
  );

  app.post(
    API_PATHS.operatorBookingAssign,
    { preHandler: signedIn },
    async (request): Promise<OperatorBookingResponse> => {
      const bookingNumber = bookingNumberOf(request);
      const key = idempotencyKeyOf(request);
      const body = parseRequest(assignDriverRequestSchema, request.body);
      return {
        success: true,
        data: await consoleBookings.assign(
          request.operator!,
          { bookingNumber, leg: 'outward', via: 'booking' },
          body,
          key,
        ),
      };
    },
  );

  await operatorJobRoutes(app, { consoleBookings, signedIn });

  // A failed card refund tried again now (it is also retried by itself).
  app.post(
    API_PATHS.operatorRefundRetry,
    { preHandler: signedIn },
    async (request): Promise<OperatorBookingResponse> => {
      const bookingNumber = bookingNumberOf(request);
      const value = (request.params as { id?: string }).id ?? '';
      if (!/^[1-9]\d{0,8}$/.test(value)) throw new HttpError(404, OPERATOR_MESSAGES.refundNotFound);
      return {
        success: true,
        data: await consoleBookings.retryRefund(request.operator!, bookingNumber, Number(value)),
      };
    },
  );

  app.get(API_PATHS.operatorDrivers, { preHandler: signedIn }, async (request) => ({
    success: true as const,
    data: await drivers.list(request.operator!),
  }));

  app.post(API_PATHS.operatorDrivers, { preHandler: signedIn }, async (request, reply) => {
    const body = parseRequest(driverInputSchema, request.body);
    const data = await drivers.add(request.operator!, body);
    return reply.code(201).send({ success: true, data });
  });

  app.patch(API_PATHS.operatorDriver, { preHandler: signedIn }, async (request) => {
    const id = driverIdOf(request);
    const body = parseRequest(driverPatchSchema, request.body);
    if (Object.keys(body).length === 0) {
      throw new RequestValidationError([{ path: '', message: 'Nothing to change' }]);
    }
    return { success: true as const, data: await drivers.update(request.operator!, id, body) };
  });
}
