import { Box } from '@chakra-ui/react';

/** Said over a screen showing what this device kept, offline: the copy and its age. */
export function DeviceCopyNotice({ lastUpdated }: { lastUpdated: string }) {
  return (
    <Box
      role="status"
      mb={4}
      px={3}
      py={2}
      rounded="md"
      borderWidth="1px"
      borderColor="orange.300"
      bg="orange.50"
      color="gray.900"
      fontSize="sm"
    >
      You are seeing the copy saved on this device. Last updated {lastUpdated}
    </Box>
  );
}
