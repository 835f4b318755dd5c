import { Box } from '@chakra-ui/react';
import { OFFLINE_PRICE_MESSAGE } from './use-submit-quote';

/**
 * Problems no single field shows, and the calm note that a price needs a connection. The live
 * region is always there (empty, no height), so screen readers announce the note when it appears.
 */
export function FormMessages({ messages, offline }: { messages: string[]; offline: boolean }) {
  return (
    <>
      {messages.length > 0 ? (
        <Box
          role="alert"
          borderWidth="1px"
          borderColor="red.300"
          bg="red.50"
          color="red.800"
          borderRadius="md"
          px="3"
          py="2"
          mb="3"
        >
          {messages.map((message) => (
            <Box key={message}>{message}</Box>
          ))}
        </Box>
      ) : null}
      <Box role="status" aria-live="polite">
        {offline ? (
          <Box
            borderWidth="1px"
            borderColor="blue.200"
            bg="blue.50"
            color="blue.900"
            borderRadius="md"
            px="3"
            py="2"
            mb="3"
          >
            {OFFLINE_PRICE_MESSAGE}
          </Box>
        ) : null}
      </Box>
    </>
  );
}
