import { Box, chakra, Container, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { QUERY_REASONS } from '../../../../contract/submissions';
import { SUBMISSION_MESSAGES } from '../../../../domain/messages';
import { useSettings } from '../../../api/get-settings';
import { AlertDialog } from '../../../components/alert-dialog';
import { ContactCards } from '../../../components/contact-cards';
import { NoticeBox } from '../../../components/form/form-notices';
import { FormSubmitBar } from '../../../components/form/form-submit-bar';
import { OutboxList } from '../../../components/outbox-list';
import {
  errorProps,
  Field,
  NativeSelect,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';
import { useOutboxForm } from '../../../offline/use-outbox-form';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  CONTACT_FIELDS,
  CONTACT_LABELS as LABELS,
  EMPTY_CONTACT,
  serverErrors,
  toContactRequest,
  validateContact,
  type ContactField,
  type QueryReason,
} from '../lib/contact-form';

type Dialog = { open: boolean; title: string; message: string };

const CLOSED: Dialog = { open: false, title: '', message: '' };

function ContactForm() {
  const send = useSendContactMessage();
  // The text stays while the dialog closes, so its fade-out never shows an empty box.
  const [dialog, setDialog] = useState<Dialog>(CLOSED);
  const [queued, setQueued] = useState(false);
  const { values, errors, set, formRef, submit } = useOutboxForm({
    initial: EMPTY_CONTACT,
    empty: EMPTY_CONTACT,
    fields: CONTACT_FIELDS,
    send: (current) => send.mutateAsync(toContactRequest(current)),
    busy: send.isPending,
    serverErrors,
  });

  const onSubmit = submit({
    validate: validateContact,
    onStart: () => setQueued(false),
    onDone: (result) => {
      if (result === 'sent') {
        setDialog({
          open: true,
          title: SUBMISSION_MESSAGES.formSubmittedTitle,
          message: SUBMISSION_MESSAGES.formSubmitted,
        });
      } else {
        setQueued(true);
      }
    },
    onFailed: (error) => {
      // The server's own words (its `error` text); what was typed stays for a corrected try.
      const message = error instanceof Error ? error.message : String(error);
      setDialog({ open: true, title: SUBMISSION_MESSAGES.submissionFailedTitle, message });
    },
    focusServerErrors: false,
  });

  const id = (field: ContactField) => `contact-${field}`;
  const input = (
    field: Exclude<ContactField, 'queryReason'>,
    props: { type: string; autoComplete?: string; inputMode?: 'numeric' },
  ) => (
    <TextField
      id={id(field)}
      label={LABELS[field]}
      error={errors[field]}
      name={field}
      {...props}
      value={values[field]}
      onValueChange={(value) => set(field, value)}
    />
  );

  return (
    <>
      <chakra.form
        ref={formRef}
        noValidate
        aria-label="Contact Us"
        aria-busy={send.isPending}
        onSubmit={(event) => void onSubmit(event)}
        layerStyle="card"
        p={{ base: 4, md: 6 }}
      >
        <Box role="status" aria-live="polite">
          {queued ? <NoticeBox tone="queued">{SUBMISSION_MESSAGES.queuedOffline}</NoticeBox> : null}
        </Box>
        <Box
          display="grid"
          gap={4}
          gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }}
        >
          {input('firstName', { type: 'text', autoComplete: 'given-name' })}
          {input('lastName', { type: 'text', autoComplete: 'family-name' })}
          {input('email', { type: 'email', autoComplete: 'email' })}
          {input('telephone', { type: 'tel', autoComplete: 'tel', inputMode: 'numeric' })}
          <Field id={id('queryReason')} label={LABELS.queryReason} error={errors.queryReason}>
            <NativeSelect
              id={id('queryReason')}
              name="queryReason"
              value={values.queryReason}
              onChange={(event) => set('queryReason', event.target.value as QueryReason)}
              {...errorProps(id('queryReason'), errors.queryReason)}
            >
              {QUERY_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {input('bookingNumber', { type: 'text', inputMode: 'numeric' })}
          <Box gridColumn={{ md: 'span 2' }}>
            <TextAreaField
              id={id('comments')}
              label={LABELS.comments}
              error={errors.comments}
              name="comments"
              rows={5}
              value={values.comments}
              onValueChange={(value) => set('comments', value)}
            />
          </Box>
        </Box>
        <FormSubmitBar busy={send.isPending} label="SUBMIT" busyLabel="Wait" />
      </chakra.form>
      <AlertDialog
        open={dialog.open}
        title={dialog.title}
        message={dialog.message}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </>
  );
}

/**
 * /contactus (spec section 2, Contact Us page): a message to the operator with a reason and,
 * for a booking, its number. Offline, the message is saved and goes when the connection
 * returns.
 */
export function ContactPage() {
  const { settings } = useSettings();
  return (
    <Container maxW="4xl" py={{ base: 8, md: 12 }}>
      <Heading as="h1" size="3xl" mb={2} color="gray.900">
        Contact Us
      </Heading>
      <Text color="gray.700" mb={6}>
        Questions about a booking, an invoice or something left in a car? Send us a message and we
        will reply by email.
      </Text>
      <ContactForm />
      <OutboxList />
      <Box as="section" aria-labelledby="contact-ways-heading" mt={12}>
        <Heading as="h2" id="contact-ways-heading" size="xl" mb={4} color="gray.900">
          Other ways to reach us
        </Heading>
        <ContactCards settings={settings} />
      </Box>
    </Container>
  );
}
