import type { PushSubscriptionRequest } from '../../../../contract/driver';
import { driverOkResponseSchema } from '../../../../contract/driver-app';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';

/** POST /driver/push-subscription: where the server sends this phone's notifications. */
export async function savePushSubscription(body: PushSubscriptionRequest): Promise<void> {
  await apiRequest(API_PATHS.driverPushSubscription, {
    method: 'POST',
    body,
    schema: driverOkResponseSchema,
  });
}
