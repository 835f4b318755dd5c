import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** How long a persisted cache may be restored from (and kept in memory) after it was written. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Client errors (4xx) will not change on a retry; network and server failures might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The app's query client. gcTime must be at least the persister's maxAge, or restored data is dropped. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The spec has catalogue failures (settings, fleet, places, companies) logged only: screens
    // fall back to defaults or leave the section out, and the log keeps the reason.
    queryCache: new QueryCache({
      onError: (error, query) => {
        console.error(`Could not load ${JSON.stringify(query.queryKey)}:`, error);
      },
    }),
    defaultOptions: {
      queries: {
        gcTime: PERSIST_MAX_AGE_MS,
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}
