import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { DRIVER_APP_MESSAGES, DRIVER_APP_NAME } from '../../../../domain/driver-app-messages';
import { passwordProblem, PASSWORD_RULE_HINT } from '../../../../domain/password-policy';
import { TextField } from '../../../components/form/fields';
import { LoadingBlock } from '../../../components/loading-block';
import { AlertMessage } from '../../../components/status-panels';
import { DRIVER_HOME, DRIVER_ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { setFieldIssues } from '../../../lib/field-issues';
import { textRule } from '../../../lib/form-rules';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTextFields } from '../../../lib/use-text-fields';
import { useDriverInvitation, useDriverSetPassword } from '../api/set-password';
import { DriverCard, failureMessage } from './login-page';

const HEADING = DRIVER_APP_MESSAGES.setPasswordHeading;

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
          message: DRIVER_APP_MESSAGES.passwordsDiffer,
          path: ['confirm'],
          input: values.confirm,
        });
      }
    }),
  );
type SetPasswordValues = z.infer<typeof setPasswordSchema>;

function SignInLink() {
  return (
    <Link asChild color="brand.700" textDecoration="underline" fontWeight="semibold">
      <RouterLink to={DRIVER_ROUTES.login}>Go to sign in</RouterLink>
    </Link>
  );
}

/**
 * /driver/set-password?token=…: where a driver's invitation link lands, as the console's. The
 * link's owner chooses a password, which uses the link up and signs them in; a used, expired or
 * replaced link says so (the server's words) and what to do.
 */
export function DriverSetPasswordPage() {
  useDocumentTitle(`${HEADING} — ${DRIVER_APP_NAME}`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const invitation = useDriverInvitation(token);

  if (token === '' || invitation.isError) {
    return (
      <DriverCard>
        <Heading as="h1" size="2xl" color="gray.900" mb={4}>
          {HEADING}
        </Heading>
        <Box mb={4}>
          <AlertMessage>
            {token === ''
              ? DRIVER_APP_MESSAGES.invitationMissing
              : failureMessage(invitation.error, DRIVER_APP_MESSAGES.setPasswordFailed)}
          </AlertMessage>
        </Box>
        <SignInLink />
      </DriverCard>
    );
  }
  if (invitation.isPending) {
    return (
      <DriverCard>
        <Heading as="h1" size="2xl" color="gray.900" mb={4}>
          {HEADING}
        </Heading>
        <LoadingBlock label={DRIVER_APP_MESSAGES.checkingLink} />
      </DriverCard>
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
  const save = useDriverSetPassword();
  const form = useForm<SetPasswordValues>({
    defaultValues: { password: '', confirm: '' },
    resolver: zodResolver(setPasswordSchema),
    reValidateMode: 'onSubmit',
  });
  const { field } = useTextFields(form, { clearOnChange: true });
  const failure =
    save.error && !(save.error instanceof ApiError && save.error.issues.length > 0)
      ? failureMessage(save.error, DRIVER_APP_MESSAGES.setPasswordFailed)
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
    await navigate(DRIVER_HOME, { replace: true });
  };
  const onSubmit = (event: FormEvent) => {
    if (save.isPending) return event.preventDefault();
    void form.handleSubmit(submit)(event);
  };

  return (
    <DriverCard>
      <Heading as="h1" id={headingId} size="2xl" color="gray.900">
        {HEADING}
      </Heading>
      <Text color="gray.700" mt={1} mb={6}>
        {DRIVER_APP_MESSAGES.setPasswordFor(name, email)}
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
        <Button
          type="submit"
          colorPalette="brand"
          mt={6}
          w="full"
          size="lg"
          loading={save.isPending}
        >
          Set password and sign in
        </Button>
      </form>
    </DriverCard>
  );
}
