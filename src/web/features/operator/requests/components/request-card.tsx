import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ConsoleRequest } from '../../../../../contract/operator-requests';
import {
  REQUEST_KIND_LABELS,
  REQUEST_STATE_LABELS,
  type RequestState,
} from '../../../../../domain/console-requests';
import { operatorBookingPath } from '../../../../config/routes';
import { formatDay, formatUkMoment } from '../../lib/format';
import { Tag } from '../../components/table-parts';
import { bookThisPath } from '../lib/request-prefill';

const STATE_TONES: Record<RequestState, { bg: string; color: string }> = {
  new: { bg: 'orange.100', color: 'orange.900' },
  replied: { bg: 'blue.100', color: 'blue.900' },
  closed: { bg: 'gray.200', color: 'gray.900' },
};

/** Label: value lines; an empty value is left out. */
function Details({ rows }: { rows: [string, string][] }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns="minmax(8rem, max-content) 1fr" gap={1} mb={3}>
      {rows
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <Box key={label} display="contents">
            <Text as="dt" fontWeight="semibold" color="gray.800">
              {label}
            </Text>
            <Text as="dd" whiteSpace="pre-wrap" color="gray.900">
              {value}
            </Text>
          </Box>
        ))}
    </Box>
  );
}

function detailRows(request: ConsoleRequest): [string, string][] {
  const who: [string, string][] = [
    ['Email', request.email],
    ['Phone', request.phone],
  ];
  if (request.quote) {
    const q = request.quote;
    return [
      ...who,
      ['Pickup', q.pickup_address],
      ['Drop-off', q.dropoff_address],
      ['Date and time', `${formatDay(q.pickup_date)}, ${q.pickup_time}`],
      ['Passengers', String(q.passengers)],
      ['Luggage', String(q.luggages)],
      ['Comments', q.additional_info],
    ];
  }
  const c = request.contact!;
  return [
    ...who,
    ['Query reason', c.query_reason],
    ['Booking number', c.booking_number],
    ['Comments', c.comments],
  ];
}

function Replies({ request }: { request: ConsoleRequest }) {
  if (request.replies.length === 0) return null;
  return (
    <Box mb={3}>
      <Heading as="h3" size="sm" mb={1} color="gray.900">
        Replies
      </Heading>
      <Box as="ul" listStyleType="none" display="grid" gap={2}>
        {request.replies.map((reply) => (
          <Box as="li" key={reply.at} borderLeftWidth="3px" borderColor="blue.300" pl={3}>
            <Text fontSize="sm" color="gray.700">
              {reply.operator_name}, {formatUkMoment(reply.at)}
            </Text>
            <Text whiteSpace="pre-wrap" color="gray.900">
              {reply.message}
            </Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** One request: who sent what, its state, its replies, and what can be done with it. */
export function RequestCard({
  request,
  busy,
  onReply,
  onSetState,
}: {
  request: ConsoleRequest;
  /** A state change is being saved. */
  busy: boolean;
  onReply: (request: ConsoleRequest) => void;
  onSetState: (request: ConsoleRequest, state: RequestState) => void;
}) {
  const headingId = useId();
  const who = request.name || request.email;
  const title = `${REQUEST_KIND_LABELS[request.kind]} request from ${who}`;
  const closed = request.state === 'closed';
  const reopenTo: RequestState = request.replies.length ? 'replied' : 'new';
  return (
    <Box
      as="article"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderColor="gray.300"
      rounded="md"
      p={4}
    >
      <Flex gap={3} alignItems="center" flexWrap="wrap" mb={1}>
        <Heading as="h2" id={headingId} size="md" color="gray.900">
          {title}
        </Heading>
        <Tag {...STATE_TONES[request.state]}>{REQUEST_STATE_LABELS[request.state]}</Tag>
      </Flex>
      <Text fontSize="sm" color="gray.700" mb={3}>
        Received {formatUkMoment(request.received_at)} · number {request.id}
      </Text>
      <Details rows={detailRows(request)} />
      <Replies request={request} />
      {request.booked_as ? (
        <Text mb={3}>
          Booked as{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to={operatorBookingPath(request.booked_as)}>{request.booked_as}</RouterLink>
          </Link>
        </Text>
      ) : null}
      <Flex gap={2} flexWrap="wrap">
        <Button
          type="button"
          size="sm"
          colorPalette="brand"
          aria-haspopup="dialog"
          aria-label={`Reply to ${who}`}
          onClick={() => onReply(request)}
        >
          Reply
        </Button>
        {request.quote && !request.booked_as ? (
          <Button asChild size="sm" variant="outline">
            <RouterLink to={bookThisPath(request.id)} aria-label={`Book this for ${who}`}>
              Book this
            </RouterLink>
          </Button>
        ) : null}
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={`${closed ? 'Reopen' : 'Close'} the request from ${who}`}
          // Not `disabled` while saving: that would drop keyboard focus to the page.
          aria-disabled={busy}
          onClick={() => {
            if (!busy) onSetState(request, closed ? reopenTo : 'closed');
          }}
        >
          {closed ? 'Reopen' : 'Close'}
        </Button>
      </Flex>
    </Box>
  );
}
