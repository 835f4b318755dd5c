import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { registrationKey } from '../../domain/vehicle-plate';
import type { Database, VehiclesTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A registration as compared: capitals without spaces ('AB12CDE' is 'AB12 CDE'). */
const keyOf = sql<string>`upper(replace(vehicles.registration, ' ', ''))`;

/** Each company's private hire vehicles and their licensing documents (issue 34). */
export function createVehiclesRepository(db: Kysely<Database>) {
  const withNames = (run: Executor) =>
    run
      .selectFrom('vehicles')
      .innerJoin('companies', 'companies.id', 'vehicles.company_id')
      .innerJoin('fleet_categories', 'fleet_categories.id', 'vehicles.category_id')
      .selectAll('vehicles')
      .select(['companies.name as company_name', 'fleet_categories.name as category_name']);

  return {
    /** Every company's vehicles (null) or one company's, by registration. */
    async list(companyId: number | null, trx?: Executor) {
      let query = withNames(trx ?? db);
      if (companyId !== null) query = query.where('vehicles.company_id', '=', companyId);
      return query.orderBy('vehicles.registration').orderBy('vehicles.id').execute();
    },

    /** A vehicle within a company (or any, for null); undefined when not there. */
    async find(id: number, companyId: number | null, trx?: Executor) {
      let query = withNames(trx ?? db).where('vehicles.id', '=', id);
      if (companyId !== null) query = query.where('vehicles.company_id', '=', companyId);
      return query.executeTakeFirst();
    },

    /** The company's vehicle with this registration, however it is spaced; undefined: none. */
    async findByRegistration(
      companyId: number,
      registration: string,
      trx?: Executor,
      exceptId?: number,
    ) {
      let query = withNames(trx ?? db)
        .where('vehicles.company_id', '=', companyId)
        .where(keyOf, '=', registrationKey(registration));
      if (exceptId !== undefined) query = query.where('vehicles.id', '<>', exceptId);
      return query.executeTakeFirst();
    },

    async insert(vehicle: Insertable<VehiclesTable>, trx: Executor): Promise<number> {
      const row = await trx
        .insertInto('vehicles')
        .values(vehicle)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, changes: Updateable<VehiclesTable>, trx: Executor): Promise<void> {
      await trx.updateTable('vehicles').set(changes).where('id', '=', id).execute();
    },

    /** The drivers whose usual vehicle this is keep its registration (older code reads it). */
    async syncDriverRegistrations(vehicleId: number, registration: string, trx: Executor) {
      await trx
        .updateTable('drivers')
        .set({ vehicle_registration: registration })
        .where('vehicle_id', '=', vehicleId)
        .execute();
    },
  };
}

export type VehiclesRepository = ReturnType<typeof createVehiclesRepository>;
export type VehicleRow = Awaited<ReturnType<VehiclesRepository['list']>>[number];
