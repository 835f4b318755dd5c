import { Box, Button, chakra, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { MailEntry } from '../../../../../contract/operator-mail';
import { MAIL_STATE_LABELS, type MailState } from '../../../../../domain/console-requests';
import { formatUkMoment } from '../../lib/format';
import { Cell, NoWrapCell, RowHead, ScrollTable, Tag } from '../../components/table-parts';

const STATE_TONES: Record<MailState, { bg: string; color: string }> = {
  waiting: { bg: 'blue.100', color: 'blue.900' },
  sent: { bg: 'green.100', color: 'green.900' },
  failing: { bg: 'red.100', color: 'red.900' },
  held: { bg: 'orange.100', color: 'orange.900' },
};

const COLUMNS = ['Sent to', 'Subject', 'State', 'Queued', 'Words', 'Actions'];

/** What a state means for this message: tries and the last error, or why it is held. */
function StateDetails({ mail }: { mail: MailEntry }) {
  const lines: string[] = [];
  if (mail.state === 'sent' && mail.sent_at) lines.push(`Sent ${formatUkMoment(mail.sent_at)}`);
  if (mail.state === 'failing') {
    lines.push(`${mail.attempts} ${mail.attempts === 1 ? 'try' : 'tries'}`);
    if (mail.last_error) lines.push(`Last error: ${mail.last_error}`);
    if (mail.next_attempt_at) lines.push(`Next try ${formatUkMoment(mail.next_attempt_at)}`);
  }
  if (mail.state === 'held' && mail.held_reason) lines.push(`Why: ${mail.held_reason}`);
  return (
    <>
      <Tag {...STATE_TONES[mail.state]}>{MAIL_STATE_LABELS[mail.state]}</Tag>
      {lines.map((line) => (
        <Text key={line} fontSize="sm" color="gray.800" mt={1}>
          {line}
        </Text>
      ))}
    </>
  );
}

/** The words while they are kept, folded away; otherwise a plain "not kept". */
function Words({ mail }: { mail: MailEntry }) {
  if (mail.body === null) return <Text color="gray.700">Not kept</Text>;
  return (
    <details>
      <chakra.summary cursor="pointer" color="brand.fg" fontWeight="semibold">
        Show the words
      </chakra.summary>
      <chakra.pre whiteSpace="pre-wrap" fontFamily="inherit" fontSize="sm" mt={2} maxW="28rem">
        {mail.body}
      </chakra.pre>
    </details>
  );
}

/** The outbox, newest first; Send again where the words are still kept, else why not. */
export function MailTable({
  mail,
  resending,
  onResend,
}: {
  mail: readonly MailEntry[];
  /** A copy is being queued. */
  resending: boolean;
  onResend: (mail: MailEntry) => void;
}) {
  const captionId = useId();
  return (
    <ScrollTable captionId={captionId} caption="Mail" minW="64rem" columns={COLUMNS}>
      {mail.map((item) => (
        <tr key={item.id}>
          <RowHead scope="row">{item.recipient}</RowHead>
          <Cell>{item.subject}</Cell>
          <Cell>
            <StateDetails mail={item} />
          </Cell>
          <NoWrapCell>{formatUkMoment(item.created_at)}</NoWrapCell>
          <Cell>
            <Words mail={item} />
          </Cell>
          <Cell>
            {item.resend_refusal === null ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={`Send again: ${item.subject}, to ${item.recipient}`}
                // Not `disabled` while saving: that would drop keyboard focus to the page.
                aria-disabled={resending}
                onClick={() => {
                  if (!resending) onResend(item);
                }}
              >
                Send again
              </Button>
            ) : (
              <Box maxW="16rem">
                <Text fontSize="sm" color="gray.800">
                  Cannot be sent again. {item.resend_refusal}
                </Text>
              </Box>
            )}
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}
