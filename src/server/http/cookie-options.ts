import type { FastifyRequest } from 'fastify';

/** The attributes every cookie this server sets has, for one request. */
export interface CookieOptions {
  path: '/';
  httpOnly: true;
  sameSite: 'strict';
  secure: boolean;
}

/**
 * Our cookies' attributes: script cannot read them, other sites' requests never carry them,
 * and they are Secure whenever the site is on https. PUBLIC_URL says so even when the proxy in
 * front is not trusted (TRUST_PROXY unset), where request.protocol reads the proxy's plain http
 * and a cookie without Secure would also be sent over http to this host.
 */
export function cookieOptions(
  publicUrl: string | undefined,
): (request: FastifyRequest) => CookieOptions {
  const httpsSite = publicUrl !== undefined && new URL(publicUrl).protocol === 'https:';
  return (request) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: httpsSite || request.protocol === 'https',
  });
}
