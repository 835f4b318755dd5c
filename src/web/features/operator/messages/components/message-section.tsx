import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import type { MessageTemplateEntry } from '../../../../../contract/operator-messages';
import { smsLengthWords } from '../../../../../domain/passenger-messages';
import { TextAreaField, TextField } from '../../../../components/form/fields';
import { AlertMessage } from '../../../../components/status-panels';
import { formatUkMoment } from '../../../../lib/format-uk-moment';
import { useMessagePreview } from '../api/preview-message';
import { MESSAGE_FIELD_LABELS, useMessageForm } from '../hooks/use-message-form';

/** Who changed the wording and when, or that it is the default. */
function savedLine(entry: MessageTemplateEntry): string {
  if (entry.is_default || !entry.updated_at) return 'The default wording.';
  const by = entry.updated_by ? ` by ${entry.updated_by}` : '';
  return `Changed${by} on ${formatUkMoment(entry.updated_at)}.`;
}

/** One event: its fields, the live preview and the text's length, Save and Reset to default. */
export function MessageSection({ entry }: { entry: MessageTemplateEntry }) {
  const message = useMessageForm(entry);
  const { hasMail, field } = message;
  const id = `message-${entry.event}`;
  return (
    <Box
      as="section"
      aria-labelledby={`${id}-heading`}
      borderWidth="1px"
      borderColor="gray.200"
      bg="white"
      rounded="md"
      px={{ base: 4, md: 6 }}
      py={4}
    >
      <Heading as="h2" size="lg" id={`${id}-heading`} color="gray.900">
        {entry.label}
      </Heading>
      <Text fontSize="sm" color="gray.700" mb={3}>
        {hasMail ? savedLine(entry) : `${savedLine(entry)} Sent by text message only.`}
      </Text>
      <form
        noValidate
        aria-labelledby={`${id}-heading`}
        onSubmit={(event) => void message.submit(event)}
      >
        {message.failure ? <AlertMessage>{message.failure}</AlertMessage> : null}
        <Flex gap={6} direction={{ base: 'column', lg: 'row' }}>
          <Box flex="1">
            {hasMail ? (
              <>
                <TextField
                  id={`${id}-subject`}
                  label={MESSAGE_FIELD_LABELS.subject}
                  autoComplete="off"
                  {...field('subject')}
                />
                <TextAreaField
                  id={`${id}-intro`}
                  label={MESSAGE_FIELD_LABELS.intro}
                  rows={3}
                  {...field('intro')}
                />
              </>
            ) : null}
            <TextAreaField
              id={`${id}-sms`}
              label={MESSAGE_FIELD_LABELS.sms}
              rows={3}
              {...field('sms')}
            />
          </Box>
          <MessagePreviewPanel entry={entry} words={message.previewWords} id={id} />
        </Flex>
        <Flex gap={3} mt={4} alignItems="center" flexWrap="wrap">
          <Button type="submit" colorPalette="brand" loading={message.saving}>
            Save
          </Button>
          <Button
            type="button"
            variant="outline"
            loading={message.resetting}
            disabled={entry.is_default}
            onClick={() => void message.resetToDefault().catch(() => undefined)}
          >
            Reset to default
          </Button>
          <Box role="status" aria-live="polite">
            {message.notice ? <Text color="green.800">{message.notice}</Text> : null}
          </Box>
        </Flex>
      </form>
    </Box>
  );
}

/** The words filled in with the sample booking, and the text's length in SMS parts. */
function MessagePreviewPanel(props: {
  entry: MessageTemplateEntry;
  words: Parameters<typeof useMessagePreview>[1];
  id: string;
}) {
  const preview = useMessagePreview(props.entry.event, props.words);
  const shown = preview.data;
  return (
    <Box
      flex="1"
      role="region"
      aria-label={`Preview: ${props.entry.label}`}
      bg="gray.50"
      rounded="md"
      p={4}
    >
      <Heading as="h3" size="sm" mb={2}>
        Preview with a sample booking
      </Heading>
      {preview.isError ? <Text color="red.700">{preview.error.message}</Text> : null}
      {shown?.subject ? (
        <Text mb={1}>
          <strong>Subject:</strong> {shown.subject}
        </Text>
      ) : null}
      {shown?.intro ? <Text mb={3}>{shown.intro}</Text> : null}
      {shown ? (
        <>
          <Text mb={1}>
            <strong>Text message:</strong> {shown.sms}
          </Text>
          <Text id={`${props.id}-length`} fontSize="sm" color="gray.700">
            {smsLengthWords({ characters: shown.sms_characters, parts: shown.sms_parts })}
          </Text>
        </>
      ) : (
        <Text color="gray.700">Filling in the sample booking…</Text>
      )}
    </Box>
  );
}
