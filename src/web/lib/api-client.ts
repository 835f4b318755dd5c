import * as z from 'zod/mini';
import { errorEnvelopeSchema, type ValidationIssue } from '../../contract/envelope';
import { env } from '../config/env';

/** A failed API call; `message` is the server's text for people when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when the request never reached the server (offline, DNS, CORS). */
    readonly status: number,
    /** Field problems of a 400 validation failure, if any. */
    readonly issues: readonly ValidationIssue[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** True when the browser could not reach the server at all. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Unable to reach the server. Please check your connection.';
export const BAD_RESPONSE_MESSAGE = 'The server sent an unexpected response.';

export type ApiRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Query string values; undefined and empty values are left out. */
  query?: Record<string, string | number | undefined>;
  /** JSON body, or a FormData sent as multipart/form-data (a file upload). */
  body?: unknown;
  /** Validates the success body; the caller gets the parsed value. */
  schema: z.core.$ZodType<T>;
  signal?: AbortSignal;
  /** Bearer token of a signed-in corporate passenger. */
  token?: string;
  /** Makes a create call safe to replay (API.md, Headers). */
  idempotencyKey?: string;
  /** Further request headers. */
  headers?: Record<string, string>;
};

function buildUrl(path: string, query: ApiRequestOptions<unknown>['query']): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const qs = search.toString();
  return `${env.apiBaseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the API at `path` (relative to /api/v1, see contract/paths.ts) with the site's key
 * headers. Resolves with the schema-checked body; rejects with an ApiError whose message is
 * the envelope's `message` (or `error`) when the server sent one.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const response = await send(path, options, 'application/json');
  const body = await readJson(response);
  const parsed = z.safeParse(options.schema, body);
  if (!parsed.success) {
    throw new ApiError(BAD_RESPONSE_MESSAGE, response.status, [], { cause: parsed.error });
  }
  return parsed.data;
}

/**
 * A file from the API (e.g. a CSV export) with the same headers and errors as apiRequest. A
 * plain link cannot carry the key headers, so downloads come through here as a Blob.
 */
export async function apiDownload(
  path: string,
  options: Omit<ApiRequestOptions<unknown>, 'schema' | 'body' | 'method'> & { accept: string },
): Promise<Blob> {
  const response = await send(path, options, options.accept);
  return response.blob();
}

/** Sends the request with the site's key headers; rejects with an ApiError unless it is 2xx. */
async function send(
  path: string,
  options: Omit<ApiRequestOptions<unknown>, 'schema'>,
  accept: string,
): Promise<Response> {
  const headers = new Headers({
    Accept: accept,
    ...env.apiKeyHeaders,
  });
  // The browser writes a FormData's multipart Content-Type itself, with its boundary.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !form) headers.set('Content-Type', 'application/json');
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : form
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    // An abort is the caller's own decision (e.g. TanStack Query cancelling); pass it through.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, [], { cause });
  }

  if (!response.ok) {
    const envelope = errorEnvelopeSchema.safeParse(await readJson(response));
    if (envelope.success) {
      const { message, error, errors } = envelope.data;
      throw new ApiError(message || error || statusText(response), response.status, errors ?? []);
    }
    throw new ApiError(statusText(response), response.status);
  }
  return response;
}

function statusText(response: Response): string {
  return `Request failed with status ${response.status}`;
}
