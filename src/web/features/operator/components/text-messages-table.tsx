import { Flex, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { OperatorBookingTexts } from '../../../../contract/operator';
import { JOB_LEG_LABELS } from '../../../../domain/booking-jobs';
import { AlertMessage } from '../../../components/status-panels';
import { formatUkMoment } from '../lib/format';
import { Cell, NoWrapCell, ScrollTable } from './table-parts';

const COLUMNS = ['Event', 'Journey', 'To', 'Status', 'Time (UK time)'] as const;

/**
 * The passenger's texts about the booking (issue 35): each event's text and how it stands, so
 * the operator can tell a passenger who says they had none why. The words are not shown: a
 * text may hold the passenger's manage link. The time is the text's latest news.
 */
export function TextMessagesTable({
  bookingNumber,
  texts,
}: {
  bookingNumber: string;
  texts: OperatorBookingTexts;
}) {
  const captionId = useId();
  if (!texts.wanted) return <Text>The passenger turned texts off.</Text>;
  if (texts.problem) return <AlertMessage>{texts.problem}</AlertMessage>;
  if (texts.messages.length === 0) return <Text>No text messages yet.</Text>;
  return (
    <ScrollTable
      captionId={captionId}
      caption={`Text messages to the passenger of booking ${bookingNumber}`}
      minW="36rem"
      columns={COLUMNS}
    >
      {texts.messages.map((text, index) => (
        // A flight may move the pickup more than once: the same event again, in order.
        <tr key={`${text.leg}-${text.event}-${index}`}>
          <Cell>{text.label}</Cell>
          <Cell>{JOB_LEG_LABELS[text.leg]}</Cell>
          <NoWrapCell>{text.to}</NoWrapCell>
          <Cell>
            <Flex direction="column" alignItems="flex-start" gap={1}>
              <Text>{text.status_label}</Text>
              {text.error ? (
                <Text fontSize="xs" color="gray.800">
                  {text.error}
                </Text>
              ) : null}
            </Flex>
          </Cell>
          <NoWrapCell>
            {formatUkMoment(text.status_at ?? text.sent_at ?? text.created_at)}
          </NoWrapCell>
        </tr>
      ))}
    </ScrollTable>
  );
}
