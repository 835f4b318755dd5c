import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Console accounts and their sessions, sessions known only by the hash of their token. */
export function createOperatorsRepository(db: Kysely<Database>) {
  const withCompany = () =>
    db
      .selectFrom('operators')
      .leftJoin('companies', 'companies.id', 'operators.company_id')
      .select([
        'operators.id',
        'operators.name',
        'operators.email',
        'operators.role',
        'operators.company_id',
        'operators.active',
        'companies.name as company_name',
        // Null for the admin, who has no company (issue 33: a deactivated company's console closes).
        'companies.active as company_active',
      ]);

  return {
    /** An account by its email key, with its password hash, for sign-in. */
    async findByEmailKey(emailKey: string) {
      return withCompany()
        .select('operators.password_hash')
        .where('operators.email_key', '=', emailKey)
        .executeTakeFirst();
    },

    async insertSession(session: { tokenHash: string; operatorId: number; expiresAt: Date }) {
      await db
        .insertInto('operator_sessions')
        .values({
          token_hash: session.tokenHash,
          operator_id: session.operatorId,
          expires_at: session.expiresAt,
        })
        .execute();
    },

    /**
     * The operator of a live session (not revoked, not idle past its expiry), active or not.
     * With `nextExpiry` the session's expiry moves on to it: a session lasts while it is used.
     */
    async touchSession(tokenHash: string, now: Date, nextExpiry: Date | undefined) {
      const session = nextExpiry
        ? await db
            .updateTable('operator_sessions')
            .set({ expires_at: nextExpiry })
            .where('token_hash', '=', tokenHash)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now)
            .returning('operator_id')
            .executeTakeFirst()
        : await db
            .selectFrom('operator_sessions')
            .select('operator_id')
            .where('token_hash', '=', tokenHash)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now)
            .executeTakeFirst();
      if (!session) return undefined;
      return withCompany().where('operators.id', '=', session.operator_id).executeTakeFirst();
    },

    async revokeSession(tokenHash: string, now: Date): Promise<void> {
      await db
        .updateTable('operator_sessions')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
export type OperatorRow = NonNullable<Awaited<ReturnType<OperatorsRepository['touchSession']>>>;
