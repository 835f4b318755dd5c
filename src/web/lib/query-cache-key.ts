/**
 * localStorage key of the persisted query cache (lib/persister.ts). A module of its own, free
 * of the build's defines, so the browser tests can read the same key.
 */
export const QUERY_CACHE_STORAGE_KEY = 'ridebook-query-cache';
