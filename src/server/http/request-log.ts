import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The path carries a secret (a checkout session id): the log shows the route's pattern. */
    logRoutePattern?: boolean;
  }
}

/** The path alone: a query string may carry an address, an email or a token. */
function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * One log line per request, written when the answer has gone: method, path (never the query
 * string; the route's pattern where the path holds a secret), status and time taken, under
 * the request's id (the `reqId` Fastify binds to each request's logger). Fastify's own two
 * lines ('incoming request' with the whole URL, host and peer address, then 'request
 * completed') cost a serialisation each on every request. No body and no header is logged. A failure is logged by the error handler, also under the request id;
 * what else Fastify logs (an answer that could not be sent) stays as it is.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.routeOptions.config.logRoutePattern
        ? request.routeOptions.url
        : pathOf(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
    };
    // The response stream failed after the answer began (the client went away, a file error).
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  /** Fastify's default 404 handler's line (ours replaces that handler), without the query. */
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.method}:${pathOf(request.url)} not found`);
  }
}
