import type { FastifyInstance } from 'fastify';
import {
  liveEventsQuerySchema,
  passengerDriverQuerySchema,
  passengerDriverResponseSchema,
  type PassengerDriverResponse,
} from '../../contract/live';
import { bookingPathSchema } from '../../contract/path-params';
import { API_PATHS } from '../../contract/paths';
import { POLICY_MESSAGES } from '../../domain/booking-policy';
import { withContractSchemas } from '../http/contract-validation';
import type { EventStreams } from '../http/event-stream';
import { manageCaller } from '../http/manage-caller';
import { responseSchema } from '../lib/response-schema';
import type { CorporateService } from '../services/accounts/corporate-service';
import type { LiveServices } from '../services/live/live-services';
import type { ManageBookingService } from '../services/manage/manage-booking-service';

export interface PassengerLiveOptions {
  live: LiveServices;
  streams: EventStreams;
  manage: ManageBookingService;
  corporate: CorporateService;
}

/**
 * The passenger watching the car arrive (issue 34; API.md, The driver's app): their driver on
 * a journey, and their booking's event stream. The same callers as every manage-booking call
 * (the manage token, or a corporate passenger's own booking), and the same one 404 for anything
 * else; the stream also takes the token as `?token=`, as EventSource sends no headers.
 */
export async function passengerLiveRoutes(fastify: FastifyInstance, options: PassengerLiveOptions) {
  const { live, streams, manage } = options;
  const app = withContractSchemas(fastify, { notFound: POLICY_MESSAGES.linkInvalid });
  const authenticate = (token: string) => options.corporate.authenticate(token);
  const identified = manageCaller(authenticate);
  const identifiedOrQuery = manageCaller(authenticate, { queryToken: true });

  // Where the car is, and the booking's personal details: never kept by a cache.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.get(
    API_PATHS.manageBookingDriver,
    {
      preValidation: identified,
      schema: {
        params: bookingPathSchema,
        querystring: passengerDriverQuerySchema,
        response: { 200: responseSchema(passengerDriverResponseSchema) },
      },
    },
    async (request): Promise<PassengerDriverResponse> => {
      const bookingId = await manage.authorise(
        request.params.booking_number,
        request.manageCaller!,
      );
      const leg = request.query.leg ?? 'outward';
      return { success: true, data: await live.passengerDriver(bookingId, leg) };
    },
  );

  app.get(
    API_PATHS.manageBookingEvents,
    {
      config: { eventStream: true },
      exposeHeadRoute: false,
      preValidation: identifiedOrQuery,
      schema: { params: bookingPathSchema, querystring: liveEventsQuerySchema },
    },
    async (request, reply) => {
      const caller = request.manageCaller!;
      const bookingNumber = request.params.booking_number;
      const bookingId = await manage.authorise(bookingNumber, caller);
      streams.stream(request, reply, {
        keys: [`booking:${bookingId}`],
        // An expired link or a signed-out passenger stops hearing at the next heartbeat.
        stillAllowed: () =>
          manage.authorise(bookingNumber, caller).then(
            () => true,
            () => false,
          ),
      });
      return reply;
    },
  );
}
