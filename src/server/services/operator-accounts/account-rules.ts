import type { Kysely } from 'kysely';
import type { ConsoleAccount } from '../../../contract/operator-accounts';
import { CONSOLE_ACCOUNT_MESSAGES as MESSAGES } from '../../../domain/console-account-messages';
import type { OperatorRole } from '../../../domain/operator-roles';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type {
  ConsoleAccountRow,
  OperatorAccountsRepository,
} from '../../repositories/operator-accounts-repository';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import type { InvitationDeps } from './invitations';

export interface AccountsServiceDeps extends InvitationDeps {
  db: Kysely<Database>;
  activity: ActivityRepository;
  /** Told after a transaction that queued mail has committed, so the sender goes at once. */
  mailQueued: () => void;
}

export function toConsoleAccount(row: ConsoleAccountRow): ConsoleAccount {
  const ends = row.invitation_expires_at as Date | string | null | undefined;
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
      row.password_set || ends === null || ends === undefined ? null : new Date(ends).toISOString(),
  };
}

/**
 * The account, if `actor` may see it: the admin any, a manager only their own company's (an
 * admin or another company's account is a 404, as if it did not exist).
 */
export async function foundAccount(
  accounts: OperatorAccountsRepository,
  actor: OperatorIdentity,
  id: number,
  q?: Kysely<Database>,
): Promise<ConsoleAccountRow> {
  const row = await accounts.find(id, actor.companyId, q);
  if (!row) throw new HttpError(404, MESSAGES.accountNotFound);
  return row;
}

/**
 * The company an account of `role` belongs to when `actor` places it: a manager's own (never
 * an admin, never another company: 403), the admin's choice (none for an admin, an existing
 * company for anyone else: 400 naming company_id). `current` is the account's company today.
 */
export async function placement(
  accounts: OperatorAccountsRepository,
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
  const issue = (message: string) => new RequestValidationError([{ path: 'company_id', message }]);
  if (role === 'admin') {
    if (given !== undefined && given !== null) throw issue(MESSAGES.adminNoCompany);
    return null;
  }
  const company = given === undefined ? current : given;
  if (company === null) throw issue(MESSAGES.companyRequired);
  if ((await accounts.companyName(company)) === undefined) throw issue(MESSAGES.notACompany);
  return company;
}

/** What the activity log keeps of an account: never a password or a token. */
export function logged(account: ConsoleAccount) {
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

/** One 'accounts' row of the activity log, in the change's transaction. */
export function recordChange(
  deps: Pick<AccountsServiceDeps, 'activity' | 'clock'>,
  trx: Kysely<Database>,
  actor: OperatorIdentity,
  entry: {
    account: ConsoleAccount;
    /** The company the change concerns, for each manager's view of the log. */
    companyId: number | null;
    summary: string;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  const { account, ...rest } = entry;
  return deps.activity.record(trx, {
    actor: { id: actor.id, name: actor.name },
    kind: 'accounts',
    subject: `${account.name} (${account.email})`,
    at: deps.clock(),
    ...rest,
  });
}

/** The activity row's one-line summary of a change. */
export function changeSummary(before: ConsoleAccount, after: ConsoleAccount): string {
  const parts: string[] = [];
  if (before.role !== after.role) parts.push(`role ${before.role} → ${after.role}`);
  if (before.company_id !== after.company_id) {
    parts.push(`company ${before.company_name ?? 'none'} → ${after.company_name ?? 'none'}`);
  }
  if (before.active !== after.active) parts.push(after.active ? 'reactivated' : 'deactivated');
  return parts.length > 0 ? `Account changed: ${parts.join(', ')}` : 'Account saved unchanged';
}
