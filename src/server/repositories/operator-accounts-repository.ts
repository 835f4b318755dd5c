import type { Kysely, Updateable } from 'kysely';
import type { Database, OperatorsTable } from '../db/schema';

/** The database or the transaction of the change at hand. */
type Executor = Kysely<Database>;

/** Accounts with their company's name, whether a password is set, and the live invitation. */
function accounts(q: Executor) {
  return q
    .selectFrom('operators')
    .leftJoin('companies', 'companies.id', 'operators.company_id')
    .select((eb) => [
      'operators.id',
      'operators.name',
      'operators.email',
      'operators.role',
      'operators.company_id',
      'operators.active',
      'companies.name as company_name',
      eb('operators.password_hash', 'is not', null).as('password_set'),
      // The latest unused invitation's end; older ones are deleted when a new one is sent.
      eb
        .selectFrom('operator_invitations')
        .select((sub) => sub.fn.max('operator_invitations.expires_at').as('expires_at'))
        .whereRef('operator_invitations.operator_id', '=', 'operators.id')
        .where('operator_invitations.used_at', 'is', null)
        .as('invitation_expires_at'),
    ]);
}

/**
 * Console accounts as the Accounts page manages them (issue 33), and the invitations their
 * owners set a password with, invitations known only by their token's hash.
 */
export function createOperatorAccountsRepository(db: Kysely<Database>) {
  return {
    /** Every account (companyId null: the admin's view) or one company's, by name. */
    async list(companyId: number | null) {
      let query = accounts(db).orderBy('operators.name').orderBy('operators.id');
      if (companyId !== null) query = query.where('operators.company_id', '=', companyId);
      return query.execute();
    },

    /** One account, if it is in `companyId` (null: any company, or none). */
    async find(id: number, companyId: number | null, q: Executor = db) {
      let query = accounts(q).where('operators.id', '=', id);
      if (companyId !== null) query = query.where('operators.company_id', '=', companyId);
      return query.executeTakeFirst();
    },

    async emailKeyTaken(emailKey: string, q: Executor = db): Promise<boolean> {
      const row = await q
        .selectFrom('operators')
        .select('id')
        .where('email_key', '=', emailKey)
        .executeTakeFirst();
      return row !== undefined;
    },

    async companyName(companyId: number, q: Executor = db): Promise<string | undefined> {
      const row = await q
        .selectFrom('companies')
        .select('name')
        .where('id', '=', companyId)
        .executeTakeFirst();
      return row?.name;
    },

    /** A new account without a password: its owner sets one from the invitation. */
    async insert(
      q: Executor,
      account: {
        email: string;
        email_key: string;
        name: string;
        role: OperatorsTable['role'];
        company_id: number | null;
      },
    ): Promise<number> {
      const row = await q
        .insertInto('operators')
        .values({ ...account, password_hash: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(q: Executor, id: number, change: Updateable<OperatorsTable>): Promise<void> {
      await q.updateTable('operators').set(change).where('id', '=', id).execute();
    },

    /** Ends every live session of the account at once (a deactivation). */
    async revokeSessions(q: Executor, operatorId: number, now: Date): Promise<void> {
      await q
        .updateTable('operator_sessions')
        .set({ revoked_at: now })
        .where('operator_id', '=', operatorId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    ...invitationQueries(),
  };
}

/** Invitations: stored by their token's hash, used once. Each takes the change's executor. */
function invitationQueries() {
  return {
    /** Stores a new invitation and deletes the account's unused ones: only the latest link works. */
    async replaceInvitation(
      q: Executor,
      invitation: { operatorId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
    ): Promise<void> {
      await q
        .deleteFrom('operator_invitations')
        .where('operator_id', '=', invitation.operatorId)
        .where('used_at', 'is', null)
        .execute();
      await q
        .insertInto('operator_invitations')
        .values({
          operator_id: invitation.operatorId,
          token_hash: invitation.tokenHash,
          created_at: invitation.createdAt,
          expires_at: invitation.expiresAt,
        })
        .execute();
    },

    /**
     * The invitation with this token hash and its account, locked until the transaction ends so
     * two uses racing each other cannot both set a password.
     */
    async findInvitation(q: Executor, tokenHash: string, lock: boolean) {
      let query = q
        .selectFrom('operator_invitations')
        .innerJoin('operators', 'operators.id', 'operator_invitations.operator_id')
        .select([
          'operator_invitations.id',
          'operator_invitations.operator_id',
          'operator_invitations.expires_at',
          'operator_invitations.used_at',
          'operators.name',
          'operators.email',
          'operators.active',
          'operators.company_id',
        ])
        .where('operator_invitations.token_hash', '=', tokenHash);
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async markInvitationUsed(q: Executor, id: number, usedAt: Date): Promise<void> {
      await q
        .updateTable('operator_invitations')
        .set({ used_at: usedAt })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type OperatorAccountsRepository = ReturnType<typeof createOperatorAccountsRepository>;
export type ConsoleAccountRow = NonNullable<
  Awaited<ReturnType<OperatorAccountsRepository['find']>>
>;
export type InvitationRow = NonNullable<
  Awaited<ReturnType<OperatorAccountsRepository['findInvitation']>>
>;
