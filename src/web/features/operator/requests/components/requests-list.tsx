import { Flex, Text } from '@chakra-ui/react';
import type { ConsoleRequest } from '../../../../../contract/operator-requests';
import type { RequestState } from '../../../../../domain/console-requests';
import { LoadingBlock } from '../../../../components/loading-block';
import { ErrorPanel } from '../../../../components/status-panels';
import { Pager } from '../../components/table-parts';
import type { useRequests } from '../api/get-requests';
import { RequestCard } from './request-card';

/** A page of requests as loaded: loading, failed, none, or the cards with their pager. */
export function RequestsList({
  requests,
  busy,
  onReply,
  onSetState,
  onPage,
}: {
  requests: ReturnType<typeof useRequests>;
  busy: boolean;
  onReply: (request: ConsoleRequest) => void;
  onSetState: (request: ConsoleRequest, state: RequestState) => void;
  onPage: (page: number) => void;
}) {
  if (requests.isPending) return <LoadingBlock label="Loading requests…" />;
  if (requests.isError) {
    return (
      <ErrorPanel
        message={`We could not load the requests. ${requests.error.message}`}
        retrying={requests.isFetching}
        onRetry={() => void requests.refetch()}
      />
    );
  }
  const { data, total, per_page: perPage, page } = requests.data;
  if (data.length === 0) return <Text>No requests here.</Text>;
  return (
    <>
      <Flex direction="column" gap={4}>
        {data.map((request) => (
          <RequestCard
            key={request.id}
            request={request}
            busy={busy}
            onReply={onReply}
            onSetState={onSetState}
          />
        ))}
      </Flex>
      <Pager
        label="Pages of requests"
        page={page}
        pageCount={Math.max(1, Math.ceil(total / perPage))}
        onPage={onPage}
      />
    </>
  );
}
