import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DRIVER_SESSION_COOKIE } from '../../contract/driver';
import { DRIVER_MESSAGES } from '../../domain/driver-messages';
import { HttpError } from '../errors';
import type { DriverAccountRow } from '../repositories/driver-sessions-repository';
import {
  DRIVER_IDLE_MS,
  driverIdentityOf,
  type DriverAuthService,
  type DriverIdentity,
} from '../services/driver/driver-auth-service';
import { cookieOptions } from './cookie-options';
import type { SessionCookies } from './operator-session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in driver, set by the driver app's session check. */
    driver?: DriverIdentity;
    driverRow?: DriverAccountRow;
  }
}

/** The driver app's session cookie (cookie-options.ts: httpOnly, Strict, Secure on https). */
export function driverSessionCookies(publicUrl: string | undefined): SessionCookies {
  const options = cookieOptions(publicUrl);
  return {
    set(request, reply, token) {
      void reply.setCookie(DRIVER_SESSION_COOKIE, token, {
        ...options(request),
        maxAge: DRIVER_IDLE_MS / 1000,
      });
    },
    clear(request, reply) {
      void reply.clearCookie(DRIVER_SESSION_COOKIE, options(request));
    },
  };
}

export function driverSessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[DRIVER_SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : undefined;
}

/**
 * A hook admitting only a driver's live session; anything else is one 401, before the
 * request's params, query or body are read (the routes run it as preValidation). Each use
 * moves the session's idle end on, on the server and in the cookie alike.
 */
export function driverAuth(auth: DriverAuthService, cookies: SessionCookies) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = driverSessionToken(request);
    const row = token === undefined ? undefined : await auth.authenticate(token);
    if (!row || token === undefined) {
      if (token !== undefined) cookies.clear(request, reply);
      throw new HttpError(401, DRIVER_MESSAGES.signInRequired);
    }
    cookies.set(request, reply, token);
    request.driver = driverIdentityOf(row);
    request.driverRow = row;
  };
}
