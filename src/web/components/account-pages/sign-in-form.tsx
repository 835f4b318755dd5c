import { Box, Button, Flex } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/failure-message';
import { emailRule, textRule } from '../../lib/form-rules';
import { useTextFields } from '../../lib/use-text-fields';
import { TextField } from '../form/fields';
import { AlertMessage } from '../status-panels';
import { AccountCard, AccountHeading, type AccountPageLook } from './account-card';
import { PasswordField } from './password-field';

const loginSchema = z.object({
  email: emailRule('Enter your email', 'Enter a valid email address, like name@example.com'),
  password: textRule((password) => (password ? undefined : 'Enter your password')),
});
type LoginValues = z.infer<typeof loginSchema>;

export interface SignInFormProps {
  look: AccountPageLook;
  heading: string;
  /** A line under the heading, if any. */
  subline?: ReactNode;
  /** The two fields' ids, each app its own. */
  fieldIds: { email: string; password: string };
  /** The sign-in request (a mutation's mutateAsync); its refusal shows over the form. */
  signIn: (credentials: { email: string; password: string }) => Promise<unknown>;
  pending: boolean;
  /** Where to go once signed in. */
  afterSignIn: () => Promise<void> | void;
  /** Shown when the failure has no words of the server's. */
  generalFailure: string;
  /** Logged with an unexpected (non-API) error. */
  logMessage: string;
}

/**
 * A sign-in card: email and password, checked here before the request, and the server's refusal
 * (a wrong pair, too many tries) announced above the form. A second submit waits for the first.
 */
export function SignInForm(props: SignInFormProps) {
  const { look, heading, subline, fieldIds, pending } = props;
  const headingId = useId();
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
      await props.signIn({ email: email.trim(), password });
    } catch (error) {
      if (!(error instanceof ApiError)) console.error(props.logMessage, error);
      setFailure(failureMessage(error, props.generalFailure));
      return;
    }
    await props.afterSignIn();
  };

  const submit = (event: FormEvent) => {
    if (pending) return event.preventDefault();
    void form.handleSubmit(signIn)(event);
  };

  return (
    <AccountCard look={look}>
      <AccountHeading id={headingId} subline={subline}>
        {heading}
      </AccountHeading>
      {failure ? (
        <Box mb={4}>
          <AlertMessage>{failure}</AlertMessage>
        </Box>
      ) : null}
      <form noValidate aria-labelledby={headingId} onSubmit={submit}>
        <Flex direction="column" gap={4}>
          <TextField
            id={fieldIds.email}
            label="Email"
            {...field('email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            required
            maxLength={254}
          />
          <PasswordField
            id={fieldIds.password}
            label="Password"
            {...field('password')}
            autoComplete="current-password"
          />
        </Flex>
        <Button
          type="submit"
          colorPalette="brand"
          mt={6}
          w="full"
          {...look.button}
          loading={pending}
        >
          Sign in
        </Button>
      </form>
    </AccountCard>
  );
}
