import type {
  ConsoleAccount,
  ConsoleAccountInput,
  ConsoleAccountPatch,
} from '../../../contract/operator-accounts';
import { CONSOLE_ACCOUNT_MESSAGES as MESSAGES } from '../../../domain/console-account-messages';
import { emailKey } from '../../../domain/email';
import { HttpError } from '../../errors';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import {
  changeSummary,
  foundAccount,
  logged,
  placement,
  recordChange,
  toConsoleAccount,
  type AccountsServiceDeps,
} from './account-rules';
import { sendInvitation } from './invitations';

export type { AccountsServiceDeps } from './account-rules';

/** PostgreSQL's unique_violation (two adds of one email at once), raised by both drivers. */
function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

const emailTaken = () =>
  new HttpError(409, MESSAGES.emailTaken, {
    errors: [{ path: 'email', message: MESSAGES.emailTaken }],
  });

/** A new account without a password, its invitation mailed and the change logged: all or nothing. */
async function addAccount(
  deps: AccountsServiceDeps,
  actor: OperatorIdentity,
  input: ConsoleAccountInput,
): Promise<ConsoleAccount> {
  const { db, accounts } = deps;
  const companyId = await placement(accounts, actor, input.role, input.company_id, null);
  const key = emailKey(input.email);
  if (await accounts.emailKeyTaken(key)) throw emailTaken();
  const account = await db
    .transaction()
    .execute(async (trx) => {
      const id = await accounts.insert(trx, {
        email: input.email,
        email_key: key,
        name: input.name,
        role: input.role,
        company_id: companyId,
      });
      const row = await foundAccount(accounts, actor, id, trx);
      await sendInvitation(deps, trx, { ...row, companyName: row.company_name }, actor.name);
      const added = toConsoleAccount(await foundAccount(accounts, actor, id, trx));
      await recordChange(deps, trx, actor, {
        account: added,
        companyId,
        summary: 'Account added; invitation sent',
        before: null,
        after: logged(added),
      });
      return added;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
  deps.mailQueued();
  return account;
}

/**
 * A new role (and company), or deactivated / reactivated. A deactivated account's sessions end
 * here, in the same transaction: its next request is a 401. Nobody changes their own role or
 * deactivates themselves, so the console always keeps the admin who is using it.
 */
async function updateAccount(
  deps: AccountsServiceDeps,
  actor: OperatorIdentity,
  id: number,
  patch: ConsoleAccountPatch,
): Promise<ConsoleAccount> {
  const { db, accounts, clock } = deps;
  const row = await foundAccount(accounts, actor, id);
  const before = toConsoleAccount(row);
  const role = patch.role ?? row.role;
  const placing = patch.role !== undefined || patch.company_id !== undefined;
  const companyId = placing
    ? await placement(accounts, actor, role, patch.company_id, row.company_id)
    : row.company_id;
  const active = patch.active ?? row.active;
  if (id === actor.id && (role !== row.role || companyId !== row.company_id || !active)) {
    throw new HttpError(403, MESSAGES.notYourself);
  }
  return db.transaction().execute(async (trx) => {
    await accounts.update(trx, id, { role, company_id: companyId, active });
    if (!active && row.active) await accounts.revokeSessions(trx, id, clock());
    const after = toConsoleAccount(await foundAccount(accounts, actor, id, trx));
    await recordChange(deps, trx, actor, {
      account: after,
      // A move is filed under the company joined; an admin has none, so the one left.
      companyId: after.company_id ?? before.company_id,
      summary: changeSummary(before, after),
      before: logged(before),
      after: logged(after),
    });
    return after;
  });
}

/** A new invitation (the old link stops working) for an active account with no password yet. */
async function resendInvitation(
  deps: AccountsServiceDeps,
  actor: OperatorIdentity,
  id: number,
): Promise<ConsoleAccount> {
  const { db, accounts } = deps;
  const row = await foundAccount(accounts, actor, id);
  if (row.password_set) throw new HttpError(409, MESSAGES.passwordAlreadySet);
  if (!row.active) throw new HttpError(409, MESSAGES.accountDeactivated);
  const before = toConsoleAccount(row);
  const after = await db.transaction().execute(async (trx) => {
    await sendInvitation(deps, trx, { ...row, companyName: row.company_name }, actor.name);
    const sent = toConsoleAccount(await foundAccount(accounts, actor, id, trx));
    await recordChange(deps, trx, actor, {
      account: sent,
      companyId: row.company_id,
      summary: 'Invitation sent again',
      before: { invitation_expires_at: before.invitation_expires_at },
      after: { invitation_expires_at: sent.invitation_expires_at },
    });
    return sent;
  });
  deps.mailQueued();
  return after;
}

/**
 * The console's Accounts (issue 33): the admin manages every account; a manager their own
 * company's managers and dispatchers. The routes admit only the admin and managers (allowRoles).
 */
export function createAccountsService(deps: AccountsServiceDeps) {
  return {
    list: async (actor: OperatorIdentity): Promise<ConsoleAccount[]> =>
      (await deps.accounts.list(actor.companyId)).map(toConsoleAccount),
    add: (actor: OperatorIdentity, input: ConsoleAccountInput) => addAccount(deps, actor, input),
    update: (actor: OperatorIdentity, id: number, patch: ConsoleAccountPatch) =>
      updateAccount(deps, actor, id, patch),
    resendInvitation: (actor: OperatorIdentity, id: number) => resendInvitation(deps, actor, id),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
