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
 * Scroll shadows: a shade at each edge the table runs past, so a tablet's reader sees there is
 * more to the side (issue 33). The white covers scroll with the content and hide the shade at
 * an end that is reached; the shades stay with the box.
 */
const SCROLL_SHADOWS = {
  background: [
    'linear-gradient(to right, white 30%, rgba(255,255,255,0)) left center / 2.5rem 100% no-repeat local',
    'linear-gradient(to left, white 30%, rgba(255,255,255,0)) right center / 2.5rem 100% no-repeat local',
    'radial-gradient(farthest-side at 0 50%, rgba(0,0,0,0.3), rgba(0,0,0,0)) left center / 1rem 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,0.3), rgba(0,0,0,0)) right center / 1rem 100% no-repeat scroll',
  ].join(', '),
  backgroundColor: 'white',
} as const;

/**
 * A table that scrolls sideways inside a labelled, focusable region when the window is too
 * narrow for it (a tablet held upright, zoomed text), with a shade at the edge it runs past;
 * the caption names both.
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
      css={SCROLL_SHADOWS}
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
