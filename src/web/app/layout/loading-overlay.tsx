import { Box, Spinner, Text } from '@chakra-ui/react';
import { MESSAGES } from '../../../domain/messages';

/** Full-screen cover while the first settings load runs with nothing cached (spec section 2). */
export function LoadingOverlay() {
  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      inset={0}
      zIndex="overlay"
      bg="white"
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      gap={4}
    >
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
      <Text fontSize="lg" color="gray.800">
        {MESSAGES.loadingContent}
      </Text>
    </Box>
  );
}
