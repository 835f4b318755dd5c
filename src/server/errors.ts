import * as z from 'zod/mini';
import type { ValidationIssue } from '../contract/envelope';

/**
 * A failure meant for the person on the other end: its message is shown as is. Anything else
 * thrown is a bug and reaches the client only as "Something went wrong".
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra envelope fields, e.g. `error` on /contact-us failures. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A 502/503 because a service we call (the card provider) failed or did not answer: unlike
 * other 5xx its message is for people and is sent, since the visitor can act on it (retry
 * later); the cause is logged, never sent.
 */
export class UpstreamError extends HttpError {
  constructor(statusCode: 502 | 503, message: string, options: { cause: unknown }) {
    super(statusCode, message);
    this.name = 'UpstreamError';
    this.cause = options.cause;
  }
}

/** A 400 naming every bad field by its path in the request. */
export class RequestValidationError extends HttpError {
  constructor(readonly issues: ValidationIssue[]) {
    super(400, issues[0]?.message ?? 'Invalid request');
    this.name = 'RequestValidationError';
  }
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.map((part) => String(part)).join('.');
}

/** Parses request input with a contract schema, or throws a 400 that names each field. */
export function parseRequest<T extends z.core.$ZodType>(schema: T, input: unknown): z.output<T> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  throw new RequestValidationError(
    result.error.issues.map((issue) => ({
      path: issuePath(issue.path),
      message: issue.message,
    })),
  );
}
