import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ConsoleRequest, RequestsQuery } from '../../../../../contract/operator-requests';
import {
  REQUEST_STATE_LABELS,
  REQUEST_STATES,
  type RequestState,
} from '../../../../../domain/console-requests';
import { Options } from '../../../../components/form/fields';
import { ApiError } from '../../../../lib/api-client';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { CONSOLE_TITLE } from '../../components/console-title';
import { AlertMessage } from '../../../../components/status-panels';
import { FormDialog } from '../../components/form-dialog';
import { useOperator } from '../../components/operator-layout';
import { SelectControlField } from '../../components/select-control';
import { useSetRequestState } from '../api/change-request';
import { useRequests } from '../api/get-requests';
import { RequestsList } from './requests-list';
import { BOOKED_AS_PARAM } from '../lib/request-prefill';
import { ReplyForm } from './reply-form';
import { PageNotice } from '../../components/page-notice';

const STATE_OPTIONS = [
  { value: '', label: 'All requests' },
  ...REQUEST_STATES.map((state) => ({ value: state, label: REQUEST_STATE_LABELS[state] })),
];

/** The page's heading, what it lists for this role, and the state filter. */
function RequestsHeader({
  isAdmin,
  state,
  onState,
}: {
  isAdmin: boolean;
  state: RequestState | undefined;
  onState: (state: RequestState | undefined) => void;
}) {
  return (
    <>
      <Heading as="h1" size="2xl" mb={2} color="gray.900">
        Requests
      </Heading>
      <Text color="gray.700" mb={4}>
        {isAdmin
          ? 'Quote Now requests and Contact Us messages sent on the website.'
          : 'Requests about your company’s bookings: Contact Us messages naming one, and Quote Now requests booked with it.'}
      </Text>
      <Flex mb={4} maxW="16rem">
        <SelectControlField
          id="requests-state"
          label="Show"
          value={state ?? ''}
          onValueChange={(value) => onState(value ? (value as RequestState) : undefined)}
        >
          <Options options={STATE_OPTIONS} />
        </SelectControlField>
      </Flex>
    </>
  );
}

/** Shown while the page lists the request a booking was made from, with the way back. */
function BookedAsFilter({
  bookingNumber,
  onShowAll,
}: {
  bookingNumber: string;
  onShowAll: () => void;
}) {
  return (
    <Flex gap={3} alignItems="center" flexWrap="wrap" mb={4}>
      <Text color="gray.900">The request booking {bookingNumber} was made from.</Text>
      <Button type="button" size="sm" variant="outline" onClick={onShowAll}>
        Show all requests
      </Button>
    </Flex>
  );
}

/**
 * /operator/requests: Quote Now requests and Contact Us messages, newest first, each replied
 * to, closed or reopened here, and a Quote Now request booked with Book this.
 */
export function RequestsPage() {
  useDocumentTitle(`Requests — ${CONSOLE_TITLE}`);
  const operator = useOperator();
  const [search, setSearch] = useSearchParams();
  // From a booking's page: the request it was made from.
  const [query, setQuery] = useState<RequestsQuery>(() => {
    const bookingNumber = search.get(BOOKED_AS_PARAM);
    return bookingNumber ? { booking_number: bookingNumber } : {};
  });
  const requests = useRequests(query);
  const change = useSetRequestState();
  const [replying, setReplying] = useState<ConsoleRequest | null>(null);
  const [notice, setNotice] = useState('');

  const setState = async (request: ConsoleRequest, state: RequestState) => {
    setNotice('');
    try {
      await change.mutateAsync({ id: request.id, body: { state } });
      setNotice(
        `The request from ${request.name || request.email} is ${REQUEST_STATE_LABELS[state]}.`,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Changing the request failed:', error);
    }
  };
  return (
    <Box maxW="56rem">
      <RequestsHeader
        isAdmin={operator.role === 'admin'}
        state={query.state}
        onState={(state) => setQuery(state ? { state } : {})}
      />
      {query.booking_number ? (
        <BookedAsFilter
          bookingNumber={query.booking_number}
          onShowAll={() => {
            setQuery({});
            setSearch({});
          }}
        />
      ) : null}
      <PageNotice notice={notice} />
      {change.isError ? (
        <Box mb={3}>
          <AlertMessage>{change.error.message}</AlertMessage>
        </Box>
      ) : null}
      <RequestsList
        requests={requests}
        busy={change.isPending}
        onReply={setReplying}
        onSetState={(item, state) => void setState(item, state)}
        onPage={(page) => setQuery({ ...query, page })}
      />
      <FormDialog
        open={replying !== null}
        title={replying ? `Reply to ${replying.name || replying.email}` : 'Reply'}
        onClose={() => setReplying(null)}
      >
        {replying ? (
          <ReplyForm
            request={replying}
            onSent={(sent) => {
              setReplying(null);
              setNotice(`Your reply to ${sent.email} is on its way.`);
            }}
          />
        ) : null}
      </FormDialog>
    </Box>
  );
}
