import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  fleetCategoryResponseSchema,
  type FleetCategory,
  type FleetCategoryInput,
  type FleetCategoryPatch,
} from '../../../../../contract/operator-fleet';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { fleetKeys } from './fleet-keys';

export type SaveCategory =
  { id: null; body: FleetCategoryInput } | { id: number; body: FleetCategoryPatch };

/** POST /operator/fleet, or PATCH /operator/fleet/{id} (the admin's). */
export async function saveCategory(save: SaveCategory): Promise<FleetCategory> {
  const path =
    save.id === null
      ? API_PATHS.operatorFleet
      : API_PATHS.operatorFleetCategory.replace(':id', String(save.id));
  const answer = await apiRequest(path, {
    method: save.id === null ? 'POST' : 'PATCH',
    body: save.body,
    schema: fleetCategoryResponseSchema,
  });
  return answer.data;
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: fleetKeys.saveCategory(),
    mutationFn: saveCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.fleet() }),
    networkMode: 'always',
  });
}
