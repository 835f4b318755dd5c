import { Box, Text } from '@chakra-ui/react';
import { LoadingBlock } from '../../../components/loading-block';
import type { useBoard } from '../api/get-board';
import { pageCount } from '../lib/board-filters';
import { BoardTable } from './board-table';
import { AlertMessage, ErrorPanel } from './error-panel';
import { Pager } from './table-parts';

/**
 * The board's bookings as they load: a failed first load with a way to try again, a failed
 * refresh said above the bookings still shown, then the table, the count and the pages.
 */
export function BoardResults({
  board,
  fresh,
  showCompany,
  onPage,
}: {
  board: ReturnType<typeof useBoard>;
  /** The bookings that arrived since the board was first shown, marked New. */
  fresh: ReadonlySet<string>;
  showCompany: boolean;
  onPage: (page: number) => void;
}) {
  const data = board.data;
  return board.isPending ? (
    <LoadingBlock label="Loading bookings…" />
  ) : board.isError && !data ? (
    <ErrorPanel
      message={`We could not load the bookings. ${board.error.message}`}
      retrying={board.isFetching}
      onRetry={() => void board.refetch()}
    />
  ) : data ? (
    <>
      {board.isError ? (
        <Box mb={3}>
          <AlertMessage>{`The board could not refresh: ${board.error.message}`}</AlertMessage>
        </Box>
      ) : null}
      {data.data.length === 0 ? (
        <Text color="gray.800">No bookings match these filters.</Text>
      ) : (
        <BoardTable rows={data.data} fresh={fresh} showCompany={showCompany} />
      )}
      <Text mt={3} fontSize="sm" color="gray.700">
        {data.total === 1 ? '1 booking' : `${data.total.toLocaleString('en-GB')} bookings`}
      </Text>
      <Pager
        label="Bookings pages"
        page={data.page}
        pageCount={pageCount(data.total, data.per_page)}
        onPage={onPage}
      />
    </>
  ) : null;
}
