import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { CONSOLE_REFRESH_HEADER, OPERATOR_SESSION_COOKIE } from '../../contract/paths';
import { OPERATOR_MESSAGES } from '../../domain/messages';
import { HttpError } from '../errors';
import { cookieOptions } from './cookie-options';
import {
  identityOf,
  OPERATOR_IDLE_MS,
  type OperatorAuthService,
  type OperatorIdentity,
} from '../services/operator/operator-auth-service';
import type { OperatorRow } from '../repositories/operators-repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator, set by the console's session check. */
    operator?: OperatorIdentity;
    operatorRow?: OperatorRow;
  }
}

/** Sets and clears the console's session cookie (cookie-options.ts: Secure on an https site). */
export interface SessionCookies {
  set(request: FastifyRequest, reply: FastifyReply, token: string): void;
  clear(request: FastifyRequest, reply: FastifyReply): void;
}

/** The console's session cookie for a site at `publicUrl` (PUBLIC_URL). */
export function sessionCookies(publicUrl: string | undefined): SessionCookies {
  const options = cookieOptions(publicUrl);
  return {
    set(request, reply, token) {
      void reply.setCookie(OPERATOR_SESSION_COOKIE, token, {
        ...options(request),
        maxAge: OPERATOR_IDLE_MS / 1000,
      });
    },
    clear(request, reply) {
      void reply.clearCookie(OPERATOR_SESSION_COOKIE, options(request));
    },
  };
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[OPERATOR_SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : undefined;
}

/**
 * A hook admitting only a live session; anything else is one 401 (before the request's params,
 * query or body are read: the routes run it as preValidation). Each use moves the
 * session's idle end on, on the server and in the cookie's lifetime alike; the board's own
 * refresh (CONSOLE_REFRESH_HEADER) is answered without counting as use.
 */
export function operatorAuth(auth: OperatorAuthService, cookies: SessionCookies) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = sessionToken(request);
    const use = request.headers[CONSOLE_REFRESH_HEADER] !== '1';
    const row = token === undefined ? undefined : await auth.authenticate(token, use);
    if (!row) {
      if (token !== undefined) cookies.clear(request, reply);
      throw new HttpError(401, OPERATOR_MESSAGES.signInRequired);
    }
    if (use) cookies.set(request, reply, token!);
    request.operator = identityOf(row);
    request.operatorRow = row;
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated calls: a state-changing request must name this site as
 * its Origin (browsers send it on every cross-origin and same-origin POST/PATCH). Without an
 * Origin, Sec-Fetch-Site must not say another site sent it; a client that is not a browser
 * (curl, another server) sends neither and carries no victim's cookie. The console's and the
 * driver app's cookie routes alike; `refusal` names which app the request must come from.
 */
export function sameOriginCheck(
  publicUrl: string | undefined,
  refusal: string = OPERATOR_MESSAGES.crossOrigin,
) {
  const configured = publicUrl ? new URL(publicUrl).origin : undefined;
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.host}`;
    const fetchSite = request.headers['sec-fetch-site'];
    const allowed =
      typeof origin === 'string'
        ? origin === own || origin === configured
        : fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    done(allowed ? undefined : new HttpError(403, refusal));
  };
}
