import * as z from 'zod/mini';
import { CONSOLE_ACCOUNT_MESSAGES } from '../domain/console-account-messages';
import { emailSchema } from '../domain/email';
import { OPERATOR_ROLES } from '../domain/operator-roles';
import { REGISTRATION_LIMITS } from '../domain/registration';
import { operatorSchema } from './operator';
import { idField, text } from './field-rules';
import { wholeNumberText } from './path-params';

/**
 * The console's Accounts page (issue 33; API.md, Operator console, Accounts): the admin's every
 * operator account, a manager's own company's; and the invitation a new account's owner sets
 * their password with.
 */

const roleField = z.enum(OPERATOR_ROLES, { error: 'role must be admin, manager or dispatcher' });

/** An account as the Accounts page lists it. */
export const consoleAccountSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** Null for an admin. */
  company_id: z.nullable(z.int()),
  company_name: z.nullable(z.string()),
  active: z.boolean(),
  /** False until the owner sets a password from their invitation. */
  password_set: z.boolean(),
  /** ISO time the latest invitation's link stops working; null once the password is set. */
  invitation_expires_at: z.nullable(z.string()),
});
export type ConsoleAccount = z.infer<typeof consoleAccountSchema>;

/** GET /operator/accounts */
export const consoleAccountsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(consoleAccountSchema),
});

/** POST and PATCH /operator/accounts…, POST …/invitation */
export const consoleAccountResponseSchema = z.object({
  success: z.literal(true),
  data: consoleAccountSchema,
});

/** POST /operator/accounts: company_id from the admin only (a manager's is their own). */
export const consoleAccountInputSchema = z.object(
  {
    name: text('name', REGISTRATION_LIMITS.nameMax),
    email: emailSchema('email'),
    role: roleField,
    company_id: z.optional(z.nullable(idField('company_id must be a company'))),
  },
  { error: 'The request must be a JSON object' },
);
export type ConsoleAccountInput = z.infer<typeof consoleAccountInputSchema>;

/** PATCH /operator/accounts/{id}: a new role (and company), or `active` to deactivate or reactivate. */
export const consoleAccountPatchSchema = z.object(
  {
    role: z.optional(roleField),
    company_id: z.optional(z.nullable(idField('company_id must be a company'))),
    active: z.optional(z.boolean({ error: 'active must be true or false' })),
  },
  { error: 'The request must be a JSON object' },
);
export type ConsoleAccountPatch = z.infer<typeof consoleAccountPatchSchema>;

/** /operator/accounts/{id}… */
export const accountPathSchema = z.object({
  id: wholeNumberText(CONSOLE_ACCOUNT_MESSAGES.accountNotFound),
});

/**
 * An invitation's token as the mailed link carries it: 32 random bytes, base64url. Anything
 * else names no invitation, so it is refused with `unknown`, the app's words for that.
 */
export function invitationTokenSchema(unknown: string) {
  return z
    .string({ error: 'token is required' })
    .check(z.regex(/^[A-Za-z0-9_-]{20,200}$/, unknown));
}
const invitationToken = invitationTokenSchema(CONSOLE_ACCOUNT_MESSAGES.invitationUnknown);

/** POST /operator/invitation: whose invitation a link is, before the password is typed. */
export const invitationLookupRequestSchema = z.object(
  { token: invitationToken },
  { error: 'The request must be a JSON object' },
);
export type InvitationLookupRequest = z.infer<typeof invitationLookupRequestSchema>;

export const invitationLookupResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ name: z.string(), email: z.string() }),
});
export type InvitationLookupResponse = z.infer<typeof invitationLookupResponseSchema>;

/** POST /operator/set-password: the invitation's token and the new password (never trimmed). */
export const setPasswordRequestSchema = z.object(
  {
    token: invitationToken,
    password: z
      .string({ error: 'password is required' })
      .check(
        z.minLength(1, 'password is required'),
        z.maxLength(REGISTRATION_LIMITS.passwordMax, 'password is too long'),
      ),
  },
  { error: 'The request must be a JSON object' },
);
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

/** POST /operator/set-password: signed in (the session cookie is set), as after login. */
export const setPasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  operator: operatorSchema,
});
export type SetPasswordResponse = z.infer<typeof setPasswordResponseSchema>;
