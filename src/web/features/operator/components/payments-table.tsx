import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { PaymentEntry } from '../../../../contract/booking-payments';
import {
  PAYMENT_KIND_LABELS,
  PAYMENT_REASON_LABELS,
  paymentEntryStatusLabel,
} from '../../../../domain/payment-labels';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useRetryRefund } from '../api/retry-refund';
import { formatPounds, formatUkMoment } from '../lib/format';
import { AlertMessage } from '../../../components/status-panels';
import { Cell, NoWrapCell, ScrollTable, Tag } from './table-parts';

const COLUMNS = ['Type', 'For', 'Amount', 'Status', 'When (UK time)'] as const;

/**
 * The booking's money (issue 22): every card charge and refund, and what the passenger has paid
 * net. A refund the provider refused is flagged with its error and can be retried from here.
 */
export function PaymentsTable({
  bookingNumber,
  payments,
  paidAmount,
}: {
  bookingNumber: string;
  payments: readonly PaymentEntry[];
  /** Pounds: charges minus refunds. */
  paidAmount: number;
}) {
  const captionId = useId();
  const retry = useRetryRefund(bookingNumber);
  const [refusal, setRefusal] = useState<string | null>(null);

  const retryRefund = async (refundId: number) => {
    setRefusal(null);
    try {
      await retry.mutateAsync({ refundId, idempotencyKey: newIdempotencyKey() });
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : 'The retry failed. Please try again.');
    }
  };

  if (payments.length === 0) return <Text>No card charges or refunds.</Text>;
  return (
    <Flex direction="column" gap={3}>
      {refusal ? <AlertMessage>{refusal}</AlertMessage> : null}
      <ScrollTable
        captionId={captionId}
        caption={`Charges and refunds of booking ${bookingNumber}`}
        minW="36rem"
        columns={COLUMNS}
      >
        {payments.map((entry) => {
          const failedRefund = entry.kind === 'refund' && entry.status === 'failed';
          return (
            <tr key={entry.id}>
              <Cell>{PAYMENT_KIND_LABELS[entry.kind]}</Cell>
              <Cell>{PAYMENT_REASON_LABELS[entry.reason]}</Cell>
              <NoWrapCell>
                {formatPounds(entry.kind === 'refund' ? -entry.amount : entry.amount)}
              </NoWrapCell>
              <Cell>
                {failedRefund ? (
                  <Flex direction="column" alignItems="flex-start" gap={1.5}>
                    <Tag bg="red.100" color="red.900">
                      {paymentEntryStatusLabel(entry)}
                    </Tag>
                    {entry.last_error ? (
                      <Text fontSize="xs" color="gray.800">
                        {entry.last_error}
                      </Text>
                    ) : null}
                    <Button
                      type="button"
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      loading={retry.isPending && retry.variables?.refundId === entry.id}
                      disabled={retry.isPending}
                      onClick={() => void retryRefund(entry.id)}
                    >
                      Retry refund
                    </Button>
                  </Flex>
                ) : (
                  paymentEntryStatusLabel(entry)
                )}
              </Cell>
              <NoWrapCell>{formatUkMoment(entry.created_at)}</NoWrapCell>
            </tr>
          );
        })}
      </ScrollTable>
      <Box fontWeight="semibold" color="gray.900">
        Paid {formatPounds(paidAmount)}
      </Box>
    </Flex>
  );
}
