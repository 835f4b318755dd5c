import { OPERATOR_ROUTES } from '../../../contract/app-routes';
import { INVITATION_VALID_HOURS } from '../../../domain/console-account-messages';
import type { OperatorRole } from '../../../domain/operator-roles';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';
import type { OperatorAccountsRepository } from '../../repositories/operator-accounts-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import { hashSessionToken, newSessionToken } from '../accounts/session-tokens';
import { operatorInvitationMail } from '../mail/operator-invitation-mail';

const HOUR_MS = 3_600_000;

/**
 * An invitation token's stored form. The token is 32 random bytes like a session's, so the
 * same plain SHA-256 (session-tokens.ts) is all a database reader ever sees.
 */
export const hashInvitationToken = hashSessionToken;

/** The page an invitation's link opens, with its token (the outbox blanks `?token=` once sent). */
export function invitationLink(siteOrigin: string, token: string): string {
  return `${siteOrigin}${OPERATOR_ROUTES.setPassword}?token=${token}`;
}

export interface InvitationDeps {
  accounts: OperatorAccountsRepository;
  outbox: OutboxRepository;
  clock: () => Date;
  /** PUBLIC_URL's origin, or where the server listens (the local demo). */
  siteOrigin: string;
}

/**
 * Makes a new invitation for the account, replacing any unused one, and queues its mail, in
 * `trx` (the transaction that made or changed the account). Answers when the link stops working.
 */
export async function sendInvitation(
  deps: InvitationDeps,
  trx: Kysely<Database>,
  account: {
    id: number;
    name: string;
    email: string;
    role: OperatorRole;
    companyName: string | null;
  },
  invitedBy: string,
): Promise<Date> {
  const { token, tokenHash } = newSessionToken();
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_HOURS * HOUR_MS);
  await deps.accounts.replaceInvitation(trx, {
    operatorId: account.id,
    tokenHash,
    createdAt: now,
    expiresAt,
  });
  await deps.outbox.enqueue(
    operatorInvitationMail({
      to: account.email,
      name: account.name,
      role: account.role,
      companyName: account.companyName,
      invitedBy,
      link: invitationLink(deps.siteOrigin, token),
      expiresAt,
    }),
    trx,
  );
  return expiresAt;
}
