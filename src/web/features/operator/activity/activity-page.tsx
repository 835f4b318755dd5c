import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS } from '../../../../domain/console-activity';
import { LoadingBlock } from '../../../components/loading-block';
import { SelectField } from '../../../components/form/select-field';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DateFilter } from '../components/board-filter-bar';
import { CONSOLE_TITLE } from '../components/console-title';
import { AlertMessage, ErrorPanel } from '../../../components/status-panels';
import { ActivityTable } from './activity-table';
import {
  readActivityFilters,
  useActivity,
  type ActivityFilterName,
  type ActivityFilters,
} from './get-activity';

const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  ...ACTIVITY_KINDS.map((kind) => ({ value: kind, label: ACTIVITY_KIND_LABELS[kind] })),
];

/** Person, kind and dates: what the log is narrowed by. */
function ActivityFilterBar({
  filters,
  people,
  onChange,
}: {
  filters: ActivityFilters;
  people: readonly { id: number; name: string }[];
  onChange: (changes: Partial<Record<ActivityFilterName, string>>) => void;
}) {
  const personOptions = [
    { value: '', label: 'Everyone' },
    ...people.map((person) => ({ value: String(person.id), label: person.name })),
  ];
  return (
    <Box
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }}
      gap={4}
      alignItems="end"
      mb={4}
    >
      <SelectField
        label="Person"
        options={personOptions}
        value={filters.operator_id ?? ''}
        onChange={(event) => onChange({ operator_id: event.target.value })}
      />
      <SelectField
        label="Kind"
        options={KIND_OPTIONS}
        value={filters.kind ?? ''}
        onChange={(event) => onChange({ kind: event.target.value })}
      />
      <DateFilter
        id="activity-from"
        label="From date"
        value={filters.from ?? ''}
        onDate={(from) => onChange({ from })}
      />
      <DateFilter
        id="activity-to"
        label="To date"
        value={filters.to ?? ''}
        onDate={(to) => onChange({ to })}
      />
    </Box>
  );
}

/**
 * /operator/activity (issue 33): every change made in the console, newest first — the admin's
 * whole site, a manager's own company — filtered by person, kind and date; read only.
 */
export function ActivityPage() {
  useDocumentTitle(`Activity — ${CONSOLE_TITLE}`);
  const headingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readActivityFilters(searchParams);
  const activity = useActivity(filters);
  const pages = activity.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);
  // The person filter keeps its choice listed even while that page loads.
  const people = pages[0]?.people ?? [];

  const change = (changes: Partial<Record<ActivityFilterName, string>>) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <section aria-labelledby={headingId}>
      <Heading as="h1" id={headingId} size="2xl" color="gray.900" mb={5}>
        Activity
      </Heading>
      <ActivityFilterBar filters={filters} people={people} onChange={change} />
      {activity.isPending ? (
        <LoadingBlock label="Loading activity…" />
      ) : activity.error instanceof ApiError && activity.error.status === 403 ? (
        // Asking again will not help: the role may not read the log.
        <AlertMessage>{activity.error.message}</AlertMessage>
      ) : activity.isError && entries.length === 0 ? (
        <ErrorPanel
          message={`We could not load the activity. ${activity.error.message}`}
          retrying={activity.isFetching}
          onRetry={() => void activity.refetch()}
        />
      ) : entries.length === 0 ? (
        <Text color="gray.800">
          {Object.keys(filters).length > 0
            ? 'No changes match these filters.'
            : 'Nothing has been changed in the console yet.'}
        </Text>
      ) : (
        <>
          <ActivityTable entries={entries} />
          <Text mt={3} fontSize="sm" color="gray.700" role="status" aria-live="polite">
            {entries.length === 1 ? '1 change shown' : `${entries.length} changes shown`}
            {activity.hasNextPage ? '; older changes follow' : ''}
          </Text>
          {activity.hasNextPage ? (
            <Button
              type="button"
              variant="outline"
              mt={3}
              loading={activity.isFetchingNextPage}
              onClick={() => void activity.fetchNextPage()}
            >
              Show older changes
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
