import { Heading } from '@chakra-ui/react';
import { DetailRows } from '../../../../components/detail-rows';
import type { SummaryRow } from './summary-text';

/** A block of the quote summary's labelled rows; nothing when there are none. */
export function SummaryRows({ rows }: { rows: readonly SummaryRow[] }) {
  if (rows.length === 0) return null;
  return <DetailRows rows={rows} labelWidth="7rem" />;
}

/** A part of the quote summary: 'Date & Time', 'Options', 'Return Details'. */
export function SummarySubHeading({ children }: { children: string }) {
  return (
    <Heading as="h3" size="sm" mt={4} mb={2} color="gray.900">
      {children}
    </Heading>
  );
}
