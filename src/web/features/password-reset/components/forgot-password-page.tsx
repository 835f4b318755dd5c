import { Button, Container, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { ACCOUNT_MESSAGES } from '../../../../domain/messages';
import { REGISTRATION_LIMITS } from '../../../../domain/registration';
import { useResetPassword, useSendResetCode, useVerifyResetCode } from '../api/password-reset';
import { FormNotices } from '../../../components/form/form-notices';
import { TextField } from '../../../components/form/fields';
import { ROUTES } from '../../../config/routes';
import { emailRule, textRule } from '../../../lib/form-rules';
import { useTextFields } from '../../../lib/use-text-fields';
import { resetFailureText, sendFailureText, verifyFailureText } from '../lib/reset-messages';

/** The spec's alert timer: how long 'Password has been reset successfully' shows. */
export const RESET_REDIRECT_DELAY_MS = 3000;

type Step = 'email' | 'code' | 'password' | 'done';
type Notice = { tone: 'success' | 'error'; text: string };

type ResetValues = { email: string; code: string; newPassword: string; confirmPassword: string };

/** Codes are often pasted as '123 456'. */
const cleanCode = (code: string) => code.replace(/\s+/g, '');

const emailCheck = emailRule(
  'Enter your email address',
  'Enter a valid email address, like name@example.com',
);
const codeCheck = textRule((code) =>
  /^\d{6}$/.test(cleanCode(code)) ? undefined : 'Enter the 6-digit code from the email',
);
const newPasswordCheck = textRule((password) =>
  !password
    ? 'Enter a new password'
    : password.length < REGISTRATION_LIMITS.passwordMin
      ? ACCOUNT_MESSAGES.passwordTooShort
      : undefined,
);
const confirmCheck = textRule((password) => (password ? undefined : 'Confirm the new password'));

/** Each step checks its own fields; the server's password rule (domain) sets the shortest. */
const STEP_SCHEMAS = {
  email: z.object({
    email: emailCheck,
    code: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  }),
  code: z.object({
    email: z.string(),
    code: codeCheck,
    newPassword: z.string(),
    confirmPassword: z.string(),
  }),
  password: z.object({
    email: z.string(),
    code: z.string(),
    newPassword: newPasswordCheck,
    confirmPassword: confirmCheck,
  }),
} satisfies Record<Exclude<Step, 'done'>, z.ZodMiniType<ResetValues>>;

/** The field that takes focus on each step (and when the step's checks fail). */
const FIRST_FIELD = { email: 'email', code: 'code', password: 'newPassword' } as const;

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
  const navigate = useNavigate();
  const sendCode = useSendResetCode();
  const verifyCode = useVerifyResetCode();
  const reset = useResetPassword();
  const [step, setStep] = useState<Step>('email');
  // Focus follows the steps once the visitor has moved between them.
  const [moved, setMoved] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useForm<ResetValues>({
    defaultValues: { email: '', code: '', newPassword: '', confirmPassword: '' },
    resolver: (values, context, options) =>
      step === 'done'
        ? { values, errors: {} }
        : zodResolver(STEP_SCHEMAS[step])(values, context, options),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { field, values, set } = useTextFields(form, { clearOnChange: false });
  const email = values.email;

  // Until typed in, the email is the one given on the personal details step, if any.
  useEffect(() => {
    if (savedEmail && !form.getFieldState('email').isDirty) form.setValue('email', savedEmail);
  }, [savedEmail, form]);

  useEffect(() => {
    if (moved && step !== 'done') form.setFocus(FIRST_FIELD[step]);
  }, [moved, step, form]);

  useEffect(() => {
    if (step !== 'done') return;
    const timer = window.setTimeout(
      () => void navigate(ROUTES.personalDetails),
      RESET_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [step, navigate]);

  const goTo = (next: Step) => {
    form.clearErrors();
    setMoved(true);
    setStep(next);
  };

  /** Runs the shown step's checks, then `send`; a failed check puts focus on the step's field. */
  const onSubmit = (send: (values: ResetValues) => Promise<void>) =>
    form.handleSubmit(send, () => {
      if (step !== 'done') form.setFocus(FIRST_FIELD[step]);
    });

  const submitEmail = onSubmit(async ({ email }) => {
    setNotice(null);
    try {
      await sendCode.mutateAsync(email.trim());
      set('code', '');
      setNotice({ tone: 'success', text: ACCOUNT_MESSAGES.codeSent });
      goTo('code');
    } catch (error) {
      setNotice({ tone: 'error', text: sendFailureText(error) });
    }
  });

  const submitCode = onSubmit(async ({ email, code }) => {
    setNotice(null);
    try {
      await verifyCode.mutateAsync({ email: email.trim(), code: cleanCode(code) });
      setNotice({ tone: 'success', text: ACCOUNT_MESSAGES.codeVerified });
      goTo('password');
    } catch (error) {
      setNotice({ tone: 'error', text: verifyFailureText(error) });
    }
  });

  const submitPassword = onSubmit(async ({ email, code, newPassword, confirmPassword }) => {
    if (newPassword !== confirmPassword) {
      setNotice({ tone: 'error', text: ACCOUNT_MESSAGES.passwordsDoNotMatch });
      return;
    }
    setNotice(null);
    try {
      await reset.mutateAsync({
        email: email.trim(),
        code: cleanCode(code),
        new_password: newPassword,
      });
      set('newPassword', '');
      set('confirmPassword', '');
      setNotice({ tone: 'success', text: ACCOUNT_MESSAGES.resetDone });
      setStep('done');
    } catch (error) {
      setNotice({ tone: 'error', text: resetFailureText(error) });
    }
  });

  return (
    <Container maxW="lg" py={{ base: 8, md: 14 }}>
      <Heading as="h1" size="3xl" mb={2} color="gray.900">
        Forgot Password
      </Heading>
      <Text color="gray.700" mb={6}>
        {step === 'email'
          ? 'Enter the email you book with and we will send you a reset code.'
          : step === 'code'
            ? `Enter the 6-digit code we sent to ${email.trim()}. It is valid for 10 minutes.`
            : step === 'password'
              ? 'Choose a new password of at least 8 characters.'
              : 'Taking you back to your booking…'}
      </Text>
      <FormNotices notice={notice} />

      {step === 'email' ? (
        <form noValidate onSubmit={(event) => void submitEmail(event)} aria-label="Send reset code">
          <TextField
            id="reset-email"
            label="Email"
            {...field('email')}
            type="email"
            autoComplete="email"
            required
            maxLength={REGISTRATION_LIMITS.emailMax}
          />
          <Button type="submit" colorPalette="brand" mt={4} w="full" loading={sendCode.isPending}>
            Send Reset Code
          </Button>
        </form>
      ) : null}

      {step === 'code' ? (
        <form noValidate onSubmit={(event) => void submitCode(event)} aria-label="Verify code">
          <TextField
            id="reset-code"
            label="Reset Code"
            {...field('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={7}
          />
          <Flex gap={3} mt={4}>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setNotice(null);
                goTo('email');
              }}
            >
              Back
            </Button>
            <Button type="submit" colorPalette="brand" flex="1" loading={verifyCode.isPending}>
              Verify Code
            </Button>
          </Flex>
        </form>
      ) : null}

      {step === 'password' ? (
        <form
          noValidate
          onSubmit={(event) => void submitPassword(event)}
          aria-label="Reset password"
        >
          <Flex direction="column" gap={4}>
            <TextField
              id="reset-new-password"
              label="New Password"
              {...field('newPassword')}
              type="password"
              autoComplete="new-password"
              required
              maxLength={REGISTRATION_LIMITS.passwordMax}
            />
            <TextField
              id="reset-confirm-password"
              label="Confirm Password"
              {...field('confirmPassword')}
              type="password"
              autoComplete="new-password"
              required
              maxLength={REGISTRATION_LIMITS.passwordMax}
            />
          </Flex>
          <Button type="submit" colorPalette="brand" mt={4} w="full" loading={reset.isPending}>
            Reset Password
          </Button>
        </form>
      ) : null}

      <Link asChild color="brand.fg" fontWeight="medium" mt={8} display="inline-block">
        <RouterLink to={ROUTES.personalDetails}>Back To Personal Detail</RouterLink>
      </Link>
    </Container>
  );
}
