import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Invitations to the driver app (issue 34): stored by their token's hash, used once, only the
 * latest unused one of a driver working. Each takes the change's executor.
 */
export function createDriverInvitationsRepository(db: Kysely<Database>) {
  return {
    /** Stores a new invitation and deletes the driver's unused ones. */
    async replaceInvitation(
      q: Executor,
      invitation: { driverId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
    ): Promise<void> {
      await q
        .deleteFrom('driver_invitations')
        .where('driver_id', '=', invitation.driverId)
        .where('used_at', 'is', null)
        .execute();
      await q
        .insertInto('driver_invitations')
        .values({
          driver_id: invitation.driverId,
          token_hash: invitation.tokenHash,
          created_at: invitation.createdAt,
          expires_at: invitation.expiresAt,
        })
        .execute();
    },

    /**
     * The invitation with this token hash and its driver (active only if their company is),
     * locked until the transaction ends so two uses racing each other cannot both set a password.
     */
    async findInvitation(tokenHash: string, lock: boolean, q: Executor = db) {
      let query = q
        .selectFrom('driver_invitations')
        .innerJoin('drivers', 'drivers.id', 'driver_invitations.driver_id')
        .innerJoin('companies', 'companies.id', 'drivers.company_id')
        .select([
          'driver_invitations.id',
          'driver_invitations.driver_id',
          'driver_invitations.expires_at',
          'driver_invitations.used_at',
          'drivers.name',
          'drivers.email',
          'drivers.company_id',
          'drivers.active as driver_active',
          'companies.active as company_active',
        ])
        .where('driver_invitations.token_hash', '=', tokenHash);
      if (lock) query = query.forUpdate('driver_invitations');
      const row = await query.executeTakeFirst();
      return row && { ...row, active: row.driver_active && row.company_active };
    },

    /** Sets the driver's password and uses the invitation up, in the caller's transaction. */
    async usePassword(
      q: Executor,
      use: { invitationId: number; driverId: number; passwordHash: string; at: Date },
    ): Promise<void> {
      await q
        .updateTable('drivers')
        .set({ password_hash: use.passwordHash, updated_at: use.at })
        .where('id', '=', use.driverId)
        .execute();
      await q
        .updateTable('driver_invitations')
        .set({ used_at: use.at })
        .where('id', '=', use.invitationId)
        .execute();
    },
  };
}

export type DriverInvitationsRepository = ReturnType<typeof createDriverInvitationsRepository>;
export type DriverInvitationRow = NonNullable<
  Awaited<ReturnType<DriverInvitationsRepository['findInvitation']>>
>;
