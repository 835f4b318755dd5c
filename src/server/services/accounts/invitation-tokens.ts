import { INVITATION_VALID_HOURS } from '../../../domain/console-account-messages';
import { HttpError } from '../../errors';
import { hashSessionToken, newSessionToken } from './session-tokens';

/**
 * The rule of every invitation to set a password (console accounts, issue 33; drivers, issue
 * 34): a single-use link whose token is 32 random bytes, valid INVITATION_VALID_HOURS, stored
 * only as its SHA-256, a newer one replacing any unused one.
 */

const HOUR_MS = 3_600_000;

/**
 * An invitation token's stored form. The token is 32 random bytes like a session's, so the
 * same plain SHA-256 (session-tokens.ts) is all a database reader ever sees.
 */
export const hashInvitationToken = hashSessionToken;

/** A new invitation made `now`: the token for the mail, its hash and its times to store. */
export function newInvitation(now: Date): {
  token: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
} {
  const { token, tokenHash } = newSessionToken();
  return {
    token,
    tokenHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_VALID_HOURS * HOUR_MS),
  };
}

/** The page an invitation's link opens, with its token (the outbox blanks `?token=` once sent). */
export function invitationLink(siteOrigin: string, page: string, token: string): string {
  return `${siteOrigin}${page}?token=${token}`;
}

/** What a refused link says to its owner, in the words of the app it opens. */
export interface InvitationRefusals {
  unknown: string;
  used: string;
  expired: string;
}

/**
 * Why an invitation cannot be used now: unknown (never sent, replaced by a newer one, or its
 * account deactivated) is a 404; used or out of time is a 410. Null: it can be used.
 */
export function invitationRefusal(
  row: { active: boolean; used_at: Date | string | null; expires_at: Date | string } | undefined,
  now: Date,
  messages: InvitationRefusals,
): HttpError | null {
  if (!row || !row.active) return new HttpError(404, messages.unknown);
  if (row.used_at !== null) return new HttpError(410, messages.used);
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    return new HttpError(410, messages.expired);
  }
  return null;
}
