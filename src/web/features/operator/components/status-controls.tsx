import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { BookingStatus } from '../../../../domain/booking-lifecycle';
import type { ChangeTarget } from '../api/change-status';
import { useStatusMove } from '../hooks/use-status-move';
import { stepConfirmation } from '../lib/step-confirmation';
import { AssignDialog, type BookedVehicle } from './assign-dialog';
import type { AssignCurrent } from '../hooks/use-assign-form';
import type { JobOffer } from '../../../../contract/vehicle-documents';
import { offerText } from '../lib/vehicle-text';
import { CancelDialog } from './cancel-dialog';
import { StepConfirmDialog } from './step-confirm-dialog';
import { AlertMessage } from '../../../components/status-panels';
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
  /** When the booking's or the leg's pickup is (null when not known): some steps ask first. */
  pickupAt: Date | null;
  /** An offer waiting for a driver's answer in the driver app (issue 34). */
  offer?: JobOffer | null | undefined;
}

/** The next steps' buttons; those that open a dialog say so. All wait while a move is sent. */
function NextSteps({
  subject,
  pending,
  movingTo,
  cancelLabel,
  onPress,
}: {
  subject: StatusSubject;
  /** A move is being sent, to `movingTo`. */
  pending: boolean;
  movingTo: BookingStatus | undefined;
  cancelLabel: string;
  onPress: (status: BookingStatus) => void;
}) {
  return (
    <Flex role="group" aria-label={subject.groupLabel} gap={2} flexWrap="wrap">
      {subject.nextStatuses.map((status) => (
        <Button
          key={status}
          type="button"
          colorPalette={status === 'cancelled' || status === 'no_show' ? 'red' : 'brand'}
          variant={status === 'cancelled' ? 'outline' : 'solid'}
          loading={pending && movingTo === status}
          disabled={pending}
          aria-haspopup={
            status === 'cancelled' || status === 'driver_assigned' ? 'dialog' : undefined
          }
          onClick={() => onPress(status)}
        >
          {status === 'cancelled' ? cancelLabel : STATUS_BUTTON_LABELS[status]}
        </Button>
      ))}
    </Flex>
  );
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
    current: AssignCurrent;
    booked: BookedVehicle;
  };
  /** What cancelling would refund by card, formatted, when anything was paid by card. */
  paidByCard: string | undefined;
}) {
  const { target, noun } = subject;
  const { change, dialog, setDialog, refusal, done, statusLine, moved, move } = useStatusMove(
    target,
    noun,
  );

  const [ask, setAsk] = useState<Parameters<typeof StepConfirmDialog>[0]['ask']>(null);
  const press = (status: BookingStatus) => {
    if (status === 'cancelled') return setDialog('cancel');
    if (status === 'driver_assigned') return setDialog('assign');
    const confirm = stepConfirmation(status, noun, subject.pickupAt, new Date());
    if (confirm) setAsk({ step: status, label: STATUS_BUTTON_LABELS[status], ...confirm });
    else void move(status);
  };

  const cancelLabel = noun === 'booking' ? STATUS_BUTTON_LABELS.cancelled : `Cancel ${noun}`;
  return (
    <Box display="grid" gap={3}>
      <Flex ref={statusLine} tabIndex={-1} alignItems="center" gap={3} flexWrap="wrap">
        <Text fontWeight="semibold">Status:</Text>
        <StatusTag status={subject.status} />
        {subject.offer ? <Text color="gray.800">{offerText(subject.offer)}</Text> : null}
      </Flex>
      <Box role="status" aria-live="polite">
        {done?.status === subject.status ? <Text color="green.800">{done.text}</Text> : null}
      </Box>
      {refusal ? <AlertMessage>{refusal}</AlertMessage> : null}
      {subject.nextStatuses.length ? (
        <NextSteps
          subject={subject}
          pending={change.isPending}
          movingTo={change.variables?.body.status}
          cancelLabel={cancelLabel}
          onPress={press}
        />
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
      <StepConfirmDialog
        ask={ask}
        pending={change.isPending}
        onClose={() => setAsk(null)}
        onConfirm={(step) => void move(step).finally(() => setAsk(null))}
        finalFocus={() => (moved.current ? statusLine.current : null)}
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
