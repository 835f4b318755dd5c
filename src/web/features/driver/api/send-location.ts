import type { DriverLocationRequest } from '../../../../contract/driver';
import { driverOkResponseSchema } from '../../../../contract/driver-app';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /driver/location: the phone's position. Never kept for later: a position is worth
 * sending only while it is current.
 */
export async function sendLocation(body: DriverLocationRequest): Promise<void> {
  await apiRequest(API_PATHS.driverLocation, {
    method: 'POST',
    body,
    schema: driverOkResponseSchema,
  });
}
