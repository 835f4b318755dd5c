import type { Kysely } from 'kysely';
import type { Operator } from '../../../contract/operator';
import { CONSOLE_ACCOUNT_MESSAGES as MESSAGES } from '../../../domain/console-account-messages';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type {
  InvitationRow,
  OperatorAccountsRepository,
} from '../../repositories/operator-accounts-repository';
import { hashPassword, passwordProblem } from '../accounts/passwords';
import { hashInvitationToken, invitationRefusal } from '../accounts/invitation-tokens';

export interface SetPasswordDeps {
  db: Kysely<Database>;
  accounts: OperatorAccountsRepository;
  activity: ActivityRepository;
  clock: () => Date;
}

const REFUSALS = {
  unknown: MESSAGES.invitationUnknown,
  used: MESSAGES.invitationUsed,
  expired: MESSAGES.invitationExpired,
};

function refusal(row: InvitationRow | undefined, now: Date): HttpError | null {
  return invitationRefusal(row, now, REFUSALS);
}

/**
 * The invitation's side (issue 33): whose link this is, and setting the password with it,
 * which uses the link up. No session is needed: the token, 32 random bytes, is the proof.
 */
export function createSetPasswordService(deps: SetPasswordDeps) {
  const { db, accounts, activity, clock } = deps;

  async function usable(token: string): Promise<InvitationRow> {
    const row = await accounts.findInvitation(db, hashInvitationToken(token), false);
    const refused = refusal(row, clock());
    if (refused) throw refused;
    return row!;
  }

  return {
    /** The name and email the invitation is for, so the page can greet its owner. */
    async lookup(token: string): Promise<{ name: string; email: string }> {
      const row = await usable(token);
      return { name: row.name, email: row.email };
    },

    /**
     * Sets the password and uses the invitation up, all or nothing; answers the operator, whom
     * the route then signs in. The link is checked before the password, so a dead link is
     * said to be dead rather than the password too short.
     */
    async setPassword(token: string, password: string): Promise<Operator> {
      await usable(token);
      const problem = passwordProblem(password);
      if (problem) throw new RequestValidationError([{ path: 'password', message: problem }]);
      // Hashed before the transaction: argon2 takes tens of milliseconds, too long to hold
      // the invitation's row lock (and PGlite's only connection) for.
      const passwordHash = await hashPassword(password);
      return db.transaction().execute(async (trx) => {
        const now = clock();
        const row = await accounts.findInvitation(trx, hashInvitationToken(token), true);
        const refused = refusal(row, now);
        if (refused) throw refused;
        const { id: invitationId, operator_id: operatorId } = row!;
        await accounts.update(trx, operatorId, { password_hash: passwordHash });
        await accounts.markInvitationUsed(trx, invitationId, now);
        const account = await accounts.find(operatorId, null, trx);
        if (!account) throw new HttpError(404, MESSAGES.invitationUnknown);
        await activity.record(trx, {
          actor: { id: account.id, name: account.name },
          companyId: account.company_id,
          kind: 'accounts',
          subject: `${account.name} (${account.email})`,
          summary: 'Password set from the invitation',
          before: { password_set: false },
          after: { password_set: true },
          at: now,
        });
        return {
          id: account.id,
          name: account.name,
          email: account.email,
          role: account.role,
          company_id: account.company_id,
          company_name: account.company_name,
        };
      });
    },
  };
}

export type SetPasswordService = ReturnType<typeof createSetPasswordService>;
