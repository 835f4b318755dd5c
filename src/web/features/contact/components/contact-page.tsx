import { Box, chakra, Container, Heading, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { SUBMISSION_MESSAGES } from '../../../../domain/messages';
import { useSettings } from '../../../api/get-settings';
import { AlertDialog } from '../../../components/alert-dialog';
import { ContactCards } from '../../../components/contact-cards';
import { FormNotices, type FormNotice } from '../../../components/form/form-notices';
import { FormSubmitBar } from '../../../components/form/form-submit-bar';
import { OutboxList } from '../../../components/outbox-list';
import { useOutboxForm } from '../../../offline/use-outbox-form';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  CONTACT_FIELDS,
  CONTACT_LABELS as LABELS,
  contactFormSchema,
  EMPTY_CONTACT,
  toContactRequest,
} from '../lib/contact-form';
import { ContactFields } from './contact-fields';

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
        <ContactFields field={field} />
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
