import { ApiError } from './api-client';

/**
 * What a refused account request says: the server's words for a refusal (a wrong pair, too many
 * tries, a used or expired link) or a lost connection, else the page's `general` words.
 */
export function failureMessage(error: unknown, general: string): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return error.message;
  if (error instanceof ApiError && error.isNetworkError) return error.message;
  return general;
}
