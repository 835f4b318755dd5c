import { useState } from 'react';
import type { CancelResponse, CancellationTermsWire } from '../../../../contract/manage-booking';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCancelBooking } from '../api/cancel-booking';
import type { ManageAccess } from '../lib/access';

/**
 * "Confirm cancellation", with one Idempotency-Key for the life of the dialog's form: a double
 * press or a retry after a lost answer sends the same key, and the server answers the first
 * cancellation again instead of refunding twice.
 */
export function useConfirmCancellation(
  bookingNumber: string,
  access: ManageAccess,
  onCancelled: (answer: CancelResponse) => void,
) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useCancelBooking();

  /** Cancels as `terms` state it: the whole booking, or its return journey alone. */
  const confirm = async (terms: CancellationTermsWire, reason: string, returnOnly: boolean) => {
    if (cancel.isPending) return;
    setProblem(null);
    const trimmed = reason.trim();
    try {
      const answer = await cancel.mutateAsync({
        bookingNumber,
        access,
        // The refund this dialog states: the server refuses if it would now be another.
        body: {
          ...(trimmed ? { reason: trimmed } : {}),
          expected_refund: terms.refund,
          ...(returnOnly ? { leg: 'return' as const } : {}),
        },
        idempotencyKey,
      });
      onCancelled(answer);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE);
    }
  };

  return { confirm, pending: cancel.isPending, problem };
}
