import { Box, Button, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { TextField } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api-client';
import { emailRule, textRule } from '../../../lib/form-rules';
import { useTextFields } from '../../../lib/use-text-fields';
import { useLogin } from '../api/login';
import { afterSignInPath, NEXT_PARAM } from '../lib/redirect';
import { AlertMessage } from './error-panel';
import { PRODUCT_NAME } from './operator-layout';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CONSOLE_TITLE } from './console-title';

const loginSchema = z.object({
  email: emailRule('Enter your email', 'Enter a valid email address, like name@example.com'),
  password: textRule((password) => (password ? undefined : 'Enter your password')),
});
type LoginValues = z.infer<typeof loginSchema>;

/** The server's words for a refused pair (401) or too many tries (429), else a general one. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return error.message;
  if (error instanceof ApiError && error.isNetworkError) return error.message;
  return 'Something went wrong while signing in. Please try again.';
}

/**
 * /operator/login: the console's sign-in. The server sets the session cookie; the operator
 * then goes where the guard sent them from (`?next=`, console pages only) or to the board.
 */
export function OperatorLoginPage() {
  useDocumentTitle(`Sign in — ${CONSOLE_TITLE}`);
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
  const [failure, setFailure] = useState<string | null>(null);

  const signIn = async ({ email, password }: LoginValues) => {
    setFailure(null);
    try {
      await login.mutateAsync({ email: email.trim(), password });
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Operator sign-in failed:', error);
      setFailure(failureMessage(error));
      return;
    }
    await navigate(afterSignInPath(searchParams.get(NEXT_PARAM)), { replace: true });
  };

  const submit = (event: FormEvent) => {
    if (login.isPending) return event.preventDefault();
    void form.handleSubmit(signIn)(event);
  };

  return (
    <Box as="main" minH="100vh" bg="gray.50">
      <Container maxW="md" py={{ base: 8, md: 16 }}>
        <Box layerStyle="card" p={{ base: 5, md: 8 }} bg="white">
          <Heading as="h1" id={headingId} size="2xl" color="gray.900">
            Sign in to the operator console
          </Heading>
          <Text color="gray.700" mt={1} mb={6}>
            {PRODUCT_NAME}
          </Text>
          {failure ? (
            <Box mb={4}>
              <AlertMessage>{failure}</AlertMessage>
            </Box>
          ) : null}
          <form noValidate aria-labelledby={headingId} onSubmit={submit}>
            <Flex direction="column" gap={4}>
              <TextField
                id="operator-email"
                label="Email"
                {...field('email')}
                type="email"
                inputMode="email"
                autoComplete="username"
                required
                maxLength={254}
              />
              <TextField
                id="operator-password"
                label="Password"
                {...field('password')}
                type="password"
                autoComplete="current-password"
                required
                maxLength={128}
              />
            </Flex>
            <Button type="submit" colorPalette="brand" mt={6} w="full" loading={login.isPending}>
              Sign in
            </Button>
          </form>
        </Box>
      </Container>
    </Box>
  );
}
