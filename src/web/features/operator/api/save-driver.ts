import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  driverResponseSchema,
  type Driver,
  type DriverInput,
  type DriverPatch,
} from '../../../../contract/operator-drivers';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

/** POST /operator/drivers */
export async function createDriver(body: DriverInput): Promise<Driver> {
  const answer = await apiRequest(API_PATHS.operatorDrivers, {
    method: 'POST',
    body,
    schema: driverResponseSchema,
  });
  return answer.data;
}

/** PATCH /operator/drivers/{id}: some fields, or `active` alone to deactivate or restore. */
export async function updateDriver(id: number, body: DriverPatch): Promise<Driver> {
  const answer = await apiRequest(API_PATHS.operatorDriver.replace(':id', String(id)), {
    method: 'PATCH',
    body,
    schema: driverResponseSchema,
  });
  return answer.data;
}

export type SaveDriver = { id: null; body: DriverInput } | { id: number; body: DriverPatch };

export function useSaveDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: operatorKeys.saveDriver(),
    mutationFn: (save: SaveDriver) =>
      save.id === null ? createDriver(save.body) : updateDriver(save.id, save.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.drivers() }),
    networkMode: 'always',
  });
}
