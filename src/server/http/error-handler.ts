import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '../../domain/messages';
import type { ErrorEnvelope } from '../../contract/envelope';
import { HttpError, RequestValidationError, UpstreamError } from '../errors';

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error;
}

/**
 * The one error handler (API.md, Envelope). Client mistakes get a message meant for people;
 * anything else is logged with the request id and answered only "Something went wrong", so
 * no stack, SQL or file path ever reaches the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    // A route may have set a cacheable header before it failed; a cached failure would be
    // served again by the browser or the service worker long after the cause is fixed.
    reply.header('cache-control', 'no-store');
    if (error instanceof RequestValidationError) {
      const body: ErrorEnvelope = { success: false, message: error.message, errors: error.issues };
      return reply.code(400).send(body);
    }
    if (error instanceof HttpError && error.statusCode < 500) {
      return reply.code(error.statusCode).send({
        ...error.extra,
        success: false,
        message: error.message,
      });
    }
    // Fastify's own JSON-schema validation (our routes' schemas are the contract's zod ones,
    // whose failures arrive above as RequestValidationError: http/contract-validation.ts).
    if (isFastifyError(error) && error.validation) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issue.message ?? 'is invalid',
      }));
      return reply.code(400).send({ success: false, message: error.message, errors });
    }
    // Fastify's own 4xx: malformed JSON, a body too large, an unsupported media type.
    if (isFastifyError(error)) {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ success: false, message: error.message });
      }
    }
    if (error instanceof UpstreamError) {
      request.log.error({ err: error, reqId: request.id }, 'upstream service failed');
      return reply.code(error.statusCode).send({ success: false, message: error.message });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    // A deliberate 5xx (a provider down: 502/503) keeps its status, never its message.
    const status = error instanceof HttpError ? error.statusCode : 500;
    return reply.code(status).send({ success: false, message: MESSAGES.somethingWentWrong });
  });
}
