import { Button, Container, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '../../../../domain/messages';
import { isEmailAddress, REGISTRATION_LIMITS } from '../../../../domain/registration';
import { useResetPassword, useSendResetCode, useVerifyResetCode } from '../api/password-reset';
import { FormNotices } from '../../../components/form/form-notices';
import { TextField } from '../../../components/form/fields';
import { ROUTES } from '../../../config/routes';
import { useBookingDrafts } from '../../booking/state/booking-drafts';
import { resetFailureText, sendFailureText, verifyFailureText } from '../lib/reset-messages';

/** The spec's alert timer: how long 'Password has been reset successfully' shows. */
export const RESET_REDIRECT_DELAY_MS = 3000;

type Step = 'email' | 'code' | 'password' | 'done';
type Notice = { tone: 'success' | 'error'; text: string };

/** Moves focus to a new step's first field, but not on arrival, where the page title leads. */
function useFocusOnStep(focus: boolean) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return ref;
}

function emailProblem(email: string): string | undefined {
  if (!email.trim()) return 'Enter your email address';
  if (!isEmailAddress(email)) return 'Enter a valid email address, like name@example.com';
  return undefined;
}

/**
 * /forgot_password (spec: Forgot password, three steps): send a code to the email, verify it,
 * then choose a new password; afterwards the visitor returns to the personal details step.
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const sendCode = useSendResetCode();
  const verifyCode = useVerifyResetCode();
  const reset = useResetPassword();
  const [step, setStep] = useState<Step>('email');
  // Focus follows the steps once the visitor has moved between them.
  const [moved, setMoved] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Until typed in, the email is the one given on the personal details step, if any.
  const { drafts } = useBookingDrafts();
  const [typedEmail, setEmail] = useState<string | null>(null);
  const email = typedEmail ?? drafts.registrationData?.email ?? '';
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  // Codes are often pasted as '123 456'.
  const cleanCode = code.replace(/\s+/g, '');
  const emailRef = useFocusOnStep(moved && step === 'email');
  const codeRef = useFocusOnStep(moved && step === 'code');
  const passwordRef = useFocusOnStep(moved && step === 'password');

  useEffect(() => {
    if (step !== 'done') return;
    const timer = window.setTimeout(
      () => void navigate(ROUTES.personalDetails),
      RESET_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [step, navigate]);

  const goTo = (next: Step) => {
    setErrors({});
    setMoved(true);
    setStep(next);
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setErrors({ email: problem });
    if (problem) {
      emailRef.current?.focus();
      return;
    }
    setNotice(null);
    try {
      await sendCode.mutateAsync(email.trim());
      setCode('');
      setNotice({ tone: 'success', text: ACCOUNT_MESSAGES.codeSent });
      goTo('code');
    } catch (error) {
      setNotice({ tone: 'error', text: sendFailureText(error) });
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const problem = /^\d{6}$/.test(cleanCode) ? undefined : 'Enter the 6-digit code from the email';
    setErrors({ code: problem });
    if (problem) {
      codeRef.current?.focus();
      return;
    }
    setNotice(null);
    try {
      await verifyCode.mutateAsync({ email: email.trim(), code: cleanCode });
      setNotice({ tone: 'success', text: ACCOUNT_MESSAGES.codeVerified });
      goTo('password');
    } catch (error) {
      setNotice({ tone: 'error', text: verifyFailureText(error) });
    }
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      newPassword: !newPassword
        ? 'Enter a new password'
        : newPassword.length < REGISTRATION_LIMITS.passwordMin
          ? ACCOUNT_MESSAGES.passwordTooShort
          : undefined,
      confirmPassword: confirmPassword ? undefined : 'Confirm the new password',
    };
    setErrors(next);
    if (next.newPassword || next.confirmPassword) {
      passwordRef.current?.focus();
      return;
    }
    if (newPassword !== confirmPassword) {
      setNotice({ tone: 'error', text: ACCOUNT_MESSAGES.passwordsDoNotMatch });
      return;
    }
    setNotice(null);
    try {
      await reset.mutateAsync({
        email: email.trim(),
        code: cleanCode,
        new_password: newPassword,
      });
      setNewPassword('');
      setConfirmPassword('');
      setNotice({ tone: 'success', text: ACCOUNT_MESSAGES.resetDone });
      setStep('done');
    } catch (error) {
      setNotice({ tone: 'error', text: resetFailureText(error) });
    }
  };

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
            ref={emailRef}
            id="reset-email"
            label="Email"
            error={errors.email}
            type="email"
            autoComplete="email"
            required
            maxLength={REGISTRATION_LIMITS.emailMax}
            value={email}
            onValueChange={setEmail}
          />
          <Button type="submit" colorPalette="brand" mt={4} w="full" loading={sendCode.isPending}>
            Send Reset Code
          </Button>
        </form>
      ) : null}

      {step === 'code' ? (
        <form noValidate onSubmit={(event) => void submitCode(event)} aria-label="Verify code">
          <TextField
            ref={codeRef}
            id="reset-code"
            label="Reset Code"
            error={errors.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={7}
            value={code}
            onValueChange={setCode}
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
              ref={passwordRef}
              id="reset-new-password"
              label="New Password"
              error={errors.newPassword}
              type="password"
              autoComplete="new-password"
              required
              maxLength={REGISTRATION_LIMITS.passwordMax}
              value={newPassword}
              onValueChange={setNewPassword}
            />
            <TextField
              id="reset-confirm-password"
              label="Confirm Password"
              error={errors.confirmPassword}
              type="password"
              autoComplete="new-password"
              required
              maxLength={REGISTRATION_LIMITS.passwordMax}
              value={confirmPassword}
              onValueChange={setConfirmPassword}
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
