import { Button, Flex } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { REGISTRATION_LIMITS } from '../../../../domain/registration';
import { TextField } from '../../../components/form/fields';
import type { ResetField } from '../hooks/use-password-reset';

/** What each step's form needs: its fields, its submit and whether it is being sent. */
type StepFormProps = {
  field: ResetField;
  onSubmit: (event: FormEvent) => Promise<void>;
  pending: boolean;
};

/** Step 1: the email the code is sent to. */
export function EmailStepForm({ field, onSubmit, pending }: StepFormProps) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Send reset code">
      <TextField
        id="reset-email"
        label="Email"
        {...field('email')}
        type="email"
        autoComplete="email"
        required
        maxLength={REGISTRATION_LIMITS.emailMax}
      />
      <Button type="submit" colorPalette="brand" mt={4} w="full" loading={pending}>
        Send Reset Code
      </Button>
    </form>
  );
}

/** Step 2: the code from the email, or Back to change the email. */
export function CodeStepForm({
  field,
  onSubmit,
  pending,
  onBack,
}: StepFormProps & { onBack: () => void }) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Verify code">
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
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" colorPalette="brand" flex="1" loading={pending}>
          Verify Code
        </Button>
      </Flex>
    </form>
  );
}

/** Step 3: the new password, twice. */
export function PasswordStepForm({ field, onSubmit, pending }: StepFormProps) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Reset password">
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
      <Button type="submit" colorPalette="brand" mt={4} w="full" loading={pending}>
        Reset Password
      </Button>
    </form>
  );
}
