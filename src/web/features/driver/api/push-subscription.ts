import type { PushSubscriptionRequest } from '../../../../contract/web-push';
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

/** DELETE /driver/push-subscription: this phone gets no more of the driver's notifications. */
export async function forgetPushSubscription(
  endpoint: string,
  signal?: AbortSignal,
): Promise<void> {
  await apiRequest(API_PATHS.driverPushSubscription, {
    method: 'DELETE',
    body: { endpoint },
    schema: driverOkResponseSchema,
    signal,
  });
}
