import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { formatCount } from '../lib/format';
import type { Page } from '../lib/paging';

/**
 * Where the passenger is in the list, and Previous / Next when there is more than one page.
 * The buttons stay focusable at either end (aria-disabled rather than disabled), so focus never
 * drops to the top of the document after a click; the position is announced politely.
 */
export function BookingsPager({
  page,
  onPage,
}: {
  page: Page<unknown>;
  onPage: (page: number) => void;
}) {
  const atStart = page.page <= 1;
  const atEnd = page.page >= page.pageCount;
  return (
    <Flex mt={4} gap={3} alignItems="center" justifyContent="space-between" flexWrap="wrap">
      <Box role="status" aria-live="polite" color="gray.800" fontSize="sm">
        {page.pageCount > 1 ? (
          <Text as="span" fontWeight="semibold">
            Page {page.page} of {page.pageCount}.{' '}
          </Text>
        ) : null}
        <Text as="span">
          Showing {formatCount(page.first)}–{formatCount(page.last)} of {formatCount(page.total)}
        </Text>
      </Box>
      {page.pageCount > 1 ? (
        <Flex as="nav" aria-label="Bookings pages" gap={2}>
          <Button
            type="button"
            variant="outline"
            aria-disabled={atStart}
            onClick={() => !atStart && onPage(page.page - 1)}
          >
            Previous
          </Button>
          <Button
            type="button"
            variant="outline"
            aria-disabled={atEnd}
            onClick={() => !atEnd && onPage(page.page + 1)}
          >
            Next
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
