import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  driverInvitationLookupResponseSchema,
  driverDutyRequestSchema,
  driverInvitationQuerySchema,
  driverLoginRequestSchema,
  driverMeResponseSchema,
  driverSetPasswordRequestSchema,
  driverSetPasswordResponseSchema,
  type DriverMeResponse,
} from '../../contract/driver';
import { API_PATHS } from '../../contract/paths';
import { DRIVER_MESSAGES } from '../../domain/driver-messages';
import { HttpError } from '../errors';
import { withContractSchemas } from '../http/contract-validation';
import { driverAuth, driverSessionCookies, driverSessionToken } from '../http/driver-session';
import { sameOriginCheck } from '../http/operator-session';
import { responseSchema } from '../lib/response-schema';
import { driverOfferRoutes } from './driver-offers';
import type { DriverRouteContext } from './driver-route-context';
import { hashInvitationToken } from '../services/accounts/invitation-tokens';
import type { DriverAuthService } from '../services/driver/driver-auth-service';
import type { DriverInvitations } from '../services/driver/driver-invitations';
import type { JobOffersService } from '../services/job-offers/job-offers-service';
import type { DriverJobs } from '../services/driver/driver-jobs';
import type { DriverStatus } from '../services/driver/driver-status';
import { driverJobRoutes } from './driver-jobs';
import type { AttemptCounters } from '../services/limits/attempt-counters';

export interface DriverRoutesOptions {
  auth: DriverAuthService;
  invitations: DriverInvitations;
  /** Jobs offered to drivers: Accept, Decline, and the push subscription. */
  jobOffers: JobOffersService;
  jobs: DriverJobs;
  status: DriverStatus;
  counters: AttemptCounters;
  /** PUBLIC_URL: its origin is accepted beside the request's own. */
  publicUrl: string | undefined;
}

/**
 * The driver's app (issue 34; API.md, The driver's app): its session here. Every call but
 * login and logout is signed in before its params, query or body are read (preValidation), and
 * every state-changing one must come from the site itself, as the console's.
 */
export async function driverRoutes(fastify: FastifyInstance, options: DriverRoutesOptions) {
  const { auth, counters } = options;
  const app = withContractSchemas(fastify, { notFound: DRIVER_MESSAGES.jobNotFound });
  const cookies = driverSessionCookies(options.publicUrl);
  const signedIn = driverAuth(auth, cookies);

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  app.addHook('onRequest', sameOriginCheck(options.publicUrl, DRIVER_MESSAGES.crossOrigin));
  const context = { app, auth, cookies, signedIn };
  sessionRoutes(context, counters);
  invitationRoutes(context, options);
  driverOfferRoutes(context, options.jobOffers);
  driverJobRoutes(context, { jobs: options.jobs, status: options.status });
}

function sessionRoutes(context: DriverRouteContext, counters: AttemptCounters) {
  const { app, auth, cookies, signedIn } = context;
  const meReply = { 200: responseSchema(driverMeResponseSchema) };

  app.post(
    API_PATHS.driverLogin,
    { schema: { body: driverLoginRequestSchema, response: meReply } },
    async (request, reply): Promise<DriverMeResponse> => {
      const { email, password } = request.body;
      const attempt = await counters.count('password', request, reply, email, 'driver');
      const { token, driver } = await auth.login(email, password);
      await attempt.giveBack();
      cookies.set(request, reply, token);
      return { success: true, data: driver };
    },
  );

  app.post(API_PATHS.driverLogout, async (request, reply) => {
    const token = driverSessionToken(request);
    if (token !== undefined) await auth.logout(token);
    cookies.clear(request, reply);
    return { success: true as const };
  });

  app.get(
    API_PATHS.driverMe,
    { preValidation: signedIn, schema: { response: meReply } },
    async (request): Promise<DriverMeResponse> => ({
      success: true,
      data: await auth.me(request.driverRow!),
    }),
  );

  app.post(
    API_PATHS.driverDuty,
    { preValidation: signedIn, schema: { body: driverDutyRequestSchema, response: meReply } },
    async (request): Promise<DriverMeResponse> => ({
      success: true,
      data: await auth.setDuty(request.driver!, request.body.on_duty),
    }),
  );
}

/**
 * The invitation's calls, made before any session: each counts as a reset-code attempt per
 * address and per link, as the console's, so neither guessing links nor hashing passwords on
 * our CPU can be done at speed.
 */
function invitationRoutes(context: DriverRouteContext, options: DriverRoutesOptions) {
  const { app, auth, cookies } = context;
  const { invitations, counters } = options;
  const count = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    counters.count('resetCode', request, reply, `invitation:${hashInvitationToken(token)}`);

  app.get(
    API_PATHS.driverInvitation,
    {
      schema: {
        querystring: driverInvitationQuerySchema,
        response: { 200: responseSchema(driverInvitationLookupResponseSchema) },
      },
    },
    async (request, reply) => {
      await count(request, reply, request.query.token);
      return { success: true as const, data: await invitations.lookup(request.query.token) };
    },
  );

  app.post(
    API_PATHS.driverSetPassword,
    {
      schema: {
        body: driverSetPasswordRequestSchema,
        response: { 200: responseSchema(driverSetPasswordResponseSchema) },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      await count(request, reply, token);
      const driverId = await invitations.setPassword(token, password);
      const sessionToken = await auth.openSession(driverId);
      const row = await auth.authenticate(sessionToken);
      if (!row) throw new HttpError(401, DRIVER_MESSAGES.signInRequired);
      cookies.set(request, reply, sessionToken);
      return {
        success: true as const,
        message: DRIVER_MESSAGES.passwordSet,
        data: await auth.me(row),
      };
    },
  );
}
