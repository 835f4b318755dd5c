import type { Kysely } from 'kysely';
import type {
  ConsoleAccount,
  ConsoleAccountInput,
  ConsoleAccountPatch,
} from '../../../contract/operator-accounts';
import { CONSOLE_ACCOUNT_MESSAGES as MESSAGES } from '../../../domain/console-account-messages';
import { emailKey } from '../../../domain/email';
import type { OperatorRole } from '../../../domain/operator-roles';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { ConsoleAccountRow } from '../../repositories/operator-accounts-repository';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { sendInvitation, type InvitationDeps } from './invitations';

export interface AccountsServiceDeps extends InvitationDeps {
  db: Kysely<Database>;
  activity: ActivityRepository;
  /** Told after a transaction that queued mail has committed, so the sender goes at once. */
  mailQueued: () => void;
}

export function toConsoleAccount(row: ConsoleAccountRow): ConsoleAccount {
  const ends = row.invitation_expires_at;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    company_id: row.company_id,
    company_name: row.company_name,
    active: row.active,
    password_set: Boolean(row.password_set),
    invitation_expires_at:
      row.password_set || ends === null || ends === undefined
        ? null
        : new Date(ends as Date | string).toISOString(),
  };
}

/** What the activity log keeps of an account: never a password or a token. */
function logged(account: ConsoleAccount) {
  return {
    name: account.name,
    email: account.email,
    role: account.role,
    company_id: account.company_id,
    company_name: account.company_name,
    active: account.active,
    password_set: account.password_set,
  };
}

/** PostgreSQL's unique_violation (two adds of one email at once), raised by both drivers. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

const emailTaken = () =>
  new HttpError(409, MESSAGES.emailTaken, {
    errors: [{ path: 'email', message: MESSAGES.emailTaken }],
  });

/**
 * The console's Accounts (issue 33): the admin manages every account; a manager their own
 * company's managers and dispatchers (another company's account, or an admin, is a 404, as if
 * it did not exist). The route admits only the admin and managers (allowRoles).
 */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, accounts, activity, clock } = deps;

  async function found(actor: OperatorIdentity, id: number, q: Kysely<Database> = db) {
    const row = await accounts.find(id, actor.companyId, q);
    if (!row) throw new HttpError(404, MESSAGES.accountNotFound);
    return row;
  }

  /**
   * The company an account of `role` belongs to when `actor` places it: a manager's own (never
   * an admin, never another company: 403), the admin's choice (none for an admin, an existing
   * company for anyone else: 400 naming company_id).
   */
  async function placement(
    actor: OperatorIdentity,
    role: OperatorRole,
    given: number | null | undefined,
    current: number | null,
  ): Promise<number | null> {
    if (actor.role !== 'admin') {
      if (role === 'admin') throw new HttpError(403, MESSAGES.managerNoAdmin);
      if (given !== undefined && given !== actor.companyId) {
        throw new HttpError(403, MESSAGES.managerOwnCompany);
      }
      return actor.companyId;
    }
    const issue = (message: string) =>
      new RequestValidationError([{ path: 'company_id', message }]);
    if (role === 'admin') {
      if (given !== undefined && given !== null) throw issue(MESSAGES.adminNoCompany);
      return null;
    }
    const company = given === undefined ? current : given;
    if (company === null) throw issue(MESSAGES.companyRequired);
    if ((await accounts.companyName(company)) === undefined) throw issue(MESSAGES.notACompany);
    return company;
  }

  const record = (
    trx: Kysely<Database>,
    actor: OperatorIdentity,
    entry: { companyId: number | null; subject: string; summary: string; before: unknown; after: unknown },
  ) =>
    activity.record(trx, {
      actor: { id: actor.id, name: actor.name },
      kind: 'accounts',
      at: clock(),
      ...entry,
    });

  return {
    async list(actor: OperatorIdentity): Promise<ConsoleAccount[]> {
      return (await accounts.list(actor.companyId)).map(toConsoleAccount);
    },

    /** A new account without a password, its invitation mailed: all or nothing. */
    async add(actor: OperatorIdentity, input: ConsoleAccountInput): Promise<ConsoleAccount> {
      const companyId = await placement(actor, input.role, input.company_id, null);
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
          const row = await found(actor, id, trx);
          await sendInvitation(deps, trx, { ...row, companyName: row.company_name }, actor.name);
          const added = toConsoleAccount(await found(actor, id, trx));
          await record(trx, actor, {
            companyId,
            subject: `${added.name} (${added.email})`,
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
    },

    /**
     * A new role (and company), or deactivated / reactivated. A deactivated account's sessions
     * end here, in the same transaction: its next request is a 401.
     */
    async update(
      actor: OperatorIdentity,
      id: number,
      patch: ConsoleAccountPatch,
    ): Promise<ConsoleAccount> {
      const row = await found(actor, id);
      const before = toConsoleAccount(row);
      const role = patch.role ?? row.role;
      const placing = patch.role !== undefined || patch.company_id !== undefined;
      const companyId = placing
        ? await placement(actor, role, patch.company_id, row.company_id)
        : row.company_id;
      const active = patch.active ?? row.active;
      if (id === actor.id && (role !== row.role || companyId !== row.company_id || !active)) {
        throw new HttpError(403, MESSAGES.notYourself);
      }
      return db.transaction().execute(async (trx) => {
        await accounts.update(trx, id, { role, company_id: companyId, active });
        if (!active && row.active) await accounts.revokeSessions(trx, id, clock());
        const after = toConsoleAccount(await found(actor, id, trx));
        await record(trx, actor, {
          // Kept with the company it left as well as the one it joined, for each manager's view.
          companyId: after.company_id ?? before.company_id,
          subject: `${after.name} (${after.email})`,
          summary: changeSummary(before, after),
          before: logged(before),
          after: logged(after),
        });
        return after;
      });
    },

    /** Sends a new invitation (the old link stops working) to an account with no password yet. */
    async resendInvitation(actor: OperatorIdentity, id: number): Promise<ConsoleAccount> {
      const row = await found(actor, id);
      if (row.password_set) throw new HttpError(409, MESSAGES.passwordAlreadySet);
      if (!row.active) throw new HttpError(409, MESSAGES.accountDeactivated);
      const before = toConsoleAccount(row);
      const after = await db.transaction().execute(async (trx) => {
        await sendInvitation(deps, trx, { ...row, companyName: row.company_name }, actor.name);
        const sent = toConsoleAccount(await found(actor, id, trx));
        await record(trx, actor, {
          companyId: row.company_id,
          subject: `${sent.name} (${sent.email})`,
          summary: 'Invitation sent again',
          before: { invitation_expires_at: before.invitation_expires_at },
          after: { invitation_expires_at: sent.invitation_expires_at },
        });
        return sent;
      });
      deps.mailQueued();
      return after;
    },
  };
}

/** The activity row's one-line summary of a change. */
function changeSummary(before: ConsoleAccount, after: ConsoleAccount): string {
  const parts: string[] = [];
  if (before.role !== after.role) parts.push(`role ${before.role} → ${after.role}`);
  if (before.company_id !== after.company_id) {
    parts.push(`company ${before.company_name ?? 'none'} → ${after.company_name ?? 'none'}`);
  }
  if (before.active !== after.active) parts.push(after.active ? 'reactivated' : 'deactivated');
  return parts.length > 0 ? `Account changed: ${parts.join(', ')}` : 'Account saved unchanged';
}

export type AccountsService = ReturnType<typeof createAccountsService>;
