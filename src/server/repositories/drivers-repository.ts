import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database, DriversTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Each company's private hire drivers. */
export function createDriversRepository(db: Kysely<Database>) {
  const withNames = (run: Executor) =>
    run
      .selectFrom('drivers')
      .innerJoin('companies', 'companies.id', 'drivers.company_id')
      .innerJoin('fleet_categories', 'fleet_categories.id', 'drivers.category_id')
      // The usual vehicle and its documents (issue 34), flagged on the drivers page.
      .leftJoin('vehicles', 'vehicles.id', 'drivers.vehicle_id')
      .selectAll('drivers')
      .select([
        'companies.name as company_name',
        'fleet_categories.name as category_name',
        'vehicles.registration as usual_registration',
        'vehicles.make as usual_make',
        'vehicles.model as usual_model',
        'vehicles.colour as usual_colour',
        'vehicles.active as usual_active',
        'vehicles.phv_licence_expiry as usual_phv_licence_expiry',
        'vehicles.mot_expiry as usual_mot_expiry',
        'vehicles.insurance_expiry as usual_insurance_expiry',
      ]);

  return {
    /** Every company's drivers (null) or one company's, by name. */
    async list(companyId: number | null) {
      let query = withNames(db);
      if (companyId !== null) query = query.where('drivers.company_id', '=', companyId);
      return query.orderBy('drivers.name').orderBy('drivers.id').execute();
    },

    /** A driver within a company (or any, for null); undefined when not there. */
    async find(id: number, companyId: number | null, trx?: Executor) {
      let query = withNames(trx ?? db).where('drivers.id', '=', id);
      if (companyId !== null) query = query.where('drivers.company_id', '=', companyId);
      return query.executeTakeFirst();
    },

    async insert(driver: Insertable<DriversTable>, trx?: Executor): Promise<number> {
      const row = await (trx ?? db)
        .insertInto('drivers')
        .values(driver)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, changes: Updateable<DriversTable>, trx?: Executor): Promise<void> {
      await (trx ?? db).updateTable('drivers').set(changes).where('id', '=', id).execute();
    },

    /** Another driver (any company's) signing in with this email, whatever its case. */
    async emailTaken(email: string, exceptId: number | null, trx?: Executor): Promise<boolean> {
      let query = (trx ?? db)
        .selectFrom('drivers')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase());
      if (exceptId !== null) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Whether a vehicle category exists, and a company does. */
    async categoryExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('fleet_categories')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
    async companyExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('companies')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type DriversRepository = ReturnType<typeof createDriversRepository>;
export type DriverRow = Awaited<ReturnType<DriversRepository['list']>>[number];
