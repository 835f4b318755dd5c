import { Box, Button, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * Chakra-built messages for the screens inside Chakra's scope (the console, the driver app, the
 * account pages): a failed load with Try again, and a refusal announced as it appears.
 */

/** A failed load, announced, with a way to try again. */
export function ErrorPanel({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" p={4} rounded="md">
      <Text color="red.800" mb={3}>
        {message}
      </Text>
      <Button type="button" variant="outline" loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}

/** A message from the server (a refused sign-in, a refused press), announced as it appears. */
export function AlertMessage({ children, action }: { children: string; action?: ReactNode }) {
  return (
    <Box
      role="alert"
      borderWidth="1px"
      borderColor="red.300"
      bg="red.50"
      color="red.800"
      px={4}
      py={3}
      rounded="md"
    >
      <Text>{children}</Text>
      {action ? <Box mt={2}>{action}</Box> : null}
    </Box>
  );
}
