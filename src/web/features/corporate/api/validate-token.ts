import { validateTokenResponseSchema } from '../../../../contract/corporate';
import { API_PATHS } from '../../../../contract/paths';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** POST /passenger/validate-token: true when valid; a 401 rejects with ApiError status 401. */
export async function validateToken(token: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiRequest(API_PATHS.passengerValidateToken, {
    method: 'POST',
    token,
    signal,
    schema: validateTokenResponseSchema,
  });
  return answer.valid;
}

/**
 * True when the server refused the token itself (401, or 403 for a token of another
 * passenger). Anything else (offline, 5xx, 429) says nothing about the token.
 */
export function isTokenRejected(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export type TokenCheck = 'valid' | 'rejected' | 'unverified';

/**
 * The guard's question to the server. 'unverified' when it could not be asked (no signal, a
 * server in trouble): the stored session is then trusted, as a passenger on a train must not
 * be signed out for want of a connection.
 */
export async function checkToken(token: string, signal?: AbortSignal): Promise<TokenCheck> {
  try {
    return (await validateToken(token, signal)) ? 'valid' : 'rejected';
  } catch (error) {
    if (isTokenRejected(error)) return 'rejected';
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return 'unverified';
  }
}
