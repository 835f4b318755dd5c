import { Button, Flex, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { TextAreaField } from '../../../components/form/fields';
import { textRule } from '../../../lib/form-rules';
import { useTextFields } from '../../../lib/use-text-fields';
import { FormDialog } from './form-dialog';

const REASON_MAX = 500;

const cancelSchema = z.object({
  reason: textRule((reason) =>
    !reason.trim()
      ? 'Enter the reason for cancelling'
      : reason.trim().length > REASON_MAX
        ? `Keep the reason to ${REASON_MAX} characters`
        : undefined,
  ),
});
type CancelValues = z.infer<typeof cancelSchema>;

/** Cancel booking: asks why (the history keeps it as the change's note), then cancels. */
export function CancelDialog({
  open,
  pending,
  onClose,
  onCancel,
  finalFocus,
  paidByCard,
}: {
  open: boolean;
  /** What the card payment was, when there was one: the passenger is told it will be refunded. */
  paidByCard?: string | undefined;
  finalFocus?: () => HTMLElement | null;
  pending: boolean;
  onClose: () => void;
  onCancel: (reason: string) => void;
}) {
  const form = useForm<CancelValues>({
    defaultValues: { reason: '' },
    resolver: zodResolver(cancelSchema),
  });
  const { field } = useTextFields(form, { clearOnChange: true });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Cancel this booking"
      onClose={close}
      closeLabel="Keep booking"
      finalFocus={finalFocus}
    >
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(({ reason }) => onCancel(reason.trim()))(event)}
      >
        <Flex direction="column" gap={4}>
          <Text>
            The passenger is emailed the reason.
            {paidByCard
              ? ` They paid ${paidByCard} by card and are told it will be refunded in full: refund it with your card provider.`
              : ' Nothing was paid by card.'}
          </Text>
          <TextAreaField
            id="cancel-reason"
            label="Reason"
            {...field('reason')}
            rows={3}
            required
            maxLength={REASON_MAX}
          />
          <Button type="submit" colorPalette="red" alignSelf="flex-start" loading={pending}>
            Cancel booking
          </Button>
        </Flex>
      </form>
    </FormDialog>
  );
}
