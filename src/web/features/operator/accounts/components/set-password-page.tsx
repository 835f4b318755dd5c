import { Box, Button, Container, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { CONSOLE_ACCOUNT_MESSAGES } from '../../../../../domain/console-account-messages';
import { passwordProblem, PASSWORD_RULE_HINT } from '../../../../../domain/password-policy';
import { LoadingBlock } from '../../../../components/loading-block';
import { TextField } from '../../../../components/form/fields';
import { OPERATOR_ROUTES } from '../../../../config/routes';
import { ApiError } from '../../../../lib/api-client';
import { setFieldIssues } from '../../../../lib/field-issues';
import { textRule } from '../../../../lib/form-rules';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useTextFields } from '../../../../lib/use-text-fields';
import { CONSOLE_TITLE } from '../../components/console-title';
import { AlertMessage } from '../../components/error-panel';
import { PRODUCT_NAME } from '../../components/operator-layout';
import { useInvitation, useSetPassword } from '../api/set-password';

const HEADING = 'Set your password';

/**
 * The product's length rules here (domain/password-policy.ts); the server checks them again with
 * its list of common passwords, and its refusal lands under the same field.
 */
const setPasswordSchema = z
  .object({
    password: textRule((password) =>
      password ? (passwordProblem(password) ?? undefined) : 'Enter a password',
    ),
    confirm: z.string(),
  })
  .check(
    z.superRefine((values, context) => {
      if (values.password && values.confirm !== values.password) {
        context.addIssue({
          code: 'custom',
          message: 'The two passwords are not the same',
          path: ['confirm'],
          input: values.confirm,
        });
      }
    }),
  );
type SetPasswordValues = z.infer<typeof setPasswordSchema>;

/** The server's words for a dead link or a refusal, else a general one. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return error.message;
  if (error instanceof ApiError && error.isNetworkError) return error.message;
  return 'Something went wrong. Please try again.';
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box as="main" minH="100vh" bg="gray.50">
      <Container maxW="md" py={{ base: 8, md: 16 }}>
        <Box layerStyle="card" p={{ base: 5, md: 8 }} bg="white">
          {children}
        </Box>
      </Container>
    </Box>
  );
}

function SignInLink() {
  return (
    <Link asChild color="brand.700" textDecoration="underline" fontWeight="semibold">
      <RouterLink to={OPERATOR_ROUTES.login}>Go to sign in</RouterLink>
    </Link>
  );
}

/**
 * /operator/set-password?token=…: where an invitation's link lands, outside the console's
 * layout like sign-in. The link's owner chooses a password, which uses the link up and signs
 * them in; a used, expired or replaced link says so and what to do.
 */
export function SetPasswordPage() {
  useDocumentTitle(`${HEADING} — ${CONSOLE_TITLE}`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const invitation = useInvitation(token);

  if (token === '' || invitation.isError) {
    return (
      <Frame>
        <Heading as="h1" size="2xl" color="gray.900" mb={4}>
          {HEADING}
        </Heading>
        <Box mb={4}>
          <AlertMessage>
            {token === ''
              ? CONSOLE_ACCOUNT_MESSAGES.invitationUnknown
              : failureMessage(invitation.error)}
          </AlertMessage>
        </Box>
        <SignInLink />
      </Frame>
    );
  }
  if (invitation.isPending) {
    return (
      <Frame>
        <Heading as="h1" size="2xl" color="gray.900" mb={4}>
          {HEADING}
        </Heading>
        <LoadingBlock label="Checking your link…" />
      </Frame>
    );
  }
  return (
    <SetPasswordForm token={token} name={invitation.data.name} email={invitation.data.email} />
  );
}

/** New password, its rule, and the same again. */
function PasswordFields({
  field,
}: {
  field: ReturnType<typeof useTextFields<SetPasswordValues>>['field'];
}) {
  return (
    <Flex direction="column" gap={4}>
      <TextField
        id="new-password"
        label="New password"
        {...field('password')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
      />
      <Text fontSize="sm" color="gray.700" mt={-2}>
        {PASSWORD_RULE_HINT}
      </Text>
      <TextField
        id="confirm-password"
        label="Confirm new password"
        {...field('confirm')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
      />
    </Flex>
  );
}

function SetPasswordForm({ token, name, email }: { token: string; name: string; email: string }) {
  const headingId = useId();
  const navigate = useNavigate();
  const save = useSetPassword();
  const form = useForm<SetPasswordValues>({
    defaultValues: { password: '', confirm: '' },
    resolver: zodResolver(setPasswordSchema),
    reValidateMode: 'onSubmit',
  });
  const { field } = useTextFields(form, { clearOnChange: true });
  const failure =
    save.error && !(save.error instanceof ApiError && save.error.issues.length > 0)
      ? failureMessage(save.error)
      : null;

  const submit = async ({ password }: SetPasswordValues) => {
    try {
      await save.mutateAsync({ token, password });
    } catch (error) {
      if (error instanceof ApiError) {
        setFieldIssues(form.setError, error.issues, {
          fieldOf: (path) => (path === 'password' ? 'password' : undefined),
          labels: { password: 'New password' },
        });
      } else {
        console.error('Setting the password failed:', error);
      }
      return;
    }
    await navigate(OPERATOR_ROUTES.bookings, { replace: true });
  };
  const onSubmit = (event: FormEvent) => {
    if (save.isPending) return event.preventDefault();
    void form.handleSubmit(submit)(event);
  };

  return (
    <Frame>
      <Heading as="h1" id={headingId} size="2xl" color="gray.900">
        {HEADING}
      </Heading>
      <Text color="gray.700" mt={1} mb={6}>
        {PRODUCT_NAME} operator console, for {name} ({email})
      </Text>
      {failure ? (
        <Flex direction="column" gap={3} mb={4}>
          <AlertMessage>{failure}</AlertMessage>
          <SignInLink />
        </Flex>
      ) : null}
      <form noValidate aria-labelledby={headingId} onSubmit={onSubmit}>
        {/* For password managers: the account the new password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <PasswordFields field={field} />
        <Button type="submit" colorPalette="brand" mt={6} w="full" loading={save.isPending}>
          Set password and sign in
        </Button>
      </form>
    </Frame>
  );
}
