import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverMeResponseSchema, type DriverMe } from '../../../../contract/driver';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { driverKeys } from './driver-keys';

/** POST /driver/duty `{on_duty}`: answers the driver as GET /driver/me does. */
export async function setDuty(onDuty: boolean): Promise<DriverMe> {
  const answer = await apiRequest(API_PATHS.driverDuty, {
    method: 'POST',
    body: { on_duty: onDuty },
    schema: driverMeResponseSchema,
  });
  return answer.data;
}

/** The On duty switch: the driver's answer replaces GET /driver/me's. */
export function useSetDuty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: driverKeys.duty(),
    mutationFn: setDuty,
    onSuccess: (driver) => queryClient.setQueryData(driverKeys.me(), driver),
    // A switch that waited for signal would say "on duty" while the office sees nothing.
    networkMode: 'always',
  });
}
