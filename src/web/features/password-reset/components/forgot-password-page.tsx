import { Container, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { FormNotices } from '../../../components/form/form-notices';
import { ROUTES } from '../../../config/routes';
import { usePasswordReset } from '../hooks/use-password-reset';
import type { Step } from '../lib/reset-form';
import { CodeStepForm, EmailStepForm, PasswordStepForm } from './reset-step-forms';

/** What the page asks on each step. */
function stepIntro(step: Step, email: string): string {
  if (step === 'email') return 'Enter the email you book with and we will send you a reset code.';
  if (step === 'code') {
    return `Enter the 6-digit code we sent to ${email.trim()}. It is valid for 10 minutes.`;
  }
  if (step === 'password') return 'Choose a new password of at least 8 characters.';
  return 'Taking you back to your booking…';
}

/**
 * /forgot_password (spec: Forgot password, three steps): send a code to the email, verify it,
 * then choose a new password; afterwards the visitor returns to the personal details step.
 */
export function ForgotPasswordPage({
  savedEmail,
}: {
  /** The email of the booking in progress, which app/ reads from the drafts; may come late. */
  savedEmail: string | undefined;
}) {
  const reset = usePasswordReset(savedEmail);
  const { step, field } = reset;

  return (
    <Container maxW="lg" py={{ base: 8, md: 14 }}>
      <Heading as="h1" size="3xl" mb={2} color="gray.900">
        Forgot Password
      </Heading>
      <Text color="gray.700" mb={6}>
        {stepIntro(step, reset.email)}
      </Text>
      <FormNotices notice={reset.notice} />

      {step === 'email' ? (
        <EmailStepForm field={field} onSubmit={reset.submitEmail} pending={reset.sending} />
      ) : null}

      {step === 'code' ? (
        <CodeStepForm
          field={field}
          onSubmit={reset.submitCode}
          pending={reset.verifying}
          onBack={reset.backToEmail}
        />
      ) : null}

      {step === 'password' ? (
        <PasswordStepForm field={field} onSubmit={reset.submitPassword} pending={reset.resetting} />
      ) : null}

      <Link asChild color="brand.fg" fontWeight="medium" mt={8} display="inline-block">
        <RouterLink to={ROUTES.personalDetails}>Back To Personal Detail</RouterLink>
      </Link>
    </Container>
  );
}
