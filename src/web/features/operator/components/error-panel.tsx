import { Box, Button, Text } from '@chakra-ui/react';

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

/** A message from the server (a refused move, a refused sign-in), announced as it appears. */
export function AlertMessage({ children }: { children: string }) {
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
      {children}
    </Box>
  );
}
