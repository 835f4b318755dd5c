import type { FastifyInstance } from 'fastify';
import {
  lookupRequestSchema,
  lookupResponseSchema,
  managedBookingResponseSchema,
  textsChoiceRequestSchema,
  type LookupResponse,
  type ManagedBookingResponse,
} from '../../contract/manage-booking';
import { bookingPathSchema } from '../../contract/path-params';
import { API_PATHS } from '../../contract/paths';
import {
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
} from '../../contract/web-push';
import { POLICY_MESSAGES } from '../../domain/booking-policy';
import { withContractSchemas } from '../http/contract-validation';
import { manageCaller } from '../http/manage-caller';
import { responseSchema } from '../lib/response-schema';
import type { CorporateService } from '../services/accounts/corporate-service';
import type { AttemptCounters } from '../services/limits/attempt-counters';
import type { ManageBookingService } from '../services/manage/manage-booking-service';
import { manageBookingChangeRoutes } from './manage-booking-changes';

/**
 * The passenger's own booking (issue 22; API.md, Manage booking): lookup by reference and
 * email, then every call with X-Manage-Token, or a corporate passenger's bearer token for a
 * booking of their own. Another booking's token, and a path that names no booking, are the
 * same 404 as no booking at all.
 */
export async function manageBookingRoutes(
  fastify: FastifyInstance,
  options: { manage: ManageBookingService; corporate: CorporateService; counters: AttemptCounters },
): Promise<void> {
  const { manage, counters } = options;
  const app = withContractSchemas(fastify, { notFound: POLICY_MESSAGES.linkInvalid });
  const identified = manageCaller((token) => options.corporate.authenticate(token));

  // A booking's page holds personal details: never kept by a browser or proxy cache.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.post(
    API_PATHS.manageBookingLookup,
    {
      schema: {
        body: lookupRequestSchema,
        response: { 200: responseSchema(lookupResponseSchema) },
      },
    },
    async (request, reply): Promise<LookupResponse> => {
      const { booking_number: bookingNumber, email } = request.body;
      // Counted per address, per email and per reference: a miss stays counted as a guess.
      const attempt = await counters.count(
        'manageLookup',
        request,
        reply,
        [email, `reference:${bookingNumber}`],
        'lookup',
      );
      const found = await manage.lookup(bookingNumber, email);
      await attempt.giveBack();
      return { success: true, ...found };
    },
  );

  app.get(
    API_PATHS.manageBooking,
    {
      preValidation: identified,
      schema: {
        params: bookingPathSchema,
        response: { 200: responseSchema(managedBookingResponseSchema) },
      },
    },
    async (request): Promise<ManagedBookingResponse> => {
      const bookingId = await manage.authorise(
        request.params.booking_number,
        request.manageCaller!,
      );
      return { success: true, booking: await manage.view(bookingId) };
    },
  );

  app.get(
    API_PATHS.manageBookingReceipt,
    { preValidation: identified, schema: { params: bookingPathSchema } },
    async (request, reply) => {
      const bookingNumber = request.params.booking_number;
      const pdf = await manage.receipt(
        await manage.authorise(bookingNumber, request.manageCaller!),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${bookingNumber}.pdf"`)
        .send(pdf);
    },
  );

  manageBookingTextsRoute(app, { manage, identified });
  manageBookingPushRoutes(app, { manage, identified });
  manageBookingChangeRoutes(app, { manage, counters, identified });
}

/** PUT /manage-booking/{n}/texts: "Text me about this booking" on or off (issue 35). */
function manageBookingTextsRoute(
  app: ReturnType<typeof withContractSchemas>,
  options: { manage: ManageBookingService; identified: ReturnType<typeof manageCaller> },
): void {
  const { manage, identified } = options;
  app.put(
    API_PATHS.manageBookingTexts,
    {
      preValidation: identified,
      schema: {
        params: bookingPathSchema,
        body: textsChoiceRequestSchema,
        response: { 200: responseSchema(managedBookingResponseSchema) },
      },
    },
    async (request): Promise<ManagedBookingResponse> => {
      const bookingId = await manage.authorise(
        request.params.booking_number,
        request.manageCaller!,
      );
      return { success: true, booking: await manage.chooseTexts(bookingId, request.body.wanted) };
    },
  );
}

/**
 * POST and DELETE /manage-booking/{n}/push-subscription: "Notify me on this phone" on or off
 * (issue 35). The caller's own booking only (else 404, as GET); a booking that is over is 409.
 */
function manageBookingPushRoutes(
  app: ReturnType<typeof withContractSchemas>,
  options: { manage: ManageBookingService; identified: ReturnType<typeof manageCaller> },
): void {
  const { manage, identified } = options;
  const reply = { 200: responseSchema(managedBookingResponseSchema) };
  app.post(
    API_PATHS.manageBookingPushSubscription,
    {
      preValidation: identified,
      schema: { params: bookingPathSchema, body: pushSubscriptionRequestSchema, response: reply },
    },
    async (request): Promise<ManagedBookingResponse> => {
      const bookingId = await manage.authorise(
        request.params.booking_number,
        request.manageCaller!,
      );
      return { success: true, booking: await manage.followByPush(bookingId, request.body) };
    },
  );
  app.delete(
    API_PATHS.manageBookingPushSubscription,
    {
      preValidation: identified,
      schema: { params: bookingPathSchema, body: pushUnsubscribeRequestSchema, response: reply },
    },
    async (request): Promise<ManagedBookingResponse> => {
      const bookingId = await manage.authorise(
        request.params.booking_number,
        request.manageCaller!,
      );
      const { endpoint } = request.body;
      return { success: true, booking: await manage.stopPush(bookingId, endpoint) };
    },
  );
}
