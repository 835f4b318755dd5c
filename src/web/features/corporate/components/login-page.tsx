import { Box, Button, Container, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { CORPORATE_MESSAGES } from '../../../../domain/messages';
import { TextField } from '../../../components/form/fields';
import { ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { emailRule, textRule } from '../../../lib/form-rules';
import { useTextFields } from '../../../lib/use-text-fields';
import { useLogin } from '../api/login';
import { CORPORATE_LABELS } from '../lib/format';
import { afterLoginPath, REDIRECT_PARAM } from '../lib/redirect';
import { NoticeDialog, type Notice } from './notice-dialog';

/** The Sign In checks, each message naming the field as the page labels it. */
const loginSchema = z.object({
  email: emailRule(
    'Enter your username (the email of your corporate account)',
    'Enter a valid email address as the username, like name@example.com',
  ),
  password: textRule((password) => (password ? undefined : 'Enter your password')),
});
type LoginValues = z.infer<typeof loginSchema>;

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
  const form = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(loginSchema),
    reValidateMode: 'onSubmit',
  });
  const { field } = useTextFields(form, { clearOnChange: false });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [signedIn, setSignedIn] = useState(false);

  const signIn = async ({ email, password }: LoginValues) => {
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

  const submit = (event: FormEvent) => {
    if (login.isPending || signedIn) return event.preventDefault();
    void form.handleSubmit(signIn)(event);
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
        <form noValidate aria-labelledby={headingId} onSubmit={submit}>
          <Flex direction="column" gap={4}>
            <TextField
              id="corporate-username"
              label="Username"
              {...field('email')}
              name="username"
              type="email"
              inputMode="email"
              autoComplete="username"
              required
              maxLength={254}
            />
            <TextField
              id="corporate-password"
              label="Password"
              {...field('password')}
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
            />
            <Link asChild color="brand.fg" fontWeight="semibold" alignSelf="flex-start">
              <RouterLink to={ROUTES.forgotPassword}>Forgot Password?</RouterLink>
            </Link>
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
