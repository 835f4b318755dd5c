import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { BookingStatus } from '../../../../domain/booking-lifecycle';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useChangeStatus, type ChangeTarget } from '../api/change-status';
import { useOperatorBooking } from '../api/get-booking';
import { statusLabel } from '../lib/format';
import { AssignDialog, type BookedVehicle } from './assign-dialog';
import { CancelDialog } from './cancel-dialog';
import { AlertMessage } from './error-panel';
import { StatusTag } from './table-parts';

/** Each next status's button, in the order the lifecycle lists them. */
export const STATUS_BUTTON_LABELS: Record<BookingStatus, string> = {
  pending: 'Back to pending',
  confirmed: 'Confirm',
  driver_assigned: 'Assign driver',
  en_route: 'On the way',
  arrived: 'Arrived',
  on_board: 'Passenger on board',
  completed: 'Complete',
  no_show: 'No-show',
  cancelled: 'Cancel booking',
};

/** What the controls move and how they speak of it. */
export interface StatusSubject {
  target: ChangeTarget;
  /** 'booking', 'outward leg', 'return leg': "The return leg is now Confirmed." */
  noun: string;
  status: BookingStatus;
  nextStatuses: readonly BookingStatus[];
  /** The buttons' group name: 'Next steps', 'Next steps for the return leg'. */
  groupLabel: string;
}

/**
 * A booking's or a job's status, its next steps as buttons, and the dialogs they open (Cancel,
 * Assign driver). After a move focus goes to the status line (its button may be gone); a
 * refusal (someone moved it first) is said and the booking fetched again.
 */
export function StatusControls({
  subject,
  assign,
  paidByCard,
}: {
  subject: StatusSubject;
  assign: {
    companyId: number;
    current: { driverId: number | null; registration: string | null };
    booked: BookedVehicle;
  };
  /** What cancelling would refund by card, formatted, when anything was paid by card. */
  paidByCard: string | undefined;
}) {
  const { target, noun } = subject;
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

  const press = (status: BookingStatus) => {
    if (status === 'cancelled') setDialog('cancel');
    else if (status === 'driver_assigned') setDialog('assign');
    else void move(status);
  };

  const cancelLabel = noun === 'booking' ? STATUS_BUTTON_LABELS.cancelled : `Cancel ${noun}`;
  return (
    <Box display="grid" gap={3}>
      <Flex ref={statusLine} tabIndex={-1} alignItems="center" gap={3} flexWrap="wrap">
        <Text fontWeight="semibold">Status:</Text>
        <StatusTag status={subject.status} />
      </Flex>
      <Box role="status" aria-live="polite">
        {done?.status === subject.status ? <Text color="green.800">{done.text}</Text> : null}
      </Box>
      {refusal ? <AlertMessage>{refusal}</AlertMessage> : null}
      {subject.nextStatuses.length ? (
        <Flex role="group" aria-label={subject.groupLabel} gap={2} flexWrap="wrap">
          {subject.nextStatuses.map((status) => (
            <Button
              key={status}
              type="button"
              colorPalette={status === 'cancelled' || status === 'no_show' ? 'red' : 'brand'}
              variant={status === 'cancelled' ? 'outline' : 'solid'}
              loading={change.isPending && change.variables?.body.status === status}
              disabled={change.isPending}
              aria-haspopup={
                status === 'cancelled' || status === 'driver_assigned' ? 'dialog' : undefined
              }
              onClick={() => press(status)}
            >
              {status === 'cancelled' ? cancelLabel : STATUS_BUTTON_LABELS[status]}
            </Button>
          ))}
        </Flex>
      ) : null}
      <CancelDialog
        open={dialog === 'cancel'}
        noun={noun}
        pending={change.isPending}
        onClose={() => setDialog(null)}
        onCancel={(reason, waiveFee) => void move('cancelled', reason, waiveFee)}
        finalFocus={() => (moved.current ? statusLine.current : null)}
        paidByCard={paidByCard}
      />
      <AssignDialog
        open={dialog === 'assign'}
        target={target}
        companyId={assign.companyId}
        current={assign.current}
        booked={assign.booked}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
}
