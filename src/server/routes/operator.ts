import type {} from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import {
  operatorLoginRequestSchema,
  operatorResponseSchema,
  type OperatorResponse,
} from '../../contract/operator';
import { API_PATHS } from '../../contract/paths';
import { withContractSchemas } from '../http/contract-validation';
import {
  operatorAuth,
  sameOriginCheck,
  sessionCookies,
  sessionToken,
} from '../http/operator-session';
import { responseSchema } from '../lib/response-schema';
import type { ConsoleSetupServices } from '../console-setup-services';
import type { AttemptCounters } from '../services/limits/attempt-counters';
import type { ConsoleBookingsService } from '../services/operator/console-bookings-service';
import type { DriversService } from '../services/operator/drivers-service';
import type { JobOffersService } from '../services/job-offers/job-offers-service';
import type { DriverInvitations } from '../services/driver/driver-invitations';
import { toOperator, type OperatorAuthService } from '../services/operator/operator-auth-service';
import { operatorAccountRoutes } from './operator-accounts';
import { operatorActivityRoutes } from './operator-activity';
import { operatorBoardRoutes, operatorBookingRoutes } from './operator-bookings';
import { operatorCompanyRoutes } from './operator-companies';
import { operatorDriverRoutes } from './operator-drivers';
import { operatorDriverInvitationRoutes } from './operator-driver-invitation';
import { operatorFleetRoutes } from './operator-fleet';
import { operatorJobRoutes } from './operator-jobs';
import { operatorJobOfferRoutes } from './operator-job-offers';
import { operatorSettingsRoutes } from './operator-settings';
import { operatorMailRoutes, operatorRequestRoutes } from './operator-requests';
import { operatorMessageRoutes } from './operator-messages';
import { operatorPriceRoutes } from './operator-prices';
import { operatorVehicleRoutes } from './operator-vehicles';

export interface OperatorRoutesOptions {
  auth: OperatorAuthService;
  consoleBookings: ConsoleBookingsService;
  drivers: DriversService;
  /** Invitations to the driver app (issue 34). */
  driverInvitations: DriverInvitations;
  /** The set-up pages' services (issue 33). */
  setup: ConsoleSetupServices;
  counters: AttemptCounters;
  /** PUBLIC_URL: its origin is accepted beside the request's own. */
  publicUrl: string | undefined;
  /** Jobs offered to drivers (issue 34). */
  jobOffers: JobOffersService;
}

/**
 * The operator console's API (issue 21; API.md, Operator console): the session here, the
 * board, bookings, jobs and drivers in their own modules. Every call but login and logout is
 * signed in before its params, query or body are read (preValidation).
 */
export async function operatorRoutes(fastify: FastifyInstance, options: OperatorRoutesOptions) {
  const { auth, consoleBookings, counters } = options;
  const app = withContractSchemas(fastify);
  const cookies = sessionCookies(options.publicUrl);
  const signedIn = operatorAuth(auth, cookies);

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  app.addHook('onRequest', sameOriginCheck(options.publicUrl));

  const operatorReply = { 200: responseSchema(operatorResponseSchema) };

  app.post(
    API_PATHS.operatorLogin,
    { schema: { body: operatorLoginRequestSchema, response: operatorReply } },
    async (request, reply): Promise<OperatorResponse> => {
      const { email, password } = request.body;
      const attempt = await counters.count('password', request, reply, email, 'console');
      const { token, operator } = await auth.login(email, password);
      await attempt.giveBack();
      cookies.set(request, reply, token);
      return { success: true, operator };
    },
  );

  app.post(API_PATHS.operatorLogout, async (request, reply) => {
    const token = sessionToken(request);
    if (token !== undefined) await auth.logout(token);
    cookies.clear(request, reply);
    return { success: true as const };
  });

  app.get(
    API_PATHS.operatorMe,
    { preValidation: signedIn, schema: { response: operatorReply } },
    async (request): Promise<OperatorResponse> => ({
      success: true,
      operator: toOperator(request.operatorRow!),
    }),
  );

  operatorBoardRoutes(app, { consoleBookings, signedIn });
  operatorBookingRoutes(app, { consoleBookings, signedIn });
  operatorJobRoutes(app, { consoleBookings, signedIn });
  operatorJobOfferRoutes(app, { jobOffers: options.jobOffers, signedIn });
  operatorDriverRoutes(app, { drivers: options.drivers, signedIn });
  operatorDriverInvitationRoutes(app, { invitations: options.driverInvitations, signedIn });
  operatorAccountRoutes(app, {
    accounts: options.setup.accounts,
    invitations: options.setup.invitations,
    auth,
    cookies,
    counters,
    signedIn,
  });
  operatorSettingsRoutes(app, { settingsAdmin: options.setup.settingsAdmin, signedIn });
  operatorActivityRoutes(app, { activity: options.setup.activityLog, signedIn });
  await app.register(operatorFleetRoutes, { fleet: options.setup.fleet, signedIn });
  await app.register(operatorCompanyRoutes, { companies: options.setup.companies, signedIn });
  await app.register(operatorVehicleRoutes, { vehicles: options.setup.vehicles, signedIn });
  operatorRequestRoutes(app, { setup: options.setup, signedIn });
  operatorMailRoutes(app, { setup: options.setup, signedIn });
  operatorPriceRoutes(app, { prices: options.setup.prices, signedIn });
  operatorMessageRoutes(app, { messages: options.setup.messages, signedIn });
}
