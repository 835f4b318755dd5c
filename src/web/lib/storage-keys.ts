/** localStorage key of the persisted query cache (lib/persister.ts). */
export const QUERY_CACHE_STORAGE_KEY = 'ridebook-query-cache';
