import { Box, chakra, Heading } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

export type DetailRow = { label: string; value: string };

/**
 * Label and value pairs as a description list; an empty value shows a dash, so a row never
 * reads as missing. `labelWidth` is the label column's least width (the longest label's).
 */
export function DetailRows({
  rows,
  labelWidth,
}: {
  rows: readonly DetailRow[];
  labelWidth: string;
}) {
  return (
    <chakra.dl
      display="grid"
      gridTemplateColumns={`minmax(${labelWidth}, auto) 1fr`}
      columnGap={3}
      rowGap={1.5}
      fontSize="sm"
    >
      {rows.map((row) => (
        <Box key={row.label} display="contents">
          <chakra.dt fontWeight="semibold" color="gray.700">
            {row.label}
          </chakra.dt>
          <chakra.dd color="gray.900" overflowWrap="anywhere">
            {row.value || '—'}
          </chakra.dd>
        </Box>
      ))}
    </chakra.dl>
  );
}

/** A titled block of details, named by its heading for assistive technology. */
export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box as="section" aria-labelledby={id} mt={5}>
      <Heading as="h3" id={id} size="md" mb={2} color="gray.900">
        {title}
      </Heading>
      {children}
    </Box>
  );
}
