import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  vehicleResponseSchema,
  type Vehicle,
  type VehicleInput,
  type VehiclePatch,
} from '../../../../../contract/operator-vehicles';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { operatorKeys } from '../../api/operator-keys';
import { vehicleKeys } from './vehicle-keys';

export type SaveVehicle = { id: null; body: VehicleInput } | { id: number; body: VehiclePatch };

/** POST /operator/vehicles, or PATCH /operator/vehicles/{id}. */
export async function saveVehicle(save: SaveVehicle): Promise<Vehicle> {
  const path =
    save.id === null
      ? API_PATHS.operatorVehicles
      : API_PATHS.operatorVehicle.replace(':id', String(save.id));
  const answer = await apiRequest(path, {
    method: save.id === null ? 'POST' : 'PATCH',
    body: save.body,
    schema: vehicleResponseSchema,
  });
  return answer.data;
}

export function useSaveVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: vehicleKeys.saveVehicle(),
    mutationFn: saveVehicle,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.vehicles() });
      // A driver's usual vehicle, its registration and flags, show on the drivers page.
      await queryClient.invalidateQueries({ queryKey: operatorKeys.drivers() });
    },
    networkMode: 'always',
  });
}
