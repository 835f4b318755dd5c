import { Button, Dialog, Flex, Portal } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { declineOfferRequestSchema, type DeclineOfferRequest } from '../../../../contract/driver';
import { DRIVER_APP_MESSAGES } from '../../../../domain/driver-app-messages';
import { TextAreaField } from '../../../components/form/fields';
import { AlertMessage } from '../../../components/status-panels';
import { useTextFields } from '../../../lib/use-text-fields';

/**
 * Decline, with a reason (the contract's rule: given, at most 300 characters): a modal form.
 * Chakra's Dialog traps focus, puts it on the Reason field, closes on Escape and gives focus
 * back to Decline.
 */
export function DeclineDialog({
  open,
  jobRef,
  sending,
  failure,
  onDecline,
  onClose,
}: {
  open: boolean;
  jobRef: string;
  sending: boolean;
  failure: string | null;
  onDecline: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      placement="center"
      lazyMount
      unmountOnExit
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content maxW="lg">
            <Dialog.Header>
              <Dialog.Title>
                {DRIVER_APP_MESSAGES.declineTitle} ({jobRef})
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body color="gray.800">
              <DeclineForm
                sending={sending}
                failure={failure}
                onDecline={onDecline}
                onCancel={onClose}
              />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DeclineForm({
  sending,
  failure,
  onDecline,
  onCancel,
}: {
  sending: boolean;
  failure: string | null;
  onDecline: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const formId = useId();
  const form = useForm<DeclineOfferRequest>({
    defaultValues: { reason: '' },
    resolver: zodResolver(declineOfferRequestSchema),
    reValidateMode: 'onSubmit',
  });
  const { field } = useTextFields(form, { clearOnChange: true });
  const submit = (event: FormEvent) => {
    if (sending) return event.preventDefault();
    void form.handleSubmit(({ reason }) => onDecline(reason))(event);
  };
  return (
    <form id={formId} noValidate onSubmit={submit}>
      <Flex direction="column" gap={4}>
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
        <TextAreaField
          id={`${formId}-reason`}
          label="Reason"
          {...field('reason')}
          rows={3}
          maxLength={300}
          required
        />
        <Flex gap={3} justifyContent="flex-end" flexWrap="wrap">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="red" loading={sending}>
            Confirm decline
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
