import { Box, Button, Dialog, Flex, Portal, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { CancelResponse, CancellationTermsWire } from '../../../../contract/manage-booking';
import { TextAreaField } from '../../../components/form/fields';
import { RadioChoices } from '../../../components/form/radio-choices';
import { useConfirmCancellation } from '../hooks/use-confirm-cancellation';
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

/** What went wrong with the cancellation, announced as it appears. */
function CancelProblem({ problem }: { problem: string | null }) {
  return (
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
  );
}

/** Keep booking closes the dialog; Confirm cancellation sends the form, which sits above it. */
function CancelFooter({ formId, pending }: { formId: string; pending: boolean }) {
  return (
    <Dialog.Footer>
      <Flex gap={3} flexWrap="wrap" justifyContent="flex-end" w="full">
        <Dialog.ActionTrigger asChild>
          <Button type="button" variant="outline">
            Keep booking
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" form={formId} colorPalette="red" disabled={pending}>
          {pending ? 'Cancelling…' : 'Confirm cancellation'}
        </Button>
      </Flex>
    </Dialog.Footer>
  );
}

/**
 * The dialog's form. It mounts with each opening of the dialog, and so does its one
 * Idempotency-Key (useConfirmCancellation).
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
  const [reason, setReason] = useState('');
  const { confirm, pending, problem } = useConfirmCancellation(bookingNumber, access, onCancelled);

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
            void confirm(terms, reason, returnOnly);
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
        <CancelProblem problem={problem} />
      </Dialog.Body>
      <CancelFooter formId={formId} pending={pending} />
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
