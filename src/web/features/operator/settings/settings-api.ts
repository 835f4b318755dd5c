import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  settingsResponseSchema,
  type SettingEntry,
  type SettingsChange,
} from '../../../../contract/operator-settings';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { operatorKeys } from '../api/operator-keys';

/** GET /operator/settings: every setting with its label, group and control (admin only). */
export async function getOperatorSettings(signal?: AbortSignal): Promise<SettingEntry[]> {
  const answer = await apiRequest(API_PATHS.operatorSettings, {
    schema: settingsResponseSchema,
    signal,
  });
  return answer.settings;
}

/** PUT /operator/settings: the changed values; the answer is the whole saved set. */
export async function saveOperatorSettings(change: SettingsChange): Promise<SettingEntry[]> {
  const answer = await apiRequest(API_PATHS.operatorSettings, {
    method: 'PUT',
    body: change,
    schema: settingsResponseSchema,
  });
  return answer.settings;
}

const settingsKey = () => [...operatorKeys.all, 'settings'] as const;

export function useOperatorSettings() {
  return useQuery(
    queryOptions({
      queryKey: settingsKey(),
      queryFn: ({ signal }) => getOperatorSettings(signal),
      meta: { persist: false },
    }),
  );
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...operatorKeys.all, 'save-settings'],
    mutationFn: saveOperatorSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsKey(), settings);
      // The console's own copy of the public site's settings follows at once.
      await queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.settings() });
    },
    networkMode: 'always',
  });
}
