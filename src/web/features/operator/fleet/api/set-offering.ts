import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  fleetOfferingResponseSchema,
  type FleetOffering,
} from '../../../../../contract/operator-fleet';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { fleetKeys } from './fleet-keys';

export type SetOffering = { categoryId: number; companyId: number; offered: boolean };

/** PATCH /operator/fleet/{id}/offerings/{company_id} */
export async function setOffering(change: SetOffering): Promise<FleetOffering> {
  const path = API_PATHS.operatorFleetOffering
    .replace(':id', String(change.categoryId))
    .replace(':company_id', String(change.companyId));
  const answer = await apiRequest(path, {
    method: 'PATCH',
    body: { offered: change.offered },
    schema: fleetOfferingResponseSchema,
  });
  return answer.data;
}

export function useSetOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: fleetKeys.setOffering(),
    mutationFn: setOffering,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.fleet() }),
    networkMode: 'always',
  });
}
