import * as z from 'zod/mini';
import { textField } from './form-fields';
import { BOOKING_MESSAGES } from './messages';
import type { RegistrationMode } from './registration-mode';

/**
 * The personal details step (spec: Personal details page, sections 3 and 5): the registration
 * mode and the spec's registrationData, shared by the browser's form and draft and the
 * server's POST /booking. Every field is optional text here; `registrationProblem` applies
 * the spec's Next checks in order, and the server adds its own rules (email format, password
 * policy) with messages that name the field.
 */

// Apart, so the browser's booking draft reads the mode without this module's schemas.
export {
  REGISTRATION_MODES,
  registrationModeSchema,
  type RegistrationMode,
} from './registration-mode';

/** Longest accepted text in any registration field, except additional info. */
export const REGISTRATION_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMax: 30,
  passwordMin: 8,
  passwordMax: 128,
  additionalInfoMax: 1000,
} as const;

const checkbox = (field: string) =>
  z._default(
    z.pipe(
      z.union([z.boolean(), z.literal('yes'), z.literal('no'), z.literal('true')], {
        error: `${field} must be true or false`,
      }),
      z.transform((value) => value === true || value === 'yes' || value === 'true'),
    ),
    false,
  );

/** The spec's registrationData. Passwords are never trimmed: a space may be part of one. */
export const registrationDataSchema = z.object(
  {
    firstName: textField('firstName', REGISTRATION_LIMITS.nameMax),
    surname: textField('surname', REGISTRATION_LIMITS.nameMax),
    number: textField('number', REGISTRATION_LIMITS.phoneMax),
    email: textField('email', REGISTRATION_LIMITS.emailMax),
    username: textField('username', REGISTRATION_LIMITS.emailMax),
    password: z._default(
      z
        .string({ error: 'password must be text' })
        .check(
          z.maxLength(
            REGISTRATION_LIMITS.passwordMax,
            `password must be at most ${REGISTRATION_LIMITS.passwordMax} characters`,
          ),
        ),
      '',
    ),
    privacyAccepted: checkbox('privacyAccepted'),
    termsAccepted: checkbox('termsAccepted'),
    passengerDetails: z._default(z.enum(['yes', 'no']), 'no'),
    passengerName: textField('passengerName', REGISTRATION_LIMITS.nameMax),
    passengerLastname: textField('passengerLastname', REGISTRATION_LIMITS.nameMax),
    passengerEmail: textField('passengerEmail', REGISTRATION_LIMITS.emailMax),
    passengerPhone: textField('passengerPhone', REGISTRATION_LIMITS.phoneMax),
    additionalInfo: textField('additionalInfo', REGISTRATION_LIMITS.additionalInfoMax),
    return_additionalInfo: textField(
      'return_additionalInfo',
      REGISTRATION_LIMITS.additionalInfoMax,
    ),
    /** "Text me about this booking" (issue 35): on unless the passenger turns it off. */
    textMe: z._default(z.boolean({ error: 'textMe must be true or false' }), true),
  },
  { error: 'registrationData must be a JSON object' },
);
export type RegistrationData = z.infer<typeof registrationDataSchema>;
export type RegistrationDataInput = z.input<typeof registrationDataSchema>;

// The one email rule (a plain mailbox) and its key live in email.ts; kept importable from here.
export { emailKey, isEmailAddress } from './email';

/**
 * The spec's four checks on Next, in its order; the first failure's exact text, or null.
 * Used by the browser before it calls anything and by the server before it books.
 */
export function registrationProblem(
  mode: RegistrationMode,
  data: Pick<RegistrationData, 'email' | 'password' | 'privacyAccepted' | 'termsAccepted'>,
): string | null {
  if (!data.email.trim()) return BOOKING_MESSAGES.emailRequired;
  if (mode !== 'guest_login' && !data.password) return BOOKING_MESSAGES.passwordRequired;
  if (mode === 'new_client' && !data.privacyAccepted) return BOOKING_MESSAGES.privacyRequired;
  if (mode === 'new_client' && !data.termsAccepted) return BOOKING_MESSAGES.termsRequired;
  return null;
}

/** The passenger's name as bookings show it: first name and surname. */
export function passengerFullName(data: Pick<RegistrationData, 'firstName' | 'surname'>): string {
  return [data.firstName, data.surname].filter(Boolean).join(' ');
}
