import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import { env } from '../config/env';
import { QUERY_CACHE_STORAGE_KEY } from './query-cache-key';
import { PERSIST_MAX_AGE_MS } from './query-client';

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings, some embedded webviews): run without persistence.
    return undefined;
  }
}

/**
 * Persist options for PersistQueryClientProvider. The buster is the app version plus the build's
 * id (vite.config.ts), so a new build never reads a cache written in an older shape, even when
 * the package version was not bumped.
 */
export function createPersistOptions(
  storage: Storage | undefined = safeLocalStorage(),
): PersistQueryClientProviderProps['persistOptions'] {
  return {
    persister: createSyncStoragePersister({
      storage,
      key: QUERY_CACHE_STORAGE_KEY,
      throttleTime: 1000,
    }),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: env.appVersion,
    dehydrateOptions: {
      // Only settled data that a query asked to keep; search-as-you-type results opt out.
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && query.meta?.persist !== false,
    },
  };
}
