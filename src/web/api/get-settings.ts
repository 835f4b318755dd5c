import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsFlatResponseSchema } from '../../contract/catalogue';
import { API_PATHS } from '../../contract/paths';
import { toSettingsMap, type SettingsMap } from '../../domain/settings';
import { apiRequest } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { QUERY_CACHE_STORAGE_KEY } from '../lib/query-cache-key';
import { useHydrated } from '../lib/use-hydrated';

/**
 * Used when settings could not be loaded and nothing is cached: the site stays usable with
 * navigation, footer and the mileage quote, and every optional section stays off.
 */
export const FALLBACK_SETTINGS: SettingsMap = Object.freeze({
  SHOW_NAVBAR_PAGE: 'enable',
  SHOW_FOOTER_PAGE: 'enable',
  IS_QUOTATION: 'disable',
  HOURLY_RATE_STATUS: 'disable',
  CURRENCY: '£',
});

/** GET /settings-flat as a name -> value map. */
export async function getSettings({ signal }: { signal?: AbortSignal } = {}): Promise<SettingsMap> {
  const response = await apiRequest(API_PATHS.settingsFlat, {
    schema: settingsFlatResponseSchema,
    signal,
  });
  return toSettingsMap(response.data);
}

/**
 * A first visit's settings request, started as the script begins (app/early-settings.ts runs
 * first), before Chakra's styles and the first render are set up: the loading cover waits for
 * the settings, so on a slow phone that setup and the request overlap. A browser with a saved
 * query cache shows its saved settings at once, so it does not ask early.
 */
let early: Promise<SettingsMap> | undefined;

export function startEarlySettings(): void {
  try {
    if (window.localStorage.getItem(QUERY_CACHE_STORAGE_KEY) !== null) return;
  } catch {
    // Storage blocked: nothing saved either, so ask.
  }
  early = getSettings();
  // The settings query reads it and reports a failure; not an unhandled rejection here.
  early.catch(() => undefined);
}

/** The early request, once: the query's first fetch uses it instead of asking again. */
function takeEarlySettings(): Promise<SettingsMap> | undefined {
  const request = early;
  early = undefined;
  return request;
}

/** How often an open, visible page asks for the settings again. */
export const SETTINGS_REFRESH_MS = 5_000;

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalogue.settings(),
    queryFn: ({ signal }) => takeEarlySettings() ?? getSettings({ signal }),
    // An operator's change in the console reaches an open page within SETTINGS_REFRESH_MS (issue
    // 33: the Hourly Rate tab goes within 5 s), asked while the page is visible only; a failed
    // refresh keeps the settings the page has.
    staleTime: SETTINGS_REFRESH_MS - 1_000,
    refetchInterval: SETTINGS_REFRESH_MS,
  });

export type AppSettings = {
  settings: SettingsMap;
  /** True only while the first load runs with nothing cached: the loading overlay shows. */
  isLoading: boolean;
  /**
   * True once a load has ended, with settings or with a failure, and from then on: a failed
   * load retried shows the overlay again (isLoading) but has already ended once.
   */
  hasLoaded: boolean;
};

/** The app's settings; falls back to FALLBACK_SETTINGS when loading failed and nothing is cached. */
export function useSettings(): AppSettings {
  const query = useQuery(settingsQueryOptions());
  // While the build's first screen is hydrated, the settings are what the build saw: none yet.
  const hydrated = useHydrated();
  if (!hydrated) return { settings: FALLBACK_SETTINGS, isLoading: true, hasLoaded: false };
  // A retry clears the error but not when it happened (TanStack Query's 'fetch' state).
  const hasLoaded = query.dataUpdatedAt > 0 || query.errorUpdatedAt > 0;
  if (query.data) return { settings: query.data, isLoading: false, hasLoaded };
  if (query.isError) return { settings: FALLBACK_SETTINGS, isLoading: false, hasLoaded };
  return { settings: FALLBACK_SETTINGS, isLoading: true, hasLoaded };
}
