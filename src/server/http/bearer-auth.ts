import type { FastifyReply, FastifyRequest } from 'fastify';
import { CORPORATE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in corporate passenger, set by the bearer-auth preHandler. */
    passengerId?: number;
    /** The bearer token as sent, for sign-out. */
    bearerToken?: string;
  }
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/i.exec(header);
  return match?.[1];
}

/**
 * A preHandler that admits only a live session: missing, unknown, revoked and expired tokens
 * are all one 401, so the answer says nothing about which it was.
 */
export function bearerAuth(authenticate: (token: string) => Promise<number | undefined>) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    const passengerId = token === undefined ? undefined : await authenticate(token);
    if (passengerId === undefined) {
      throw new HttpError(401, CORPORATE_MESSAGES.signInRequired, { valid: false });
    }
    request.passengerId = passengerId;
    request.bearerToken = token;
  };
}
