import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { BOOKING_STATUSES } from '../../../../domain/booking-lifecycle';
import { useCompanies } from '../../../api/get-companies';
import { TextField } from '../../../components/form/fields';
import { SelectField } from '../../../components/form/select-field';
import { LoadingBlock } from '../../../components/loading-block';
import { OPERATOR_ROUTES } from '../../../config/routes';
import { useExportBookingsCsv } from '../api/export-bookings-csv';
import { useBoard } from '../api/get-board';
import { newBookingsAnnouncement, useNewBookings } from '../hooks/use-new-bookings';
import {
  pageCount,
  readFilters,
  withFilters,
  type BoardFilters,
  type FilterName,
} from '../lib/board-filters';
import { statusLabel } from '../lib/format';
import { BoardTable } from './board-table';
import { AlertMessage, ErrorPanel } from './error-panel';
import { useOperator } from './operator-layout';
import { Pager } from './table-parts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CONSOLE_TITLE } from './console-title';

/** The quick views, each a `view` of the API (All sends none). */
const QUICK_VIEWS = [
  { view: '', label: 'All' },
  { view: 'today', label: 'Today' },
  { view: 'upcoming', label: 'Upcoming' },
  { view: 'needs_action', label: 'Needs action' },
] as const;

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...BOOKING_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

/** A whole date a dispatcher might mean: Chromium's date field passes '0002-11-20' mid-typing. */
function wholeDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && year >= 2000 && year <= 2100;
}

/**
 * A date filter that applies only a whole date (or none): typing a year digit by digit must not
 * filter, and re-render the field, at every key.
 */
function DateFilter({
  id,
  label,
  value,
  onDate,
}: {
  id: string;
  label: string;
  value: string;
  onDate: (date: string) => void;
}) {
  const [typed, setTyped] = useState({ from: value, text: value });
  // The URL changed under the field (a quick view, Back): show what it now holds.
  const text = typed.from === value ? typed.text : value;
  return (
    <TextField
      id={id}
      label={label}
      type="date"
      value={text}
      onValueChange={(next) => {
        setTyped({ from: value, text: next });
        if (next === '' || wholeDate(next)) onDate(next);
      }}
    />
  );
}

/** Typing in Search asks the server once the operator pauses, not on every key. */
const SEARCH_DELAY_MS = 400;

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // Back or a link changed the URL's search: the box follows it.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  const search = useEffectEvent((q: string) => onSearch(q));
  useEffect(() => {
    const q = text.trim();
    if (q === value) return;
    const timer = setTimeout(() => search(q), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <TextField
        id="board-search"
        label="Search"
        type="search"
        value={text}
        onValueChange={setText}
        maxLength={100}
        placeholder="Reference, name, email or phone"
      />
    </form>
  );
}

function Filters({
  filters,
  isAdmin,
  onChange,
}: {
  filters: BoardFilters;
  isAdmin: boolean;
  onChange: (changes: Partial<Record<FilterName, string>>) => void;
}) {
  const companies = useCompanies();
  const companyOptions = [
    { value: '', label: 'All companies' },
    ...(companies.data ?? []).map((company) => ({
      value: String(company.id),
      label: company.company.company_name,
    })),
  ];
  return (
    <Box
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' }}
      gap={4}
      alignItems="end"
      mb={4}
    >
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={filters.status ?? ''}
        onChange={(event) => onChange({ status: event.target.value })}
      />
      <DateFilter
        id="board-from"
        label="From date"
        value={filters.from ?? ''}
        onDate={(from) => onChange({ from })}
      />
      <DateFilter
        id="board-to"
        label="To date"
        value={filters.to ?? ''}
        onDate={(to) => onChange({ to })}
      />
      {isAdmin ? (
        <SelectField
          label="Company"
          options={companyOptions}
          value={filters.company_id ?? ''}
          onChange={(event) => onChange({ company_id: event.target.value })}
        />
      ) : null}
      <SearchBox value={filters.q ?? ''} onSearch={(q) => onChange({ q })} />
    </Box>
  );
}

/**
 * /operator/bookings: the board. Its filters live in the URL; it asks again every 10 seconds
 * and marks the bookings that arrived meanwhile as New, announcing how many.
 */
export function BoardPage() {
  useDocumentTitle(`Bookings — ${CONSOLE_TITLE}`);
  const operator = useOperator();
  const isAdmin = operator.role === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const board = useBoard(filters);
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

  const currentView = filters.view ?? '';
  const data = board.data;

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

      <Flex role="group" aria-label="Quick views" gap={2} mb={4} flexWrap="wrap">
        {QUICK_VIEWS.map(({ view, label }) => (
          <Button
            key={label}
            type="button"
            size="sm"
            variant={currentView === view ? 'solid' : 'outline'}
            colorPalette="brand"
            aria-pressed={currentView === view}
            onClick={() => change({ view })}
          >
            {label}
          </Button>
        ))}
      </Flex>

      <Filters filters={filters} isAdmin={isAdmin} onChange={change} />

      <Box role="status" aria-live="polite" aria-atomic="true" css={visuallyHidden}>
        {newBookingsAnnouncement(added)}
      </Box>

      {board.isPending ? (
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
            <BoardTable rows={data.data} fresh={fresh} showCompany={isAdmin} />
          )}
          <Text mt={3} fontSize="sm" color="gray.700">
            {data.total === 1 ? '1 booking' : `${data.total.toLocaleString('en-GB')} bookings`}
          </Text>
          <Pager
            label="Bookings pages"
            page={data.page}
            pageCount={pageCount(data.total, data.per_page)}
            onPage={(page) => change({ page: String(page) })}
          />
        </>
      ) : null}
      <Text mt={2} fontSize="xs" color="gray.700">
        The board refreshes itself every 10 seconds.
      </Text>
    </section>
  );
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
