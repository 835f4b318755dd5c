import { Box, HStack, Spinner, Text } from '@chakra-ui/react';
import { createPortal } from 'react-dom';
import { MESSAGES } from '../../../domain/messages';

/** The labels the spec's price-loading screen shows (section 2). */
export const PRICE_LOADING_LABELS = [
  'Lowest Price',
  'Multiple Companies',
  'Cheapest Price of a Company',
] as const;

/** Full-screen cover while the prices are fetched; it also blocks a second submit. */
export function PriceLoadingOverlay() {
  // On the body, so a fixed cover is never clipped by a transformed parent (e.g. a dialog).
  return createPortal(
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      inset={0}
      // Above modals too: the results page's change-search popup runs the same submit.
      zIndex="popover"
      bg="whiteAlpha.950"
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      gap={5}
      px={6}
      textAlign="center"
      color="gray.800"
    >
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
      <Text fontSize="xl" fontWeight="semibold" color="gray.900">
        {MESSAGES.fetchingPrices}
      </Text>
      <HStack as="ul" listStyleType="none" gap={3} flexWrap="wrap" justifyContent="center">
        {PRICE_LOADING_LABELS.map((label) => (
          <Box
            as="li"
            key={label}
            px={3}
            py={1}
            rounded="full"
            bg="brand.subtle"
            color="brand.fg"
            fontWeight="medium"
          >
            {label}
          </Box>
        ))}
      </HStack>
      <Text>{MESSAGES.loadingPrice}</Text>
    </Box>,
    document.body,
  );
}
