import { Box, Button, Container, Flex, Heading } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { DRIVER_APP_MESSAGES, DRIVER_APP_NAME } from '../../../../domain/driver-app-messages';
import { TextField } from '../../../components/form/fields';
import { AlertMessage } from '../../../components/status-panels';
import { ApiError } from '../../../lib/api-client';
import { emailRule, textRule } from '../../../lib/form-rules';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTextFields } from '../../../lib/use-text-fields';
import { useDriverLogin } from '../api/login';
import { afterSignInPath, NEXT_PARAM } from '../lib/redirect';

const loginSchema = z.object({
  email: emailRule('Enter your email', 'Enter a valid email address, like name@example.com'),
  password: textRule((password) => (password ? undefined : 'Enter your password')),
});
type LoginValues = z.infer<typeof loginSchema>;

/** The server's words for a refused pair (401) or too many tries (429), else a general one. */
export function failureMessage(error: unknown, general: string): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return error.message;
  if (error instanceof ApiError && error.isNetworkError) return error.message;
  return general;
}

/** The narrow card the sign-in and set-password pages sit in. */
export function DriverCard({ children }: { children: ReactNode }) {
  return (
    <Box as="main" minH="100vh" bg="gray.50">
      <Container maxW="md" py={{ base: 6, md: 16 }} px={4}>
        <Box layerStyle="card" p={{ base: 5, md: 8 }} bg="white">
          {children}
        </Box>
      </Container>
    </Box>
  );
}

/**
 * /driver/login: the driver app's sign-in. The server sets the ridebook_driver cookie; the
 * driver then goes where the guard sent them from (`?next=`, the app's pages only) or to My jobs.
 */
export function DriverLoginPage() {
  useDocumentTitle(`Sign in — ${DRIVER_APP_NAME}`);
  const headingId = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useDriverLogin();
  const form = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(loginSchema),
    reValidateMode: 'onSubmit',
  });
  const { field } = useTextFields(form, { clearOnChange: false });
  const [failure, setFailure] = useState<string | null>(null);

  const signIn = async ({ email, password }: LoginValues) => {
    setFailure(null);
    try {
      await login.mutateAsync({ email: email.trim(), password });
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Driver sign-in failed:', error);
      setFailure(failureMessage(error, DRIVER_APP_MESSAGES.signInFailed));
      return;
    }
    await navigate(afterSignInPath(searchParams.get(NEXT_PARAM)), { replace: true });
  };

  const submit = (event: FormEvent) => {
    if (login.isPending) return event.preventDefault();
    void form.handleSubmit(signIn)(event);
  };

  return (
    <DriverCard>
      <Heading as="h1" id={headingId} size="2xl" color="gray.900" mb={6}>
        {DRIVER_APP_MESSAGES.signInHeading}
      </Heading>
      {failure ? (
        <Box mb={4}>
          <AlertMessage>{failure}</AlertMessage>
        </Box>
      ) : null}
      <form noValidate aria-labelledby={headingId} onSubmit={submit}>
        <Flex direction="column" gap={4}>
          <TextField
            id="driver-email"
            label="Email"
            {...field('email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            required
            maxLength={254}
          />
          <TextField
            id="driver-password"
            label="Password"
            {...field('password')}
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
          />
        </Flex>
        <Button
          type="submit"
          colorPalette="brand"
          mt={6}
          w="full"
          size="lg"
          loading={login.isPending}
        >
          Sign in
        </Button>
      </form>
    </DriverCard>
  );
}
