import * as z from 'zod/mini';
import { ACCOUNT_MESSAGES } from '../../../../domain/messages';
import { REGISTRATION_LIMITS } from '../../../../domain/registration';
import { emailRule, textRule } from '../../../lib/form-rules';

/** Forgot password's steps, in order: send a code, verify it, choose a password, done. */
export type Step = 'email' | 'code' | 'password' | 'done';

export type ResetValues = {
  email: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
};

/** Codes are often pasted as '123 456'. */
export const cleanCode = (code: string) => code.replace(/\s+/g, '');

const emailCheck = emailRule(
  'Enter your email address',
  'Enter a valid email address, like name@example.com',
);
const codeCheck = textRule((code) =>
  /^\d{6}$/.test(cleanCode(code)) ? undefined : 'Enter the 6-digit code from the email',
);
const newPasswordCheck = textRule((password) =>
  !password
    ? 'Enter a new password'
    : password.length < REGISTRATION_LIMITS.passwordMin
      ? ACCOUNT_MESSAGES.passwordTooShort
      : undefined,
);
const confirmCheck = textRule((password) => (password ? undefined : 'Confirm the new password'));

/** Each step checks its own fields; the server's password rule (domain) sets the shortest. */
export const STEP_SCHEMAS = {
  email: z.object({
    email: emailCheck,
    code: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  }),
  code: z.object({
    email: z.string(),
    code: codeCheck,
    newPassword: z.string(),
    confirmPassword: z.string(),
  }),
  password: z.object({
    email: z.string(),
    code: z.string(),
    newPassword: newPasswordCheck,
    confirmPassword: confirmCheck,
  }),
} satisfies Record<Exclude<Step, 'done'>, z.ZodMiniType<ResetValues>>;

/** The field that takes focus on each step (and when the step's checks fail). */
export const FIRST_FIELD = { email: 'email', code: 'code', password: 'newPassword' } as const;
