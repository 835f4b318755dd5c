import * as z from 'zod/mini';
import { emailSchema } from '../domain/email';

/**
 * Account calls of the booking flow (API.md): the existing-client check and the three steps of
 * forgot password. An email must be a plain mailbox (domain/email.ts); every failure names its
 * field.
 */

const email = emailSchema('email');
const password = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .check(z.minLength(1, `${field} is required`), z.maxLength(128, `${field} is too long`));

/** POST /check-passenger-email */
export const checkPassengerEmailRequestSchema = z.object(
  { email, password: password('password') },
  { error: 'The request must be a JSON object' },
);
export type CheckPassengerEmailRequest = z.infer<typeof checkPassengerEmailRequestSchema>;

/**
 * 200 either way: success true when the pair matches a passenger, else false with message.
 * Only a match carries `passenger`: the account's own name and mobile, for the payment page's
 * Personal Details (registrationData's names). A failure says the same for every email.
 */
export const checkPassengerEmailResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  passenger: z.optional(
    z.object({ firstName: z.string(), surname: z.string(), number: z.string() }),
  ),
});
export type CheckPassengerEmailResponse = z.infer<typeof checkPassengerEmailResponseSchema>;

/** POST /auth/forgot-password; `type` is 'website' from this site. */
export const forgotPasswordRequestSchema = z.object(
  { email, type: z._default(z.string(), 'website') },
  { error: 'The request must be a JSON object' },
);
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** Six digits, as sent by email. */
const code = z
  .string({ error: 'code is required' })
  .check(z.trim(), z.regex(/^\d{6}$/, 'code must be the 6 digits from the email'));

/** POST /auth/verify-code */
export const verifyCodeRequestSchema = z.object(
  { email, code },
  { error: 'The request must be a JSON object' },
);
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;

/** POST /auth/reset-password */
export const resetPasswordRequestSchema = z.object(
  { email, code, new_password: password('new_password'), type: z._default(z.string(), 'website') },
  { error: 'The request must be a JSON object' },
);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The answer of each forgot-password step. */
export const accountMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type AccountMessageResponse = z.infer<typeof accountMessageResponseSchema>;
