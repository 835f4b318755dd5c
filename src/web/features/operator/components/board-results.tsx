import { Box, Text } from '@chakra-ui/react';
import { LoadingBlock } from '../../../components/loading-block';
import type { useBoard } from '../api/get-board';
import { pageCount } from '../lib/board-filters';
import { useSmallScreen } from '../../../lib/use-small-screen';
import { BoardCards } from './board-cards';
import { BoardTable } from './board-table';
import { AlertMessage, ErrorPanel } from '../../../components/status-panels';
import { Pager } from './table-parts';

/** The board lists jobs (a return booking is two), so it counts jobs. */
export function jobCount(total: number): string {
  return total === 1 ? '1 job' : `${total.toLocaleString('en-GB')} jobs`;
}

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
  const small = useSmallScreen();
  const Rows = small ? BoardCards : BoardTable;
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
        <Rows rows={data.data} fresh={fresh} showCompany={showCompany} />
      )}
      <Text mt={3} fontSize="sm" color="gray.700">
        {jobCount(data.total)}
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
