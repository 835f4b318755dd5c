import { useMutation } from '@tanstack/react-query';
import { managedBookingResponseSchema } from '../../../../contract/manage-booking';
import { API_PATHS } from '../../../../contract/paths';
import type { PushSubscriptionRequest } from '../../../../contract/web-push';
import { apiRequest } from '../../../lib/api-client';
import { accessOptions, managePath, type ManageAccess } from '../lib/access';
import { useKeepBooking } from './get-managed-booking';

/** Which booking, with the page's access to it. */
type Target = { bookingNumber: string; access: ManageAccess };

/** POST /manage-booking/{n}/push-subscription: this browser follows the booking (issue 35). */
export function followByPush(target: Target, body: PushSubscriptionRequest) {
  return apiRequest(managePath(API_PATHS.manageBookingPushSubscription, target.bookingNumber), {
    method: 'POST',
    body,
    ...accessOptions(target.access),
    schema: managedBookingResponseSchema,
  });
}

/** DELETE /manage-booking/{n}/push-subscription: this browser follows the booking no more. */
export function stopPush(target: Target, endpoint: string) {
  return apiRequest(managePath(API_PATHS.manageBookingPushSubscription, target.bookingNumber), {
    method: 'DELETE',
    body: { endpoint },
    ...accessOptions(target.access),
    schema: managedBookingResponseSchema,
  });
}

/** Notifications on or off for this browser; the page shows the booking the server answers. */
export function usePushChoice() {
  const keep = useKeepBooking();
  const follow = useMutation({
    mutationFn: ({ body, ...target }: Target & { body: PushSubscriptionRequest }) =>
      followByPush(target, body),
    onSuccess: (answer, { access }) => keep(answer.booking, access),
  });
  const stop = useMutation({
    mutationFn: ({ endpoint, ...target }: Target & { endpoint: string }) =>
      stopPush(target, endpoint),
    onSuccess: (answer, { access }) => keep(answer.booking, access),
  });
  return { follow, stop };
}
