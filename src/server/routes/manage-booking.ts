import * as z from 'zod/mini';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  amendPaymentRequestSchema,
  amendRequestSchema,
  cancelRequestSchema,
  lookupRequestSchema,
  type AmendPreview,
  type AmendResponse,
  type CancelResponse,
  type LookupResponse,
  type ManagedBookingResponse,
} from '../../contract/manage-booking';
import { API_PATHS, MANAGE_TOKEN_HEADER } from '../../contract/paths';
import { POLICY_MESSAGES } from '../../domain/booking-policy';
import { HttpError, parseRequest } from '../errors';
import { bearerToken } from '../http/bearer-auth';
import { requestOrigin } from '../http/request-origin';
import { idempotencyKeyOf } from '../lib/idempotency';
import type { CorporateService } from '../services/accounts/corporate-service';
import type { AttemptCounters } from '../services/limits/attempt-counters';
import type { ManageCaller } from '../services/manage/manage-access';
import type { ManageBookingService } from '../services/manage/manage-booking-service';

const params = z.object({
  booking_number: z
    .string()
    .check(z.regex(/^[0-9A-Za-z-]{1,32}$/, 'booking_number is not a booking reference')),
});

/** A manage token is 32 bytes in base64url: 43 characters; anything else opens nothing. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The passenger's own booking (issue 22; API.md, Manage booking): lookup by reference and
 * email, then every call with X-Manage-Token, or a corporate passenger's bearer token for a
 * booking of their own. Another booking's token is the same 404 as no booking at all.
 */
export async function manageBookingRoutes(
  app: FastifyInstance,
  options: { manage: ManageBookingService; corporate: CorporateService; counters: AttemptCounters },
): Promise<void> {
  const { manage, counters } = options;

  // A booking's page holds personal details: never kept by a browser or proxy cache.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  /** The booking this request may open, by its token or its passenger's sign-in. */
  async function bookingOf(request: FastifyRequest): Promise<number> {
    const { booking_number: bookingNumber } = parseRequest(params, request.params);
    const header = request.headers[MANAGE_TOKEN_HEADER];
    let caller: ManageCaller | undefined;
    if (typeof header === 'string' && header !== '') {
      if (!TOKEN_PATTERN.test(header)) throw new HttpError(404, POLICY_MESSAGES.linkInvalid);
      caller = { token: header };
    } else {
      const token = bearerToken(request);
      const passengerId =
        token === undefined ? undefined : await options.corporate.authenticate(token);
      if (passengerId !== undefined) caller = { passengerId };
    }
    if (!caller) throw new HttpError(404, POLICY_MESSAGES.linkInvalid);
    return manage.authorise(bookingNumber, caller);
  }

  app.post(API_PATHS.manageBookingLookup, async (request, reply): Promise<LookupResponse> => {
    const body = parseRequest(lookupRequestSchema, request.body);
    // Counted per address, per email and per reference: a miss stays counted as a guess.
    const attempt = await counters.count(
      'manageLookup',
      request,
      reply,
      [body.email, `reference:${body.booking_number}`],
      'lookup',
    );
    const found = await manage.lookup(body.booking_number, body.email);
    await attempt.giveBack();
    return { success: true, ...found };
  });

  app.get(API_PATHS.manageBooking, async (request): Promise<ManagedBookingResponse> => {
    return { success: true, booking: await manage.view(await bookingOf(request)) };
  });

  app.post(
    API_PATHS.manageBookingAmendPreview,
    async (request): Promise<{ success: true; data: AmendPreview }> => {
      const bookingId = await bookingOf(request);
      const body = parseRequest(amendRequestSchema, request.body);
      return { success: true, data: await manage.preview(bookingId, body) };
    },
  );

  app.post(API_PATHS.manageBookingAmend, async (request, reply): Promise<AmendResponse> => {
    const bookingId = await bookingOf(request);
    const key = idempotencyKeyOf(request);
    const body = parseRequest(amendRequestSchema, request.body);
    // Each change mails the passenger and the operator: counted per client address, per booking
    // and per the mailbox it mails (429 with Retry-After beyond; API.md, Limits). A change
    // refused with a 4xx made and mailed nothing, so it is given back.
    const counted = await manage.changeCountKeys(bookingId, key);
    const attempt = counted && (await counters.count('bookingChange', request, reply, counted));
    try {
      return await manage.amend(bookingId, body, key, requestOrigin(request));
    } catch (error) {
      if (attempt && error instanceof HttpError && error.statusCode < 500) await attempt.giveBack();
      throw error;
    }
  });

  app.post(
    API_PATHS.manageBookingAmendPayment,
    async (request): Promise<ManagedBookingResponse> => {
      const bookingId = await bookingOf(request);
      const body = parseRequest(amendPaymentRequestSchema, request.body);
      return { success: true, booking: await manage.amendPayment(bookingId, body.session_id) };
    },
  );

  app.get(API_PATHS.manageBookingReceipt, async (request, reply) => {
    const bookingId = await bookingOf(request);
    const { booking_number: bookingNumber } = parseRequest(params, request.params);
    const pdf = await manage.receipt(bookingId);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="receipt-${bookingNumber}.pdf"`)
      .send(pdf);
  });

  app.post(API_PATHS.manageBookingCancel, async (request): Promise<CancelResponse> => {
    const bookingId = await bookingOf(request);
    const key = idempotencyKeyOf(request);
    const body = parseRequest(cancelRequestSchema, request.body ?? {});
    return manage.cancel(bookingId, body, key);
  });
}
