import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

/** The origin a request came to; checkout returns here unless PUBLIC_URL says otherwise. */
export function requestOrigin(request: FastifyRequest): string {
  const origin = `${request.protocol}://${request.host}`;
  // Normalised as browsers write origins (no default port), so frontend_url can be compared.
  if (!URL.canParse(origin)) throw new HttpError(400, 'Invalid Host header');
  return new URL(origin).origin;
}
