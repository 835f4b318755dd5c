import { Box, Spinner } from '@chakra-ui/react';

/** Shown in the main area while a page's code loads; keeps the footer from jumping up. */
export function RouteFallback() {
  return (
    <Box minH="60vh" display="flex" alignItems="center" justifyContent="center">
      <Spinner size="lg" color="brand.solid" aria-label="Loading page" />
    </Box>
  );
}
