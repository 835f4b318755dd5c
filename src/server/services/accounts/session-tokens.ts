import { createHash, randomBytes } from 'node:crypto';

/** How long a corporate sign-in lasts (issue 5: 30 days). */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60_000;

/**
 * A new bearer token: 32 random bytes, base64url. Only its hash is stored, so a copy of the
 * database gives nobody a way in.
 */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSessionToken(token) };
}

/**
 * sha256 in hex. A plain hash is enough here: the token has 256 bits of entropy, so there
 * is nothing for a slow hash to protect against.
 */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
