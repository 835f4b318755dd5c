import { Box, Code, Flex, Heading, List, Text } from '@chakra-ui/react';
import {
  MESSAGE_PLACEHOLDER_HINTS,
  MESSAGE_PLACEHOLDERS,
} from '../../../../../domain/passenger-messages';
import { LoadingBlock } from '../../../../components/loading-block';
import { ErrorPanel } from '../../../../components/status-panels';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { CONSOLE_TITLE } from '../../components/console-title';
import { useMessages } from '../api/get-messages';
import { MessageSection } from './message-section';

/** /operator/messages (admin, issue 35): what the passenger is told, event by event. */
export function MessagesPage() {
  useDocumentTitle(`Messages — ${CONSOLE_TITLE}`);
  const messages = useMessages();
  return (
    <Box>
      <Heading as="h1" size="2xl" color="gray.900" mb={2}>
        Messages
      </Heading>
      <Text color="gray.700" mb={4} maxW="48rem">
        What passengers are told at each step: the mail’s subject and opening paragraph, and the
        text message. The preview fills them in with a sample booking. A saved change is used from
        the next message on.
      </Text>
      <PlaceholderList />
      {messages.isPending ? <LoadingBlock label="Loading the messages…" /> : null}
      {messages.isError ? (
        <ErrorPanel
          message={messages.error.message}
          retrying={messages.isFetching}
          onRetry={() => void messages.refetch()}
        />
      ) : null}
      <Flex direction="column" gap={6}>
        {messages.data?.map((entry) => (
          <MessageSection key={entry.event} entry={entry} />
        ))}
      </Flex>
    </Box>
  );
}

function PlaceholderList() {
  return (
    <Box mb={6} maxW="48rem">
      <Heading as="h2" size="md" id="placeholders-heading" mb={1}>
        Placeholders
      </Heading>
      <Text color="gray.700" mb={2}>
        Type one in braces and it is filled in for each booking; anything else in braces is refused.
      </Text>
      <List.Root aria-labelledby="placeholders-heading" ps={5}>
        {MESSAGE_PLACEHOLDERS.map((name) => (
          <List.Item key={name}>
            <Code>{`{${name}}`}</Code>: {MESSAGE_PLACEHOLDER_HINTS[name]}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
