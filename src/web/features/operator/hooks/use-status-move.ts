import { useRef, useState } from 'react';
import type { BookingStatus } from '../../../../domain/booking-lifecycle';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useChangeStatus, type ChangeTarget } from '../api/change-status';
import { useOperatorBooking } from '../api/get-booking';
import { statusLabel } from '../lib/format';

/**
 * Moving a booking or a job to its next status: the dialog a move may need open, what was done
 * or refused, and the status line that takes focus after a move (its button may be gone).
 */
export function useStatusMove(target: ChangeTarget, noun: string) {
  const change = useChangeStatus(target);
  const reload = useOperatorBooking(target.bookingNumber);
  const [dialog, setDialog] = useState<'cancel' | 'assign' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Said of one status only: once it moves on (a driver assigned), it is no longer so.
  const [done, setDone] = useState<{ status: BookingStatus; text: string } | null>(null);
  const statusLine = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  const move = async (status: BookingStatus, note?: string, waiveFee?: boolean) => {
    setRefusal(null);
    setDone(null);
    moved.current = false;
    try {
      await change.mutateAsync({
        body: {
          status,
          ...(note === undefined ? {} : { note }),
          ...(waiveFee === undefined ? {} : { waive_fee: waiveFee }),
        },
        // A fresh key per press: a retry of this press is safe, a second press is a new move.
        idempotencyKey: newIdempotencyKey(),
      });
      moved.current = true;
      setDialog(null);
      setDone({ status, text: `The ${noun} is now ${statusLabel(status)}.` });
      if (status !== 'cancelled') statusLine.current?.focus();
    } catch (error) {
      setDialog(null);
      setRefusal(
        error instanceof ApiError ? error.message : 'The change failed. Please try again.',
      );
      if (status !== 'cancelled') statusLine.current?.focus();
      // Someone else may have moved it first (a 409): show where it stands now.
      void reload.refetch();
    }
  };

  return { change, dialog, setDialog, refusal, done, statusLine, moved, move };
}
