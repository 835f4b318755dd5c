import { Box, Button, Dialog, Flex, Portal, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { CancelResponse, CancellationTermsWire } from '../../../../contract/manage-booking';
import { TextAreaField } from '../../../components/form/fields';
import { RadioChoices } from '../../../components/form/radio-choices';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCancelBooking } from '../api/cancel-booking';
import type { ManageAccess } from '../lib/access';

const REASON_MAX = 500;

type CancelFormProps = {
  bookingNumber: string;
  access: ManageAccess;
  terms: CancellationTermsWire;
  /** What cancelling the return journey alone would do, when that may be done (issue 32). */
  returnTerms?: CancellationTermsWire | null;
  /** The outward journey is over: cancelling cancels the return journey, and says so. */
  returnLeftOnly?: boolean;
  onCancelled: (answer: CancelResponse) => void;
};

/** The choice a return booking's dialog offers. */
const WHAT_TO_CANCEL = [
  { value: 'booking', label: 'The whole booking' },
  { value: 'return', label: 'The return journey only' },
] as const;

/**
 * The dialog's form. It mounts with each opening of the dialog, and so does its one
 * Idempotency-Key: a double press or a retry after a lost answer sends the same key, and the
 * server answers the first cancellation again instead of refunding twice.
 */
function CancelForm({
  bookingNumber,
  access,
  terms: bookingTerms,
  returnTerms = null,
  returnLeftOnly = false,
  onCancelled,
}: CancelFormProps) {
  const formId = useId();
  const [what, setWhat] = useState<'booking' | 'return'>('booking');
  const returnOnly = returnTerms !== null && what === 'return';
  const terms = returnOnly ? returnTerms : bookingTerms;
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useCancelBooking();

  const confirm = async () => {
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

  return (
    <>
      <Dialog.Body color="gray.800">
        {returnTerms ? (
          <RadioChoices
            legend="What would you like to cancel?"
            name={`${formId}-what`}
            options={WHAT_TO_CANCEL}
            value={what}
            onChange={setWhat}
          />
        ) : null}
        {returnLeftOnly ? (
          <Text mb={3}>Your outward journey is over: this cancels your return journey.</Text>
        ) : null}
        <Dialog.Description asChild>
          <Text fontWeight="semibold" mb={4} aria-live="polite">
            {terms.message}
          </Text>
        </Dialog.Description>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <Text fontSize="sm" color="gray.700" mb={2}>
            Telling us why is optional.
          </Text>
          <TextAreaField
            id="cancel-reason"
            label="Reason"
            name="reason"
            value={reason}
            onValueChange={setReason}
            rows={3}
            maxLength={REASON_MAX}
          />
        </form>
        <Box role="alert" mt={problem ? 4 : 0}>
          {problem ? (
            <Box
              borderWidth="1px"
              borderColor="red.300"
              bg="red.50"
              color="red.800"
              px={3}
              py={2}
              rounded="md"
            >
              {problem}
            </Box>
          ) : null}
        </Box>
      </Dialog.Body>
      <Dialog.Footer>
        <Flex gap={3} flexWrap="wrap" justifyContent="flex-end" w="full">
          <Dialog.ActionTrigger asChild>
            <Button type="button" variant="outline">
              Keep booking
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" form={formId} colorPalette="red" disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Confirm cancellation'}
          </Button>
        </Flex>
      </Dialog.Footer>
    </>
  );
}

/**
 * Cancel booking (issue 22): states what cancelling now costs in the server's own words, asks
 * for an optional reason, and cancels. Chakra's Dialog traps focus, closes on Escape and gives
 * focus back on closing (to `finalFocus` when the opening button is gone).
 */
export function CancelDialog({
  open,
  onClose,
  finalFocus,
  ...form
}: CancelFormProps & {
  open: boolean;
  onClose: () => void;
  finalFocus: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root
      open={open}
      placement="center"
      // A fresh form, and a fresh Idempotency-Key, on every opening.
      lazyMount
      unmountOnExit
      finalFocusEl={finalFocus}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content maxW="lg">
            <Dialog.Header>
              <Dialog.Title>Cancel booking {form.bookingNumber}</Dialog.Title>
            </Dialog.Header>
            <CancelForm {...form} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
