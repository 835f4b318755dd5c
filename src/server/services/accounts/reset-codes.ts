import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A reset code is good for 10 minutes and at most 5 wrong guesses (docs/ARCHITECTURE.md, Accounts). */
export const RESET_CODE_VALID_MINUTES = 10;
export const RESET_CODE_MAX_WRONG_ATTEMPTS = 5;

/** Six random digits, leading zeros kept: 10^6 codes, 5 guesses each. */
export function newResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * `salt$hmac` (hex): HMAC-SHA256 of the code keyed with a per-row salt. A fast hash is
 * enough here: the code lives 10 minutes, dies after 5 wrong tries, and a reader of the
 * database could reset the password anyway; the salt keeps one table of 10^6 hashes from
 * opening every row at once.
 */
export function hashResetCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${hmac(salt, code)}`;
}

/** True when `code` is the one `stored` was made from; compared in constant time. */
export function resetCodeMatches(stored: string, code: string): boolean {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const actual = Buffer.from(hmac(salt, code), 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

function hmac(salt: string, code: string): string {
  return createHmac('sha256', salt).update(code.trim()).digest('hex');
}
