import { Button, Flex, Text } from '@chakra-ui/react';
import type { BookingStatus } from '../../../../domain/booking-lifecycle';
import { FormDialog } from './form-dialog';

/**
 * Asks before a step that is easy to press by mistake (Complete, No-show, an early On the
 * way), saying why when the time is not right yet; the step's own button sends it.
 */
export function StepConfirmDialog({
  ask,
  pending,
  onClose,
  onConfirm,
  finalFocus,
}: {
  /** The step asked about, with what the dialog says; null while closed. */
  ask: { step: BookingStatus; label: string; title: string; lines: string[] } | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (step: BookingStatus) => void;
  finalFocus: () => HTMLElement | null;
}) {
  return (
    <FormDialog
      open={ask !== null}
      title={ask?.title ?? ''}
      onClose={onClose}
      closeLabel="Go back"
      finalFocus={finalFocus}
    >
      {ask ? (
        <Flex direction="column" gap={4}>
          {ask.lines.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
          <Button
            type="button"
            alignSelf="flex-start"
            colorPalette={ask.step === 'no_show' ? 'red' : 'brand'}
            loading={pending}
            onClick={() => onConfirm(ask.step)}
          >
            {ask.label}
          </Button>
        </Flex>
      ) : null}
    </FormDialog>
  );
}
