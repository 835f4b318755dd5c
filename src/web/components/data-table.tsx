import { Box, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The cells of the product's data tables (the corporate bookings, the console's board and drivers). */
const cell = {
  px: 2,
  py: 2.5,
  fontSize: 'sm',
  textAlign: 'start',
  verticalAlign: 'top',
  borderBottomWidth: '1px',
  borderColor: 'gray.200',
} as const;

const HeadCell = chakra('th', {
  base: {
    ...cell,
    fontWeight: 'semibold',
    color: 'gray.800',
    bg: 'gray.100',
    borderBottomWidth: '2px',
    borderColor: 'gray.300',
    verticalAlign: 'bottom',
  },
});
export const RowHead = chakra('th', {
  base: { ...cell, fontWeight: 'semibold', color: 'gray.900', whiteSpace: 'nowrap' },
});
export const Cell = chakra('td', { base: { ...cell, color: 'gray.900' } });
export const NoWrapCell = chakra('td', {
  base: { ...cell, color: 'gray.900', whiteSpace: 'nowrap' },
});
export const AddressCell = chakra('td', { base: { ...cell, color: 'gray.900', minW: '8rem' } });

/**
 * A table that scrolls sideways inside a labelled, focusable region when the window is too
 * narrow for it (a tablet held upright, zoomed text); the caption names both.
 */
export function ScrollTable({
  captionId,
  caption,
  minW,
  columns,
  children,
}: {
  captionId: string;
  caption: string;
  minW: string;
  /** The column headings, in order. */
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <Box
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      overflowX="auto"
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      borderRadius="md"
    >
      <chakra.table w="full" minW={minW} borderCollapse="collapse">
        <chakra.caption
          id={captionId}
          captionSide="top"
          textAlign="start"
          px={3}
          py={2}
          fontSize="sm"
          color="gray.700"
        >
          {caption}
        </chakra.caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <HeadCell key={column} scope="col">
                {column}
              </HeadCell>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </chakra.table>
    </Box>
  );
}
