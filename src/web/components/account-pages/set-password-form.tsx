import { Button, Flex, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import {
  passwordProblem,
  PASSWORDS_DIFFER,
  PASSWORD_RULE_HINT,
} from '../../../domain/password-policy';
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/failure-message';
import { setFieldIssues } from '../../lib/field-issues';
import { textRule } from '../../lib/form-rules';
import { useTextFields } from '../../lib/use-text-fields';
import { AlertMessage } from '../status-panels';
import { AccountCard, AccountHeading, SignInLink, type AccountPageLook } from './account-card';
import { PasswordField } from './password-field';

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
          message: PASSWORDS_DIFFER,
          path: ['confirm'],
          input: values.confirm,
        });
      }
    }),
  );
type SetPasswordValues = z.infer<typeof setPasswordSchema>;

/** Whose invitation link this is, as the server looked it up. */
export interface Invitee {
  name: string;
  email: string;
}

/** The set-password request (a mutation): sets the password, uses the link up and signs in. */
export interface SetPasswordSave {
  mutateAsync: (body: { token: string; password: string }) => Promise<unknown>;
  isPending: boolean;
  error: Error | null;
}

/** What the app's set-password form says and where it leads. */
export interface SetPasswordFormProps {
  look: AccountPageLook;
  token: string;
  save: SetPasswordSave;
  heading: string;
  /** The line under the heading: the app, and whose account this is. */
  forLine: (invitee: Invitee) => ReactNode;
  /** Shown when the failure has no words of the server's. */
  generalFailure: string;
  signInPath: string;
  /** Where the newly signed-in user lands. */
  homePath: string;
}

/** New password, its rule, and the same again. */
function PasswordFields({
  field,
}: {
  field: ReturnType<typeof useTextFields<SetPasswordValues>>['field'];
}) {
  return (
    <Flex direction="column" gap={4}>
      <PasswordField
        id="new-password"
        label="New password"
        {...field('password')}
        autoComplete="new-password"
      />
      <Text fontSize="sm" color="gray.700" mt={-2}>
        {PASSWORD_RULE_HINT}
      </Text>
      <PasswordField
        id="confirm-password"
        label="Confirm new password"
        {...field('confirm')}
        autoComplete="new-password"
      />
    </Flex>
  );
}

/**
 * The password form of a live invitation link. The server's refusal of the password lands under
 * New password; any other failure (a link used meanwhile) is announced with the way to sign in.
 */
export function SetPasswordForm(props: SetPasswordFormProps & { invitee: Invitee }) {
  const { look, token, save, invitee } = props;
  const headingId = useId();
  const navigate = useNavigate();
  const form = useForm<SetPasswordValues>({
    defaultValues: { password: '', confirm: '' },
    resolver: zodResolver(setPasswordSchema),
    reValidateMode: 'onSubmit',
  });
  const { field } = useTextFields(form, { clearOnChange: true });
  const failure =
    save.error && !(save.error instanceof ApiError && save.error.issues.length > 0)
      ? failureMessage(save.error, props.generalFailure)
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
    await navigate(props.homePath, { replace: true });
  };
  const onSubmit = (event: FormEvent) => {
    if (save.isPending) return event.preventDefault();
    void form.handleSubmit(submit)(event);
  };

  return (
    <AccountCard look={look}>
      <AccountHeading id={headingId} subline={props.forLine(invitee)}>
        {props.heading}
      </AccountHeading>
      {failure ? (
        <Flex direction="column" gap={3} mb={4}>
          <AlertMessage>{failure}</AlertMessage>
          <SignInLink to={props.signInPath} />
        </Flex>
      ) : null}
      <form noValidate aria-labelledby={headingId} onSubmit={onSubmit}>
        {/* For password managers: the account the new password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={invitee.email} />
        <PasswordFields field={field} />
        <Button
          type="submit"
          colorPalette="brand"
          mt={6}
          w="full"
          {...look.button}
          loading={save.isPending}
        >
          Set password and sign in
        </Button>
      </form>
    </AccountCard>
  );
}
