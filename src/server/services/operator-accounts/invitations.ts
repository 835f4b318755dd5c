import { OPERATOR_ROUTES } from '../../../contract/app-routes';
import type { OperatorRole } from '../../../domain/operator-roles';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';
import type { OperatorAccountsRepository } from '../../repositories/operator-accounts-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import { invitationLink, newInvitation } from '../accounts/invitation-tokens';
import { operatorInvitationMail } from '../mail/operator-invitation-mail';

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
  const { token, tokenHash, createdAt, expiresAt } = newInvitation(deps.clock());
  await deps.accounts.replaceInvitation(trx, {
    operatorId: account.id,
    tokenHash,
    createdAt,
    expiresAt,
  });
  await deps.outbox.enqueue(
    operatorInvitationMail({
      to: account.email,
      name: account.name,
      role: account.role,
      companyName: account.companyName,
      invitedBy,
      link: invitationLink(deps.siteOrigin, OPERATOR_ROUTES.setPassword, token),
      expiresAt,
    }),
    trx,
  );
  return expiresAt;
}
