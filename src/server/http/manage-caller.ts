import type { FastifyRequest } from 'fastify';
import { MANAGE_TOKEN_HEADER } from '../../contract/paths';
import { POLICY_MESSAGES } from '../../domain/booking-policy';
import { HttpError } from '../errors';
import type { ManageCaller } from '../services/manage/manage-access';
import { bearerToken } from './bearer-auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who opens a passenger's booking, set by the manage routes' caller check. */
    manageCaller?: ManageCaller;
  }
}

/** A manage token is 32 bytes in base64url: 43 characters; anything else opens nothing. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The manage token sent as `?token=`, where the route allows it: an event stream's, since the
 * browser's EventSource cannot send X-Manage-Token. Never logged (request-log.ts drops queries).
 */
function queryToken(request: FastifyRequest, options: { queryToken?: boolean }) {
  if (!options.queryToken) return undefined;
  const { token } = (request.query ?? {}) as { token?: unknown };
  return typeof token === 'string' ? token : undefined;
}

/**
 * A preValidation hook naming who asks for a passenger's booking: the holder of X-Manage-Token
 * (or of `?token=` where `queryToken` allows it), or else a corporate passenger signed in with a bearer token. Neither is the same 404 as a
 * booking that does not exist, answered before anything sent is read.
 */
export function manageCaller(
  authenticate: (token: string) => Promise<number | undefined>,
  options: { queryToken?: boolean } = {},
) {
  return async (request: FastifyRequest): Promise<void> => {
    const given = request.headers[MANAGE_TOKEN_HEADER] ?? queryToken(request, options);
    if (typeof given === 'string' && given !== '') {
      if (!TOKEN_PATTERN.test(given)) throw new HttpError(404, POLICY_MESSAGES.linkInvalid);
      request.manageCaller = { token: given };
      return;
    }
    const token = bearerToken(request);
    const passengerId = token === undefined ? undefined : await authenticate(token);
    if (passengerId === undefined) throw new HttpError(404, POLICY_MESSAGES.linkInvalid);
    request.manageCaller = { passengerId };
  };
}
