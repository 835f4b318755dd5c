import { Box, Spinner, Text } from '@chakra-ui/react';
import { MESSAGES } from '../../../../domain/messages';

/** Covers the page while a price is fetched: 'Please wait while loading price...'. */
export function PriceLoadingOverlay() {
  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      inset={0}
      zIndex="overlay"
      bg="whiteAlpha.900"
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      gap={4}
    >
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
      <Text fontSize="lg" color="gray.900" fontWeight="medium">
        {MESSAGES.loadingPrice}
      </Text>
    </Box>
  );
}

/** Blocks the vehicle cards while the search is being edited. */
export function EditingOverlay() {
  return (
    <Box
      role="status"
      aria-live="polite"
      position="absolute"
      inset={0}
      zIndex="docked"
      bg="whiteAlpha.900"
      display="flex"
      alignItems="flex-start"
      justifyContent="center"
      pt={16}
      rounded="lg"
    >
      <Text
        fontSize="lg"
        fontWeight="semibold"
        color="gray.900"
        bg="white"
        px={5}
        py={3}
        rounded="md"
        shadow="md"
      >
        {MESSAGES.completeEditing}
      </Text>
    </Box>
  );
}
