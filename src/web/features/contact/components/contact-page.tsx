import { Box, chakra, Container, Heading, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { QUERY_REASONS } from '../../../../contract/submissions';
import { SUBMISSION_MESSAGES } from '../../../../domain/messages';
import { useSettings } from '../../../api/get-settings';
import { AlertDialog } from '../../../components/alert-dialog';
import { ContactCards } from '../../../components/contact-cards';
import { FormNotices, type FormNotice } from '../../../components/form/form-notices';
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
  contactFormSchema,
  EMPTY_CONTACT,
  toContactRequest,
  type ContactField,
} from '../lib/contact-form';

/** A 400's issue on a request field shows under the field of that name. */
const fieldOfPath = (path: string) => CONTACT_FIELDS.find((name) => name === path);

type Dialog = { open: boolean; title: string; message: string };

const CLOSED: Dialog = { open: false, title: '', message: '' };

function ContactForm() {
  const send = useSendContactMessage();
  // The text stays while the dialog closes, so its fade-out never shows an empty box.
  const [dialog, setDialog] = useState<Dialog>(CLOSED);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const { field, submit } = useOutboxForm({
    initial: EMPTY_CONTACT,
    empty: EMPTY_CONTACT,
    resolver: zodResolver(contactFormSchema),
    send: (current) => send.mutateAsync(toContactRequest(current)),
    busy: send.isPending,
    // The dialog shows the failure and holds focus, not the field.
    issues: { fieldOf: fieldOfPath, labels: LABELS, order: CONTACT_FIELDS, focus: false },
  });

  const onSubmit = submit({
    onStart: () => setNotice(null),
    onDone: (result) => {
      if (result.status === 'sent') {
        setDialog({
          open: true,
          title: SUBMISSION_MESSAGES.formSubmittedTitle,
          message: SUBMISSION_MESSAGES.formSubmitted,
        });
      } else {
        setNotice({
          tone: 'queued',
          text: SUBMISSION_MESSAGES.queuedOffline,
          idempotencyKey: result.idempotencyKey,
          sentText: SUBMISSION_MESSAGES.formSubmitted,
        });
      }
    },
    onFailed: (error) => {
      // The server's own words (its `error` text); what was typed stays for a corrected try.
      const message = error instanceof Error ? error.message : String(error);
      setDialog({ open: true, title: SUBMISSION_MESSAGES.submissionFailedTitle, message });
    },
  });

  const id = (field: ContactField) => `contact-${field}`;
  const input = (
    name: Exclude<ContactField, 'queryReason'>,
    props: { type: string; autoComplete?: string; inputMode?: 'numeric' },
  ) => <TextField id={id(name)} label={LABELS[name]} {...props} {...field(name)} />;

  const { ref: reasonRef, ...reason } = field('queryReason');

  return (
    <>
      <chakra.form
        noValidate
        aria-label="Contact Us"
        aria-busy={send.isPending}
        onSubmit={(event) => void onSubmit(event)}
        layerStyle="card"
        p={{ base: 4, md: 6 }}
      >
        <FormNotices notice={notice} />
        <Box
          display="grid"
          gap={4}
          gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }}
        >
          {input('firstName', { type: 'text', autoComplete: 'given-name' })}
          {input('lastName', { type: 'text', autoComplete: 'family-name' })}
          {input('email', { type: 'email', autoComplete: 'email' })}
          {input('telephone', { type: 'tel', autoComplete: 'tel' })}
          <Field id={id('queryReason')} label={LABELS.queryReason} error={reason.error}>
            <NativeSelect
              id={id('queryReason')}
              name={reason.name}
              ref={reasonRef}
              value={reason.value}
              onChange={(event) => reason.onValueChange(event.target.value)}
              {...errorProps(id('queryReason'), reason.error)}
            >
              {QUERY_REASONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {input('bookingNumber', { type: 'text', inputMode: 'numeric' })}
          <Box gridColumn={{ md: 'span 2' }}>
            <TextAreaField
              id={id('comments')}
              label={LABELS.comments}
              rows={5}
              {...field('comments')}
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
