import { ACCOUNT_MESSAGES } from './messages';
import { REGISTRATION_LIMITS } from './registration';

/**
 * The policy every new password meets (NIST 800-63B: a length floor and a block list, no
 * composition rules). One home for the browser, which checks it on Next, and the server,
 * which checks it again before it makes the account.
 */

/** The rule as the new-client form shows it under Password, before anything is typed. */
export const PASSWORD_RULE_HINT = `At least ${REGISTRATION_LIMITS.passwordMin} characters, and not a commonly used password.`;

/** Under Confirm new password when it is not the new password (the invitation links' pages). */
export const PASSWORDS_DIFFER = 'The two passwords are not the same';

/**
 * Why a new password is refused, or null. `isCommon` looks the password up in the block list
 * (the server's and the browser's copy of zxcvbn's common passwords; omitted, only lengths).
 */
export function passwordProblem(
  password: string,
  isCommon: (password: string) => boolean = () => false,
): string | null {
  // Characters, not UTF-16 units: an emoji counts once.
  const length = [...password].length;
  if (length < REGISTRATION_LIMITS.passwordMin) return ACCOUNT_MESSAGES.passwordTooShort;
  if (length > REGISTRATION_LIMITS.passwordMax) return ACCOUNT_MESSAGES.passwordTooLong;
  if (isCommon(password)) return ACCOUNT_MESSAGES.passwordTooCommon;
  return null;
}

/** The block list's form of a password: lower case, as zxcvbn lists them. */
export function commonPasswordKey(password: string): string {
  return password.toLowerCase();
}
