import { Box, Button, chakra, Container, Heading, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { QUERY_REASONS } from '../../../../contract/submissions';
import { SUBMISSION_MESSAGES } from '../../../../domain/messages';
import { useSettings } from '../../../api/get-settings';
import { AlertDialog } from '../../../components/alert-dialog';
import { ContactCards } from '../../../components/contact-cards';
import { OutboxList } from '../../../components/outbox-list';
import { errorProps, Field, NativeSelect, TextInput } from '../../../components/quote-form/fields';
import { ApiError } from '../../../lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  CONTACT_FIELDS,
  CONTACT_LABELS as LABELS,
  EMPTY_CONTACT,
  serverErrors,
  toContactRequest,
  validateContact,
  type ContactErrors,
  type ContactField,
  type QueryReason,
} from '../lib/contact-form';

type Dialog = { open: boolean; title: string; message: string };

const CLOSED: Dialog = { open: false, title: '', message: '' };

const Textarea = chakra('textarea', {
  base: {
    display: 'block',
    width: '100%',
    minHeight: '32',
    px: '3',
    py: '2',
    bg: 'white',
    color: 'gray.900',
    fontSize: 'md',
    borderWidth: '1px',
    borderColor: 'gray.400',
    borderRadius: 'md',
    _hover: { borderColor: 'gray.500' },
    _invalid: { borderColor: 'red.600', borderWidth: '2px' },
  },
});

function ContactForm() {
  const send = useSendContactMessage();
  const [values, setValues] = useState(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  // The text stays while the dialog closes, so its fade-out never shows an empty box.
  const [dialog, setDialog] = useState<Dialog>(CLOSED);
  const [queued, setQueued] = useState(false);
  // Controls are found by name when focus has to move to one.
  const formRef = useRef<HTMLFormElement>(null);
  const set = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const focusFirst = (found: ContactErrors) => {
    const first = CONTACT_FIELDS.find((field) => found[field]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = validateContact(values);
    setErrors(found);
    setQueued(false);
    if (CONTACT_FIELDS.some((field) => found[field])) {
      focusFirst(found);
      return;
    }
    try {
      const result = await send.mutateAsync(toContactRequest(values));
      // Sent or safely saved to go later: either way the form has done its job.
      setValues(EMPTY_CONTACT);
      if (result === 'sent') {
        setDialog({
          open: true,
          title: SUBMISSION_MESSAGES.formSubmittedTitle,
          message: SUBMISSION_MESSAGES.formSubmitted,
        });
      } else {
        setQueued(true);
      }
    } catch (error) {
      // The server's own words (its `error` text); what was typed stays for a corrected try.
      const message = error instanceof Error ? error.message : String(error);
      setDialog({ open: true, title: SUBMISSION_MESSAGES.submissionFailedTitle, message });
      if (error instanceof ApiError) setErrors(serverErrors(error.issues));
    }
  };

  const id = (field: ContactField) => `contact-${field}`;
  const input = (
    field: Exclude<ContactField, 'queryReason'>,
    props: { type: string; autoComplete?: string; inputMode?: 'numeric' },
  ) => (
    <Field id={id(field)} label={LABELS[field]} error={errors[field]}>
      <TextInput
        id={id(field)}
        name={field}
        {...props}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        {...errorProps(id(field), errors[field])}
      />
    </Field>
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
          {queued ? (
            <Box
              borderWidth="1px"
              borderRadius="md"
              px={3}
              py={2}
              mb={4}
              borderColor="blue.200"
              bg="blue.50"
              color="blue.900"
            >
              {SUBMISSION_MESSAGES.queuedOffline}
            </Box>
          ) : null}
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
            <Field id={id('comments')} label={LABELS.comments} error={errors.comments}>
              <Textarea
                id={id('comments')}
                name="comments"
                rows={5}
                value={values.comments}
                onChange={(event) => set('comments', event.target.value)}
                {...errorProps(id('comments'), errors.comments)}
              />
            </Field>
          </Box>
        </Box>
        <Box display="flex" justifyContent={{ base: 'stretch', md: 'flex-end' }} mt={6}>
          <Button
            type="submit"
            size="lg"
            colorPalette="brand"
            minW="40"
            w={{ base: 'full', md: 'auto' }}
            disabled={send.isPending}
          >
            {send.isPending ? 'Wait' : 'SUBMIT'}
          </Button>
        </Box>
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
