import type { FastifyInstance } from 'fastify';
import {
  passengerLoginRequestSchema,
  updatePassengerRequestSchema,
} from '../../contract/corporate';
import type {
  CorporateBookingsResponse,
  PassengerLoginResponse,
  UpdatePassengerResponse,
  ValidateTokenResponse,
} from '../../contract/corporate';
import { API_PATHS } from '../../contract/paths';
import { CORPORATE_MESSAGES } from '../../domain/messages';
import { parseRequest as parseBody, RequestValidationError } from '../errors';
import type { AttemptCounters } from '../services/limits/attempt-counters';
import { bearerAuth } from '../http/bearer-auth';
import type { CorporateService } from '../services/accounts/corporate-service';

export interface CorporateRoutesOptions {
  corporate: CorporateService;
  /** The product's one set of attempt counters (app.ts); sign-in counts as `password`. */
  counters: AttemptCounters;
}

/** The corporate area's calls (API.md): sign-in, token check, sign-out, bookings, profile. */
export async function corporateRoutes(
  app: FastifyInstance,
  options: CorporateRoutesOptions,
): Promise<void> {
  const { corporate, counters } = options;
  const signedIn = bearerAuth((token) => corporate.authenticate(token));

  // A passenger's bookings and profile are never cached by the browser or the service worker.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.post(
    API_PATHS.checkPassengerLogin,
    async (request, reply): Promise<PassengerLoginResponse> => {
      const body = parseBody(passengerLoginRequestSchema, request.body);
      const attempt = await counters.count('password', request, reply, body.email, 'passenger');
      // A wrong password throws its 401 here, and stays counted as a guess.
      const answer = await corporate.login(body.email, body.password);
      await attempt.giveBack();
      return answer;
    },
  );

  app.post(
    API_PATHS.passengerValidateToken,
    { preHandler: signedIn },
    async (): Promise<ValidateTokenResponse> => ({ success: true, valid: true }),
  );

  app.post(API_PATHS.passengerLogout, { preHandler: signedIn }, async (request) => {
    await corporate.logout(request.bearerToken!);
    return { success: true as const };
  });

  app.get(
    API_PATHS.getBooking,
    { preHandler: signedIn },
    async (request): Promise<CorporateBookingsResponse> => {
      const raw = (request.params as { passenger_id?: string }).passenger_id ?? '';
      if (!/^[1-9]\d{0,15}$/.test(raw)) {
        throw new RequestValidationError([
          { path: 'passenger_id', message: 'passenger_id must be a positive whole number' },
        ]);
      }
      const data = await corporate.bookings(request.passengerId!, Number(raw));
      return { success: true, data };
    },
  );

  app.patch(
    API_PATHS.updatePassenger,
    { preHandler: signedIn },
    async (request, reply): Promise<UpdatePassengerResponse> => {
      const body = parseBody(updatePassengerRequestSchema, request.body);
      const passenger = await corporate.updateProfile(
        request.passengerId!,
        body.passenger_id,
        { name: body.name, email: body.email, phone: body.phone },
        {
          sessionToken: request.bearerToken!,
          currentPassword: body.current_password,
          // A password check here is a sign-in guess at the account's email: same counters.
          countPasswordCheck: (accountEmail) =>
            counters.count('password', request, reply, accountEmail, 'passenger'),
        },
      );
      return { success: true, message: CORPORATE_MESSAGES.profileUpdated, passenger };
    },
  );
}
