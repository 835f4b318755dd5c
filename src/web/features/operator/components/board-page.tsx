import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { OPERATOR_ROUTES } from '../../../config/routes';
import { useExportBookingsCsv } from '../api/export-bookings-csv';
import { useBoard, useBoardLive } from '../api/get-board';
import { newBookingsAnnouncement, useNewBookings } from '../hooks/use-new-bookings';
import { readFilters, withFilters, type BoardFilters, type FilterName } from '../lib/board-filters';
import { FilterBar } from './board-filter-bar';
import { BoardResults } from './board-results';
import { AlertMessage } from '../../../components/status-panels';
import { useOperator } from './operator-layout';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CONSOLE_TITLE } from './console-title';
import { useSmallScreen } from '../../../lib/use-small-screen';

/** The quick views, each a `view` of the API (All sends none). */
const QUICK_VIEWS = [
  { view: '', label: 'All' },
  { view: 'today', label: 'Today' },
  { view: 'upcoming', label: 'Upcoming' },
  { view: 'needs_action', label: 'Needs action' },
] as const;

/** The quick views as toggle buttons, the current one pressed. */
function QuickViews({ current, onView }: { current: string; onView: (view: string) => void }) {
  return (
    <Flex role="group" aria-label="Quick views" gap={2} mb={4} flexWrap="wrap">
      {QUICK_VIEWS.map(({ view, label }) => (
        <Button
          key={label}
          type="button"
          size="sm"
          variant={current === view ? 'solid' : 'outline'}
          colorPalette="brand"
          aria-pressed={current === view}
          onClick={() => onView(view)}
        >
          {label}
        </Button>
      ))}
    </Flex>
  );
}

/**
 * On a phone the filters fold away behind a Filters button (issue 33), so the jobs come first;
 * wider, they are always shown. Folded, they stay mounted: a search being typed survives.
 */
function FoldingFilters({ active, children }: { active: number; children: ReactNode }) {
  const small = useSmallScreen();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!small) return <>{children}</>;
  return (
    <Box mb={4}>
      <Button
        type="button"
        variant="outline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        mb={open ? 3 : 0}
      >
        Filters
        {active > 0 ? ' ' : null}
        {active > 0 ? (
          <Text as="span" fontSize="sm" color="gray.700">
            ({active} on)
          </Text>
        ) : null}
      </Button>
      <Box id={panelId} hidden={!open}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * /operator/bookings: the board. Its filters live in the URL; it asks again on every change the
 * console's event stream tells of (every 10 seconds while the stream is not open) and marks the
 * bookings that arrived meanwhile as New, announcing how many.
 */
export function BoardPage() {
  useDocumentTitle(`Bookings — ${CONSOLE_TITLE}`);
  const operator = useOperator();
  const isAdmin = operator.role === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const live = useBoardLive();
  const board = useBoard(filters, live);
  const exportCsv = useExportBookingsCsv();
  const headingId = useId();

  const settled = board.data && !board.isPlaceholderData ? board.data : undefined;
  const { fresh, added } = useNewBookings(
    JSON.stringify(filters),
    settled?.data,
    board.dataUpdatedAt,
  );

  const change = (changes: Partial<Record<FilterName, string>>) =>
    setSearchParams((params) => withFilters(params, changes), { preventScrollReset: true });

  return (
    <section aria-labelledby={headingId}>
      <Flex alignItems="center" justifyContent="space-between" gap={3} flexWrap="wrap" mb={5}>
        <Heading as="h1" id={headingId} size="2xl" color="gray.900">
          Bookings
        </Heading>
        <Flex gap={2} flexWrap="wrap">
          <Button
            type="button"
            variant="outline"
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate(filters)}
          >
            Export CSV
          </Button>
          <Button asChild colorPalette="brand">
            <RouterLink to={OPERATOR_ROUTES.bookingsNew}>New booking</RouterLink>
          </Button>
        </Flex>
      </Flex>
      {exportCsv.isError ? (
        <Box mb={4}>
          <AlertMessage>{`The export failed: ${exportCsv.error.message}`}</AlertMessage>
        </Box>
      ) : null}

      <QuickViews current={filters.view ?? ''} onView={(view) => change({ view })} />

      <FoldingFilters active={activeFilters(filters)}>
        <FilterBar filters={filters} isAdmin={isAdmin} onChange={change} />
      </FoldingFilters>

      <Box role="status" aria-live="polite" aria-atomic="true" css={visuallyHidden}>
        {newBookingsAnnouncement(added)}
      </Box>

      <BoardResults
        board={board}
        fresh={fresh}
        showCompany={isAdmin}
        onPage={(page) => change({ page: String(page) })}
      />
      <Text mt={2} fontSize="xs" color="gray.700">
        {live
          ? 'The board updates as bookings change.'
          : 'The board refreshes itself every 10 seconds.'}
      </Text>
    </section>
  );
}

/** How many of the folded filters narrow the board (the quick views stay in sight). */
function activeFilters(filters: BoardFilters): number {
  const { status, from, to, company_id, q } = filters;
  return [status, from, to, company_id, q].filter(Boolean).length;
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: 0,
} as const;
