import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A driver with their company and usual vehicle, as sign-in and "me" read them. */
function withCompany(run: Executor) {
  return run
    .selectFrom('drivers')
    .innerJoin('companies', 'companies.id', 'drivers.company_id')
    .leftJoin('vehicles', 'vehicles.id', 'drivers.vehicle_id')
    .select([
      'drivers.id',
      'drivers.name',
      'drivers.email',
      'drivers.company_id',
      'drivers.active',
      'drivers.on_duty',
      'drivers.vehicle_registration',
      'companies.name as company_name',
      'companies.phone as company_phone',
      'companies.active as company_active',
      'vehicles.registration as vehicle_record_registration',
      'vehicles.make as vehicle_make',
      'vehicles.model as vehicle_model',
      'vehicles.colour as vehicle_colour',
    ]);
}

/**
 * The driver app's sign-in (issue 34): drivers by their email, and their sessions, known only
 * by the hash of their token.
 */
export function createDriverSessionsRepository(db: Kysely<Database>) {
  return {
    /** A driver by their email key (lower case), with their password hash, for sign-in. */
    async findByEmailKey(emailKey: string) {
      return withCompany(db)
        .select('drivers.password_hash')
        .where((eb) => eb(eb.fn('lower', ['drivers.email']), '=', emailKey))
        .executeTakeFirst();
    },

    /** A driver by id, as a session sees them. */
    async find(id: number, trx?: Executor) {
      return withCompany(trx ?? db)
        .where('drivers.id', '=', id)
        .executeTakeFirst();
    },

    async insertSession(
      session: { tokenHash: string; driverId: number; expiresAt: Date },
      trx?: Executor,
    ) {
      await (trx ?? db)
        .insertInto('driver_sessions')
        .values({
          token_hash: session.tokenHash,
          driver_id: session.driverId,
          expires_at: session.expiresAt,
        })
        .execute();
    },

    /**
     * The driver of a live session (not revoked, not idle past its expiry), active or not.
     * With `nextExpiry` the session's expiry moves on to it: a session lasts while it is used.
     */
    async touchSession(tokenHash: string, now: Date, nextExpiry: Date | undefined) {
      const session = nextExpiry
        ? await db
            .updateTable('driver_sessions')
            .set({ expires_at: nextExpiry })
            .where('token_hash', '=', tokenHash)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now)
            .returning('driver_id')
            .executeTakeFirst()
        : await db
            .selectFrom('driver_sessions')
            .select('driver_id')
            .where('token_hash', '=', tokenHash)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now)
            .executeTakeFirst();
      if (!session) return undefined;
      return withCompany(db).where('drivers.id', '=', session.driver_id).executeTakeFirst();
    },

    async revokeSession(tokenHash: string, now: Date): Promise<void> {
      await db
        .updateTable('driver_sessions')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every live session of a driver (deactivated), in the change's transaction. */
    async revokeAllOf(driverId: number, now: Date, trx?: Executor): Promise<void> {
      await (trx ?? db)
        .updateTable('driver_sessions')
        .set({ revoked_at: now })
        .where('driver_id', '=', driverId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** On or off duty (POST /driver/duty), stamped with when it changed. */
    async setDuty(driverId: number, onDuty: boolean, now: Date): Promise<void> {
      await db
        .updateTable('drivers')
        .set({ on_duty: onDuty, duty_changed_at: now })
        .where('id', '=', driverId)
        .execute();
    },
  };
}

export type DriverSessionsRepository = ReturnType<typeof createDriverSessionsRepository>;
export type DriverAccountRow = NonNullable<
  Awaited<ReturnType<DriverSessionsRepository['touchSession']>>
>;
