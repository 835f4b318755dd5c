import { Container, Flex, Heading, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { REGISTRATION_LIMITS } from '../../../../domain/registration';
import { TextField } from '../../../components/form/fields';
import { FormNotices, type FormNotice } from '../../../components/form/form-notices';
import { FormSubmitBar } from '../../../components/form/form-submit-bar';
import { manageBookingPath } from '../../../config/routes';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { setFieldIssues } from '../../../lib/field-issues';
import { emailRule, textRule } from '../../../lib/form-rules';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTextFields } from '../../../lib/use-text-fields';
import { useLookupBooking } from '../api/lookup-booking';

/** Prefills Reference ID, e.g. from the booking page when this device holds no token for it. */
export const REFERENCE_PARAM = 'reference';

const lookupSchema = z.object({
  booking_number: textRule((text) => (text.trim() ? undefined : 'Enter your Reference ID')),
  email: emailRule('Enter your Email', 'Enter a valid Email, like name@example.com'),
});
type LookupValues = z.infer<typeof lookupSchema>;

const LABELS = { booking_number: 'Reference ID', email: 'Email' } as const;

/**
 * /manage-booking (issue 22): a passenger finds their booking by its reference and the email it
 * was made with. The token the server answers is kept on this device, and the booking opens.
 * A failure keeps what was typed.
 */
export function LookupPage() {
  useDocumentTitle('Manage your booking');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const lookup = useLookupBooking();
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const form = useForm<LookupValues>({
    defaultValues: { booking_number: searchParams.get(REFERENCE_PARAM) ?? '', email: '' },
    resolver: zodResolver(lookupSchema),
    reValidateMode: 'onSubmit',
  });
  const { field } = useTextFields(form, { clearOnChange: false });

  const find = async ({ booking_number, email }: LookupValues) => {
    setNotice(null);
    try {
      const answer = await lookup.mutateAsync({
        booking_number: booking_number.trim(),
        email: email.trim(),
      });
      void navigate(manageBookingPath(answer.booking.booking_number));
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        const rest = setFieldIssues(form.setError, error.issues, {
          fieldOf: (path) => (path === 'booking_number' || path === 'email' ? path : undefined),
          labels: LABELS,
          order: ['booking_number', 'email'],
        });
        if (rest.length === 0) return;
      }
      // The server's own words: the same for an unknown reference and a wrong email (404),
      // and for too many tries (429).
      setNotice({
        tone: 'error',
        text: error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE,
      });
    }
  };

  return (
    <Container maxW="lg" py={{ base: 8, md: 14 }}>
      <Heading as="h1" size="3xl" mb={2} color="gray.900">
        Manage your booking
      </Heading>
      <Text color="gray.700" mb={6}>
        Enter the reference from your confirmation email and the email address you booked with. You
        can then see your booking, change it, cancel it or download a receipt.
      </Text>
      <FormNotices notice={notice} />
      <form
        noValidate
        aria-label="Find your booking"
        onSubmit={(event) => void form.handleSubmit(find)(event)}
      >
        <Flex direction="column" gap={4}>
          <TextField
            id="lookup-reference"
            label={LABELS.booking_number}
            {...field('booking_number')}
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={32}
          />
          <TextField
            id="lookup-email"
            label={LABELS.email}
            {...field('email')}
            type="email"
            autoComplete="email"
            required
            maxLength={REGISTRATION_LIMITS.emailMax}
          />
        </Flex>
        <FormSubmitBar busy={lookup.isPending} label="Find my booking" busyLabel="Finding…" />
      </form>
    </Container>
  );
}
