import { Box, chakra, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { ActivityEntry } from '../../../../contract/operator-activity';
import { ACTIVITY_KIND_LABELS, fieldChanges } from '../../../../domain/console-activity';
import { formatUkMoment } from '../lib/format';
import { Cell, NoWrapCell, RowHead, ScrollTable } from '../components/table-parts';

const COLUMNS = ['When', 'Who', 'Kind', 'What', 'Before → after'];

/** A change's values as the fields it touched, one line each: "mobile: 07700 900100 → 07700 900200". */
function Changes({ entry }: { entry: ActivityEntry }) {
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return <Text color="gray.700">No values changed</Text>;
  return (
    <chakra.ul listStyleType="none" p={0} m={0}>
      {changes.map((change) => (
        <chakra.li key={change.field} overflowWrap="anywhere">
          <chakra.span fontWeight="semibold">{change.field}</chakra.span>:{' '}
          <chakra.span color="gray.700">{change.before ?? '—'}</chakra.span> →{' '}
          <chakra.span>{change.after ?? '—'}</chakra.span>
        </chakra.li>
      ))}
    </chakra.ul>
  );
}

/** The activity log's rows, newest first: when, who, what kind, which thing, and what changed. */
export function ActivityTable({ entries }: { entries: readonly ActivityEntry[] }) {
  const captionId = useId();
  return (
    <ScrollTable
      captionId={captionId}
      caption="Changes made in the console, newest first"
      minW="56rem"
      columns={COLUMNS}
    >
      {entries.map((entry) => (
        <Box as="tr" key={entry.id}>
          <RowHead scope="row">{formatUkMoment(entry.at)}</RowHead>
          <NoWrapCell>{entry.operator_name}</NoWrapCell>
          <Cell>{ACTIVITY_KIND_LABELS[entry.kind]}</Cell>
          <Cell minW="10rem">
            <Text fontWeight="semibold">{entry.subject}</Text>
            {entry.summary ? <Text color="gray.700">{entry.summary}</Text> : null}
          </Cell>
          <Cell minW="18rem">
            <Changes entry={entry} />
          </Cell>
        </Box>
      ))}
    </ScrollTable>
  );
}
