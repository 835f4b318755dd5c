import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import type * as z from 'zod/mini';
import {
  amendPaymentRequestSchema,
  amendPreviewResponseSchema,
  amendRequestSchema,
  amendResponseSchema,
  cancelBodySchema,
  cancelResponseSchema,
  managedBookingResponseSchema,
  type AmendPreview,
  type AmendResponse,
  type CancelResponse,
  type ManagedBookingResponse,
} from '../../contract/manage-booking';
import { bookingPathSchema, type BookingPath } from '../../contract/path-params';
import { API_PATHS } from '../../contract/paths';
import { HttpError } from '../errors';
import type { ContractApp } from '../http/contract-validation';
import { requestOrigin } from '../http/request-origin';
import { idempotencyKeyOf } from '../lib/idempotency';
import { responseSchema } from '../lib/response-schema';
import type { AttemptCounters } from '../services/limits/attempt-counters';
import type { ManageBookingService } from '../services/manage/manage-booking-service';

/**
 * The passenger's changes to their booking (API.md, Manage booking): a change previewed and
 * made, its difference paid, and the booking or its return leg cancelled.
 */
export function manageBookingChangeRoutes(
  app: ContractApp,
  options: {
    manage: ManageBookingService;
    counters: AttemptCounters;
    /** Names the caller (http/manage-caller.ts) before anything sent is read. */
    identified: preHandlerHookHandler;
  },
): void {
  const { manage, counters, identified } = options;
  /** The booking the caller may open, by the path's {booking_number}. */
  const bookingOf = (request: FastifyRequest<{ Params: BookingPath }>) =>
    manage.authorise(request.params.booking_number, request.manageCaller!);
  /** A change's route: the caller named, then its path and body read with the contract's schemas. */
  const changeRoute = <Body extends z.ZodMiniType>(body: Body, response: z.ZodMiniType) => ({
    preValidation: identified,
    schema: { params: bookingPathSchema, body, response: { 200: responseSchema(response) } },
  });

  app.post(
    API_PATHS.manageBookingAmendPreview,
    changeRoute(amendRequestSchema, amendPreviewResponseSchema),
    async (request): Promise<{ success: true; data: AmendPreview }> => {
      const bookingId = await bookingOf(request);
      return { success: true, data: await manage.preview(bookingId, request.body) };
    },
  );

  app.post(
    API_PATHS.manageBookingAmend,
    changeRoute(amendRequestSchema, amendResponseSchema),
    async (request, reply): Promise<AmendResponse> => {
      const bookingId = await bookingOf(request);
      const key = idempotencyKeyOf(request);
      // Each change mails the passenger and the operator: counted per client address, per
      // booking and per the mailbox it mails (429 with Retry-After beyond; API.md, Limits). A
      // change refused with a 4xx made and mailed nothing, so it is given back.
      const counted = await manage.changeCountKeys(bookingId, key);
      const attempt = counted && (await counters.count('bookingChange', request, reply, counted));
      try {
        return await manage.amend(bookingId, request.body, key, requestOrigin(request));
      } catch (error) {
        if (attempt && error instanceof HttpError && error.statusCode < 500) {
          await attempt.giveBack();
        }
        throw error;
      }
    },
  );

  app.post(
    API_PATHS.manageBookingAmendPayment,
    changeRoute(amendPaymentRequestSchema, managedBookingResponseSchema),
    async (request): Promise<ManagedBookingResponse> => {
      const bookingId = await bookingOf(request);
      const booking = await manage.amendPayment(bookingId, request.body.session_id);
      return { success: true, booking };
    },
  );

  app.post(
    API_PATHS.manageBookingCancel,
    changeRoute(cancelBodySchema, cancelResponseSchema),
    async (request): Promise<CancelResponse> => {
      const bookingId = await bookingOf(request);
      const key = idempotencyKeyOf(request);
      return manage.cancel(bookingId, request.body ?? {}, key);
    },
  );
}
