import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverOkResponseSchema } from '../../../../contract/driver-app';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { driverKeys, jobPath } from './driver-keys';

/** POST /driver/jobs/{job_ref}/accept: the job becomes this driver's (Driver assigned). */
export async function acceptOffer(jobRef: string): Promise<void> {
  await apiRequest(jobPath(API_PATHS.driverJobAccept, jobRef), {
    method: 'POST',
    schema: driverOkResponseSchema,
    idempotencyKey: newIdempotencyKey(),
  });
}

/** POST /driver/jobs/{job_ref}/decline `{reason}`: the booking goes back to the office. */
export async function declineOffer({
  jobRef,
  reason,
}: {
  jobRef: string;
  reason: string;
}): Promise<void> {
  await apiRequest(jobPath(API_PATHS.driverJobDecline, jobRef), {
    method: 'POST',
    body: { reason },
    schema: driverOkResponseSchema,
    idempotencyKey: newIdempotencyKey(),
  });
}

/**
 * An answer to an offer needs the server now (the offer runs out): never paused offline, and
 * the lists fetched again whatever it said (a refusal means the offer changed meanwhile).
 */
function useOfferAnswer<V>(
  mutationKey: readonly unknown[],
  mutationFn: (vars: V) => Promise<void>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: driverKeys.all }),
    networkMode: 'always',
  });
}

export function useAcceptOffer() {
  return useOfferAnswer(driverKeys.accept(), acceptOffer);
}

export function useDeclineOffer() {
  return useOfferAnswer(driverKeys.decline(), declineOffer);
}
