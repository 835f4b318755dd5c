import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsFlatResponseSchema } from '../../contract/catalogue';
import { API_PATHS } from '../../contract/paths';
import { toSettingsMap, type SettingsMap } from '../../domain/settings';
import { apiRequest } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

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

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalogue.settings(),
    queryFn: getSettings,
    // Operators rarely change settings; a few minutes keeps tabs and links current enough.
    staleTime: 5 * 60_000,
  });

export type AppSettings = {
  settings: SettingsMap;
  /** True only while the first load runs with nothing cached: the loading overlay shows. */
  isLoading: boolean;
};

/** The app's settings; falls back to FALLBACK_SETTINGS when loading failed and nothing is cached. */
export function useSettings(): AppSettings {
  const query = useQuery(settingsQueryOptions());
  if (query.data) return { settings: query.data, isLoading: false };
  if (query.isError) return { settings: FALLBACK_SETTINGS, isLoading: false };
  return { settings: FALLBACK_SETTINGS, isLoading: true };
}
