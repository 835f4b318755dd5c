import { Button, chakra, Flex, Text } from '@chakra-ui/react';
export { Cell, NoWrapCell, RowHead, ScrollTable } from '../../../components/data-table';
import type { BookingStatus } from '../../../../domain/booking-lifecycle';
import { statusLabel } from '../lib/format';

/** Only the palettes the theme keeps (build/chakra-theme-slice.ts): gray, red, orange, green, blue. */
const TONES: Record<BookingStatus, { bg: string; color: string }> = {
  pending: { bg: 'orange.100', color: 'orange.900' },
  confirmed: { bg: 'blue.100', color: 'blue.900' },
  driver_assigned: { bg: 'blue.200', color: 'blue.950' },
  en_route: { bg: 'green.100', color: 'green.900' },
  arrived: { bg: 'green.100', color: 'green.900' },
  on_board: { bg: 'green.200', color: 'green.950' },
  completed: { bg: 'gray.200', color: 'gray.900' },
  cancelled: { bg: 'red.100', color: 'red.900' },
  no_show: { bg: 'red.100', color: 'red.900' },
};

/** A small label, e.g. a status or 'New'. */
export function Tag({ bg, color, children }: { bg: string; color: string; children: string }) {
  return (
    <chakra.span
      display="inline-block"
      px={2}
      py={0.5}
      rounded="full"
      fontSize="xs"
      fontWeight="semibold"
      whiteSpace="nowrap"
      bg={bg}
      color={color}
    >
      {children}
    </chakra.span>
  );
}

/** A booking's status by its label (domain BOOKING_STATUS_LABELS). */
export function StatusTag({ status }: { status: BookingStatus }) {
  return <Tag {...TONES[status]}>{statusLabel(status)}</Tag>;
}

/**
 * Previous / Next with 'Page X of Y'. The buttons stay focusable at either end
 * (aria-disabled), so focus never drops to the top of the document after a click.
 */
export function Pager({
  label,
  page,
  pageCount,
  onPage,
}: {
  label: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  return (
    <Flex mt={4} gap={3} alignItems="center" justifyContent="space-between" flexWrap="wrap">
      <Text color="gray.800" fontSize="sm" fontWeight="semibold">
        Page {page} of {pageCount}
      </Text>
      <Flex as="nav" aria-label={label} gap={2}>
        <Button
          type="button"
          variant="outline"
          aria-disabled={atStart}
          onClick={() => !atStart && onPage(page - 1)}
        >
          Previous
        </Button>
        <Button
          type="button"
          variant="outline"
          aria-disabled={atEnd}
          onClick={() => !atEnd && onPage(page + 1)}
        >
          Next
        </Button>
      </Flex>
    </Flex>
  );
}
