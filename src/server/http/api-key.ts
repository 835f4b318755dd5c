import { hash, timingSafeEqual } from 'node:crypto';
import type {
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from 'fastify';
import { API_KEY_HEADERS } from '../../contract/paths';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A Server-Sent Events stream (http/event-stream.ts) for the browser's EventSource, which
     * cannot send headers: the API keys are not asked for, and the route checks its caller
     * itself (a session cookie, or the manage token), as every call of theirs does.
     */
    eventStream?: boolean;
    /**
     * A file the browser downloads by a plain link (`<a download>`, e.g. a job's trail.gpx),
     * which cannot send headers either: let through for GET as an event stream, the route
     * checking its caller itself (the console's session cookie).
     */
    plainLink?: boolean;
  }
}

/** One-shot SHA-256 (no Hash object per call: this runs twice on every API request). */
function digest(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/** Compares in constant time; hashing first makes lengths equal without leaking them. */
function sameSecret(given: string | string[] | undefined, expected: Buffer): boolean {
  if (typeof given !== 'string') return false;
  return timingSafeEqual(digest(given), expected);
}

/**
 * Checks X-Api-Public-Key and X-Api-Secret-Key on every route of the scope it is added to
 * (API.md, Headers). These identify the site; they are not what keeps passengers' data safe.
 * An event stream's route (config `eventStream`) and a plain link's download (`plainLink`) are
 * let through for GET, as the browser cannot send them there.
 */
export function apiKeyCheck(keys: { publicKey: string; secretKey: string }): onRequestHookHandler {
  const expectedPublic = digest(keys.publicKey);
  const expectedSecret = digest(keys.secretKey);
  // Calls `done` rather than returning a promise: it runs on every API request.
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const { eventStream, plainLink } = request.routeOptions.config;
    if ((eventStream === true || plainLink === true) && request.method === 'GET') return done();
    const publicOk = sameSecret(request.headers[API_KEY_HEADERS.public], expectedPublic);
    const secretOk = sameSecret(request.headers[API_KEY_HEADERS.secret], expectedSecret);
    done(publicOk && secretOk ? undefined : new HttpError(401, MESSAGES.invalidApiKey));
  };
}
