import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { MailEntry, MailQuery } from '../../../../../contract/operator-mail';
import {
  MAIL_STATE_LABELS,
  MAIL_STATES,
  type MailState,
} from '../../../../../domain/console-requests';
import { LoadingBlock } from '../../../../components/loading-block';
import { Options } from '../../../../components/form/fields';
import { ApiError } from '../../../../lib/api-client';
import { newIdempotencyKey } from '../../../../lib/idempotency-key';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { CONSOLE_TITLE } from '../../components/console-title';
import { AlertMessage, ErrorPanel } from '../../../../components/status-panels';
import { SelectControlField } from '../../components/select-control';
import { Pager } from '../../components/table-parts';
import { useMail } from '../api/get-mail';
import { useResendMail } from '../api/resend-mail';
import { MailTable } from './mail-table';
import { PageNotice } from '../../components/page-notice';

const STATE_OPTIONS = [
  { value: '', label: 'All mail' },
  ...MAIL_STATES.map((state) => ({ value: state, label: MAIL_STATE_LABELS[state] })),
];

/** What the office is told after Send again: queued, or held by the cap at once. */
function resentNotice(copy: MailEntry): string {
  return copy.state === 'held'
    ? `The copy to ${copy.recipient} is held by the daily cap: ${copy.held_reason ?? ''}.`
    : `A copy to ${copy.recipient} is queued (mail ${copy.id}).`;
}

/**
 * /operator/mail (admin): every message the site has queued, newest first, with its state,
 * and Send again. Words are shown while the retention rule keeps them.
 */
export function MailPage() {
  useDocumentTitle(`Mail — ${CONSOLE_TITLE}`);
  const [query, setQuery] = useState<MailQuery>({});
  const mail = useMail(query);
  const resend = useResendMail();
  const [notice, setNotice] = useState('');

  const sendAgain = async (item: MailEntry) => {
    setNotice('');
    try {
      // A key per press: the press is sent once whatever the network does, a new press again.
      const copy = await resend.mutateAsync({ id: item.id, idempotencyKey: newIdempotencyKey() });
      setNotice(resentNotice(copy));
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Sending the mail again failed:', error);
    }
  };
  const pageCount = mail.data ? Math.max(1, Math.ceil(mail.data.total / mail.data.per_page)) : 1;

  return (
    <Box>
      <Heading as="h1" size="2xl" mb={2} color="gray.900">
        Mail
      </Heading>
      <Text color="gray.700" mb={4}>
        Every message the site sends, newest first: waiting, sent, failing (tried again by itself)
        or held by the daily cap on mail to one address.
      </Text>
      <Flex mb={4} maxW="16rem">
        <SelectControlField
          id="mail-state"
          label="Show"
          value={query.state ?? ''}
          onValueChange={(value) => setQuery(value ? { state: value as MailState } : {})}
        >
          <Options options={STATE_OPTIONS} />
        </SelectControlField>
      </Flex>
      <PageNotice notice={notice} />
      {resend.isError ? (
        <Box mb={3}>
          <AlertMessage>{resend.error.message}</AlertMessage>
        </Box>
      ) : null}
      {mail.isPending ? (
        <LoadingBlock label="Loading mail…" />
      ) : mail.isError ? (
        <ErrorPanel
          message={`We could not load the mail. ${mail.error.message}`}
          retrying={mail.isFetching}
          onRetry={() => void mail.refetch()}
        />
      ) : mail.data.data.length === 0 ? (
        <Text>No mail here.</Text>
      ) : (
        <>
          <MailTable
            mail={mail.data.data}
            resending={resend.isPending}
            onResend={(item) => void sendAgain(item)}
          />
          <Pager
            label="Pages of mail"
            page={mail.data.page}
            pageCount={pageCount}
            onPage={(page) => setQuery({ ...query, page })}
          />
        </>
      )}
    </Box>
  );
}
