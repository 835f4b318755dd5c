import type { FastifyInstance } from 'fastify';
import {
  driverPositionsResponseSchema,
  jobTrailResponseSchema,
  type DriverPositionsResponse,
  type JobTrailResponse,
} from '../../contract/live';
import { jobPathSchema } from '../../contract/path-params';
import { API_PATHS } from '../../contract/paths';
import { jobRef } from '../../domain/booking-jobs';
import { OPERATOR_MESSAGES } from '../../domain/messages';
import { HttpError } from '../errors';
import { withContractSchemas } from '../http/contract-validation';
import type { EventStreams } from '../http/event-stream';
import {
  operatorAuth,
  sameOriginCheck,
  sessionCookies,
  sessionToken,
} from '../http/operator-session';
import { responseSchema } from '../lib/response-schema';
import type { LiveServices } from '../services/live/live-services';
import { identityOf, type OperatorAuthService } from '../services/operator/operator-auth-service';

export interface OperatorLiveOptions {
  auth: OperatorAuthService;
  live: LiveServices;
  streams: EventStreams;
  publicUrl: string | undefined;
}

/**
 * The console's live views (issue 34; API.md, The driver's app): its event stream (the board
 * and the map), the drivers on the map, and a job's trail as JSON and as a GPX file. Signed in
 * with the console's cookie; another company's job is 404, as everywhere in the console.
 */
export async function operatorLiveRoutes(fastify: FastifyInstance, options: OperatorLiveOptions) {
  const { auth, live, streams } = options;
  const app = withContractSchemas(fastify);
  const signedIn = operatorAuth(auth, sessionCookies(options.publicUrl));

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  app.addHook('onRequest', sameOriginCheck(options.publicUrl));

  app.get(
    API_PATHS.operatorEvents,
    { config: { eventStream: true }, exposeHeadRoute: false },
    async (request, reply) => {
      const token = sessionToken(request);
      // Listening is not using the console: an open board must not keep its session alive.
      const check = async () => (token === undefined ? undefined : auth.authenticate(token, false));
      const row = await check();
      if (!row) throw new HttpError(401, OPERATOR_MESSAGES.signInRequired);
      const { companyId } = identityOf(row);
      streams.stream(request, reply, {
        keys: [companyId === null ? 'all' : `company:${companyId}`],
        stillAllowed: async () => (await check()) !== undefined,
      });
      return reply;
    },
  );

  app.get(
    API_PATHS.operatorDriverPositions,
    {
      preValidation: signedIn,
      schema: { response: { 200: responseSchema(driverPositionsResponseSchema) } },
    },
    async (request): Promise<DriverPositionsResponse> => ({
      success: true,
      data: await live.driversOnMap(request.operator!),
    }),
  );

  app.get(
    API_PATHS.operatorJobTrail,
    {
      preValidation: signedIn,
      schema: { params: jobPathSchema, response: { 200: responseSchema(jobTrailResponseSchema) } },
    },
    async (request): Promise<JobTrailResponse> => ({
      success: true,
      data: await live.trail(request.operator!, request.params.job_ref),
    }),
  );

  app.get(
    API_PATHS.operatorJobTrailGpx,
    // The console's Download GPX is a plain link: no key headers, the cookie signs it in.
    {
      config: { plainLink: true },
      exposeHeadRoute: false,
      preValidation: signedIn,
      schema: { params: jobPathSchema },
    },
    async (request, reply) => {
      const target = request.params.job_ref;
      const gpx = await live.trailGpx(request.operator!, target);
      const name = `trail-${jobRef(target.bookingNumber, target.leg)}.gpx`;
      return reply
        .type('application/gpx+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(gpx);
    },
  );
}
