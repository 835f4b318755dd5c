import type { FastifyInstance } from 'fastify';
import { driverLocationRequestSchema } from '../../contract/driver';
import { driverLocationResponseSchema, type DriverLocationResponse } from '../../contract/live';
import { API_PATHS } from '../../contract/paths';
import { DRIVER_MESSAGES } from '../../domain/driver-messages';
import { HttpError } from '../errors';
import { withContractSchemas } from '../http/contract-validation';
import { driverAuth, driverSessionCookies, driverSessionToken } from '../http/driver-session';
import type { EventStreams } from '../http/event-stream';
import { sameOriginCheck } from '../http/operator-session';
import { responseSchema } from '../lib/response-schema';
import type { DriverAuthService } from '../services/driver/driver-auth-service';
import type { LiveServices } from '../services/live/live-services';

export interface DriverLiveOptions {
  auth: DriverAuthService;
  live: LiveServices;
  streams: EventStreams;
  publicUrl: string | undefined;
}

/**
 * The driver app's live side (issue 34; API.md, The driver's app): its event stream (jobs and
 * offers of this driver) and the phone's position every 15 s. Signed in with the driver's
 * cookie; a position must come from the app itself, as every state-changing call of theirs.
 */
export async function driverLiveRoutes(fastify: FastifyInstance, options: DriverLiveOptions) {
  const { auth, live, streams } = options;
  const app = withContractSchemas(fastify);
  const signedIn = driverAuth(auth, driverSessionCookies(options.publicUrl));

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  app.addHook('onRequest', sameOriginCheck(options.publicUrl, DRIVER_MESSAGES.crossOrigin));

  app.get(
    API_PATHS.driverEvents,
    { config: { eventStream: true }, exposeHeadRoute: false },
    async (request, reply) => {
      const token = driverSessionToken(request);
      const check = async () => (token === undefined ? undefined : auth.authenticate(token));
      const row = await check();
      if (!row) throw new HttpError(401, DRIVER_MESSAGES.signInRequired);
      streams.stream(request, reply, {
        keys: [`driver:${row.id}`],
        // A deactivated driver's sessions end at once; their stream at the next heartbeat.
        stillAllowed: async () => (await check()) !== undefined,
      });
      return reply;
    },
  );

  app.post(
    API_PATHS.driverLocation,
    {
      preValidation: signedIn,
      schema: {
        body: driverLocationRequestSchema,
        response: { 200: responseSchema(driverLocationResponseSchema) },
      },
    },
    async (request): Promise<DriverLocationResponse> => ({
      success: true,
      data: await live.recordPosition(request.driver!.id, request.body),
    }),
  );
}
