import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
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
  /** Card bookings only: refund everything (true) or let the policy keep a late fee. */
  waiveFee: z.boolean(),
});
type CancelValues = z.infer<typeof cancelSchema>;

/**
 * For a booking paid by card: refund in full (the default) or let the policy keep a late fee,
 * with what the passenger will get said as the box changes.
 */
function CardRefundChoice({
  paidByCard,
  waiveFee,
  checkbox,
}: {
  /** What the passenger paid by card, formatted. */
  paidByCard: string;
  waiveFee: boolean;
  checkbox: UseFormRegisterReturn<'waiveFee'>;
}) {
  return (
    <>
      <chakra.label
        display="flex"
        alignItems="center"
        gap={2}
        minH="44px"
        cursor="pointer"
        color="gray.900"
      >
        <chakra.input type="checkbox" w="5" h="5" accentColor="brand.solid" {...checkbox} />
        Refund in full (waive the cancellation fee)
      </chakra.label>
      <Box aria-live="polite">
        <Text>
          {waiveFee
            ? `The passenger will be refunded ${paidByCard} in full, to the card they paid with.`
            : `The passenger's late-cancellation fee may be kept, as the cancellation policy allows: they will be refunded ${paidByCard} less that fee (in full if the cancellation is not late).`}
        </Text>
      </Box>
    </>
  );
}

/**
 * Cancel booking: asks why (the history keeps it as the change's note), then cancels. For a
 * booking paid by card it also asks whether to refund in full, which it does by default: the
 * operator cancelling is rarely the passenger's doing, so keeping their late fee is the choice.
 */
export function CancelDialog({
  open,
  pending,
  onClose,
  onCancel,
  finalFocus,
  paidByCard,
  noun = 'booking',
}: {
  open: boolean;
  /** What is cancelled: 'booking', or a leg of it ('return leg'). */
  noun?: string;
  /** What the passenger paid by card, when they did: it is refunded as the checkbox says. */
  paidByCard?: string | undefined;
  finalFocus?: () => HTMLElement | null;
  pending: boolean;
  onClose: () => void;
  /** `waiveFee` only for a booking paid by card (the request's waive_fee). */
  onCancel: (reason: string, waiveFee?: boolean) => void;
}) {
  const form = useForm<CancelValues>({
    defaultValues: { reason: '', waiveFee: true },
    resolver: zodResolver(cancelSchema),
  });
  const waiveFee = useWatch({ control: form.control, name: 'waiveFee' });
  const { field } = useTextFields(form, { clearOnChange: true });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title={`Cancel this ${noun}`}
      onClose={close}
      closeLabel={`Keep ${noun}`}
      finalFocus={finalFocus}
    >
      <form
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit(({ reason, waiveFee }) =>
            paidByCard ? onCancel(reason.trim(), waiveFee) : onCancel(reason.trim()),
          )(event)
        }
      >
        <Flex direction="column" gap={4}>
          <Text>
            The passenger is emailed the reason.
            {paidByCard ? ` They paid ${paidByCard} by card.` : ' Nothing was paid by card.'}
          </Text>
          {paidByCard ? (
            <CardRefundChoice
              paidByCard={paidByCard}
              waiveFee={waiveFee}
              checkbox={form.register('waiveFee')}
            />
          ) : null}
          <TextAreaField
            id="cancel-reason"
            label="Reason"
            {...field('reason')}
            rows={3}
            required
            maxLength={REASON_MAX}
          />
          <Button type="submit" colorPalette="red" alignSelf="flex-start" loading={pending}>
            {`Cancel ${noun}`}
          </Button>
        </Flex>
      </form>
    </FormDialog>
  );
}
