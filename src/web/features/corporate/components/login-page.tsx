import { Box, Button, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CORPORATE_MESSAGES } from '../../../../domain/messages';
import { isEmailAddress } from '../../../../domain/registration';
import { TextField } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { CORPORATE_LABELS } from '../lib/format';
import { afterLoginPath, REDIRECT_PARAM } from '../lib/redirect';
import { NoticeDialog, type Notice } from './notice-dialog';

type Errors = { email?: string; password?: string };

function validate(email: string, password: string): Errors {
  return {
    email: !email.trim()
      ? 'Enter your username (the email of your corporate account)'
      : !isEmailAddress(email)
        ? 'Enter a valid email address as the username, like name@example.com'
        : undefined,
    password: password ? undefined : 'Enter your password',
  };
}

/** The spec's texts: a refused pair is 'Invalid credentials'; anything else 'An error occurred'. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return CORPORATE_MESSAGES.invalidCredentials;
  }
  if (error instanceof ApiError && error.status === 400) return error.message;
  return CORPORATE_MESSAGES.requestFailed;
}

/**
 * /login (spec section 2): Sign In to the corporate account. On success the session is stored
 * and, once the 'Login Successfully' alert closes, the passenger goes where the guard sent them
 * from (`?redirect=`, same site only) or to the bookings list. A failure keeps what was typed.
 */
export function LoginPage() {
  const headingId = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending || signedIn) return;
    const problems = validate(email, password);
    setErrors(problems);
    if (problems.email) return emailRef.current?.focus();
    if (problems.password) return passwordRef.current?.focus();
    try {
      await login.mutateAsync({ email: email.trim(), password });
      setSignedIn(true);
      setNotice({
        tone: 'success',
        title: CORPORATE_LABELS.successTitle,
        message: CORPORATE_MESSAGES.loginSuccess,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Sign-in failed:', error);
      setNotice({
        tone: 'error',
        title: CORPORATE_LABELS.errorTitle,
        message: failureMessage(error),
      });
    }
  };

  const closeNotice = () => {
    setNotice(null);
    if (signedIn) {
      void navigate(afterLoginPath(searchParams.get(REDIRECT_PARAM)), { replace: true });
    }
  };

  return (
    <Container maxW="md" py={{ base: 8, md: 14 }}>
      <Box layerStyle="card" p={{ base: 5, md: 8 }} bg="white">
        <Heading as="h1" id={headingId} size="3xl" color="gray.900">
          {CORPORATE_MESSAGES.signIn}
        </Heading>
        <Text color="gray.700" mt={1} mb={6}>
          {CORPORATE_MESSAGES.toCorporateAccount}
        </Text>
        <form noValidate aria-labelledby={headingId} onSubmit={(event) => void submit(event)}>
          <Flex direction="column" gap={4}>
            <TextField
              ref={emailRef}
              id="corporate-username"
              label="Username"
              error={errors.email}
              name="username"
              type="email"
              inputMode="email"
              autoComplete="username"
              required
              maxLength={254}
              value={email}
              onValueChange={setEmail}
            />
            <TextField
              ref={passwordRef}
              id="corporate-password"
              label="Password"
              error={errors.password}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
              value={password}
              onValueChange={setPassword}
            />
          </Flex>
          <Button
            type="submit"
            colorPalette="brand"
            mt={6}
            w="full"
            loading={login.isPending}
            disabled={signedIn}
          >
            {CORPORATE_MESSAGES.signIn}
          </Button>
        </form>
      </Box>
      <NoticeDialog notice={notice} onClose={closeNotice} />
    </Container>
  );
}
