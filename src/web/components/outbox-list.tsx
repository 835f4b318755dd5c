import { Box, Button, Heading, List, Text } from '@chakra-ui/react';
import type { OutboxKind } from '../offline/db';
import { dismissRefusedSubmissions } from '../offline/outbox';
import { useOutbox } from '../offline/use-outbox';

const KIND_LABELS: Record<OutboxKind, string> = {
  'quote-now': 'Quote request',
  'contact-us': 'Contact message',
};

const savedFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Contact message, saved 21 Nov 2026, 14:05' (the visitor's own clock and zone). */
export function outboxItemText(kind: OutboxKind, createdAt: number): string {
  return `${KIND_LABELS[kind]}, saved ${savedFormat.format(new Date(createdAt))}`;
}

/**
 * The submissions saved offline and not yet delivered, and those the server refused when they
 * were replayed, with its reason, until the visitor dismisses them. Renders nothing when both
 * are empty.
 */
export function OutboxList() {
  const { pending, refused } = useOutbox();
  if (pending.length === 0 && refused.length === 0) return null;
  const dismiss = () => {
    dismissRefusedSubmissions(refused.map((item) => item.id)).catch((error: unknown) =>
      console.error('Could not dismiss the refused submissions', error),
    );
  };
  return (
    <Box
      as="section"
      aria-labelledby="outbox-heading"
      mt={8}
      layerStyle="card"
      p={{ base: 4, md: 5 }}
    >
      <Heading as="h2" id="outbox-heading" size="md" mb={2} color="gray.900">
        Waiting to send
      </Heading>
      {pending.length > 0 ? (
        <>
          <List.Root ps={5} color="gray.800">
            {pending.map((item) => (
              <List.Item key={item.id}>{outboxItemText(item.kind, item.createdAt)}</List.Item>
            ))}
          </List.Root>
          <Text fontSize="sm" color="gray.700" mt={2}>
            These are sent automatically when you are back online.
          </Text>
        </>
      ) : (
        <Text color="gray.700">Nothing is waiting.</Text>
      )}
      {refused.length > 0 ? (
        <Box
          role="alert"
          mt={4}
          borderWidth="1px"
          borderColor="red.300"
          bg="red.50"
          color="red.800"
          borderRadius="md"
          px={3}
          py={2}
        >
          <List.Root ps={5}>
            {refused.map((item) => (
              <List.Item key={item.id}>
                {outboxItemText(item.kind, item.createdAt)}, was not sent: {item.lastError}
              </List.Item>
            ))}
          </List.Root>
          <Button size="xs" variant="outline" mt={2} onClick={dismiss}>
            Dismiss
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
