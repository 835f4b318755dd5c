import { useMutation } from '@tanstack/react-query';
import type { OfferJobRequest } from '../../../../contract/operator';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import {
  bookingChangeResponseSchema,
  useAfterBookingChange,
  type ChangeTarget,
} from './change-status';
import { operatorKeys } from './operator-keys';

/**
 * POST /operator/jobs/{job_ref}/offer (issue 34): the job offered to a driver, who accepts or
 * declines in the driver app. A booking's own Assign acts on its outward job, whose reference
 * is the booking number.
 */
export function offerJob(target: ChangeTarget, body: OfferJobRequest, idempotencyKey: string) {
  const jobRef = target.jobRef ?? target.bookingNumber;
  return apiRequest(API_PATHS.operatorJobOffer.replace(':job_ref', encodeURIComponent(jobRef)), {
    method: 'POST',
    body,
    idempotencyKey,
    schema: bookingChangeResponseSchema,
  });
}

export function useOfferJob(target: ChangeTarget) {
  const after = useAfterBookingChange(target.bookingNumber);
  return useMutation({
    mutationKey: operatorKeys.offerJob(),
    mutationFn: ({ body, idempotencyKey }: { body: OfferJobRequest; idempotencyKey: string }) =>
      offerJob(target, body, idempotencyKey),
    onSuccess: (answer) => after(answer),
    networkMode: 'always',
  });
}
