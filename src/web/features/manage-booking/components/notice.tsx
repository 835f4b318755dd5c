import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A bordered line of news on the booking page, coloured by what kind of news it is. */
export function Notice({
  tone,
  children,
}: {
  tone: 'info' | 'error' | 'success';
  children: ReactNode;
}) {
  const colours = {
    info: { borderColor: 'orange.300', bg: 'orange.50', color: 'gray.900' },
    error: { borderColor: 'red.300', bg: 'red.50', color: 'red.800' },
    success: { borderColor: 'green.300', bg: 'green.50', color: 'green.900' },
  }[tone];
  return (
    <Box borderWidth="1px" rounded="md" px={4} py={3} {...colours}>
      {children}
    </Box>
  );
}
