import type {} from '@fastify/cookie';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import {
  driverLoginRequestSchema,
  driverMeResponseSchema,
  type DriverMeResponse,
} from '../../contract/driver';
import { API_PATHS } from '../../contract/paths';
import { DRIVER_MESSAGES } from '../../domain/driver-messages';
import { withContractSchemas, type ContractApp } from '../http/contract-validation';
import { driverAuth, driverSessionCookies, driverSessionToken } from '../http/driver-session';
import { sameOriginCheck, type SessionCookies } from '../http/operator-session';
import { responseSchema } from '../lib/response-schema';
import type { DriverAuthService } from '../services/driver/driver-auth-service';
import type { AttemptCounters } from '../services/limits/attempt-counters';

export interface DriverRoutesOptions {
  auth: DriverAuthService;
  counters: AttemptCounters;
  /** PUBLIC_URL: its origin is accepted beside the request's own. */
  publicUrl: string | undefined;
}

/** What each module of the driver's API is given by driverRoutes. */
export interface DriverRouteContext {
  app: ContractApp;
  auth: DriverAuthService;
  cookies: SessionCookies;
  /** The session check, run as preValidation. */
  signedIn: preHandlerHookHandler;
}

/**
 * The driver's app (issue 34; API.md, The driver's app): its session here. Every call but
 * login and logout is signed in before its params, query or body are read (preValidation), and
 * every state-changing one must come from the site itself, as the console's.
 */
export async function driverRoutes(fastify: FastifyInstance, options: DriverRoutesOptions) {
  const { auth, counters } = options;
  const app = withContractSchemas(fastify);
  const cookies = driverSessionCookies(options.publicUrl);
  const signedIn = driverAuth(auth, cookies);

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  app.addHook('onRequest', sameOriginCheck(options.publicUrl, DRIVER_MESSAGES.crossOrigin));
  sessionRoutes({ app, auth, cookies, signedIn }, counters);
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
}
