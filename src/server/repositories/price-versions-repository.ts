import { sql, type Kysely } from 'kysely';
import type { HolidayRegion } from '../../domain/pricing-model';
import type { Database } from '../db/schema';

/** A saved version of a company's prices. `prices` is the snapshot the service wrote. */
export interface PriceVersionRow {
  id: number;
  company_id: number;
  number: number;
  created_at: Date;
  operator_name: string;
  summary: string;
  changes: unknown;
  prices: unknown;
  restored_from: number | null;
}

export interface ZoneRow {
  name: string;
  lat: number;
  lng: number;
  radius_km: number;
  is_airport: boolean;
  iata_code: string | null;
  flight_buffer_minutes: number | null;
}

/** What the console reads of a zone. */
const ZONE_COLUMNS = [
  'id',
  'name',
  'lat',
  'lng',
  'radius_km',
  'is_airport',
  'iata_code',
  'flight_buffer_minutes',
] as const;

/**
 * Price versions (migration 0022), and the admin's zones and bank holidays: the rest of what
 * the Prices page reads and writes besides the cards.
 */
export function createPriceVersionsRepository(db: Kysely<Database>) {
  return {
    insertVersion,

    /** Newest first. */
    listVersions: (companyId: number, executor: Kysely<Database> = db) =>
      executor
        .selectFrom('price_versions')
        .selectAll()
        .where('company_id', '=', companyId)
        .orderBy('number', 'desc')
        .execute(),

    findVersion: (id: number) =>
      db.selectFrom('price_versions').selectAll().where('id', '=', id).executeTakeFirst(),

    companyName: async (companyId: number) =>
      (
        await db
          .selectFrom('companies')
          .select('name')
          .where('id', '=', companyId)
          .executeTakeFirst()
      )?.name,

    /** Categories the company runs (a fixed fare needs one). */
    companyCategories: (companyId: number, executor: Kysely<Database> = db) =>
      executor
        .selectFrom('company_vehicles as cv')
        .innerJoin('fleet_categories as fc', 'fc.id', 'cv.category_id')
        .select(['fc.id', 'fc.name'])
        .where('cv.company_id', '=', companyId)
        .orderBy('fc.sort_order')
        .execute(),

    listZones: (executor: Kysely<Database> = db) =>
      executor.selectFrom('zones').select(ZONE_COLUMNS).orderBy('name').execute(),

    findZone: (id: number, executor: Kysely<Database> = db) =>
      executor.selectFrom('zones').select(ZONE_COLUMNS).where('id', '=', id).executeTakeFirst(),

    zoneNameTaken: async (name: string, exceptId: number | null) => {
      let query = db
        .selectFrom('zones')
        .select('id')
        .where(sql`lower(name)`, '=', name.toLowerCase());
      if (exceptId !== null) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    insertZone: (trx: Kysely<Database>, zone: ZoneRow) =>
      trx.insertInto('zones').values(zone).returning('id').executeTakeFirstOrThrow(),

    updateZone: (trx: Kysely<Database>, id: number, zone: ZoneRow) =>
      trx.updateTable('zones').set(zone).where('id', '=', id).execute(),

    deleteZone: (trx: Kysely<Database>, id: number) =>
      trx.deleteFrom('zones').where('id', '=', id).execute(),

    /** Every bank holiday from `fromDate` on, both calendars. */
    listBankHolidays: (fromDate: string) =>
      db
        .selectFrom('bank_holidays')
        .select([sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'), 'region', 'name'])
        .where('date', '>=', fromDate)
        .orderBy('date')
        .orderBy('region')
        .execute(),

    /** Adds or renames one; the row before, if any. */
    upsertBankHoliday,

    deleteBankHoliday: async (trx: Kysely<Database>, date: string, region: HolidayRegion) =>
      trx
        .deleteFrom('bank_holidays')
        .where('date', '=', date)
        .where('region', '=', region)
        .returning('name')
        .executeTakeFirst(),
  };
}

export type PriceVersionsRepository = ReturnType<typeof createPriceVersionsRepository>;

/** A new version, numbered after the company's last. */
async function insertVersion(
  trx: Kysely<Database>,
  version: {
    companyId: number;
    at: Date;
    actor: { id: number | null; name: string };
    summary: string;
    changes: string[];
    prices: unknown;
    restoredFrom: number | null;
  },
): Promise<PriceVersionRow> {
  const last = await trx
    .selectFrom('price_versions')
    .select(sql<number>`coalesce(max(number), 0)`.as('number'))
    .where('company_id', '=', version.companyId)
    .executeTakeFirstOrThrow();
  return trx
    .insertInto('price_versions')
    .values({
      company_id: version.companyId,
      number: Number(last.number) + 1,
      created_at: version.at,
      operator_id: version.actor.id,
      operator_name: version.actor.name,
      summary: version.summary,
      changes: JSON.stringify(version.changes),
      prices: JSON.stringify(version.prices),
      restored_from: version.restoredFrom,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function upsertBankHoliday(
  trx: Kysely<Database>,
  holiday: { date: string; region: HolidayRegion; name: string },
) {
  const before = await trx
    .selectFrom('bank_holidays')
    .select('name')
    .where('date', '=', holiday.date)
    .where('region', '=', holiday.region)
    .executeTakeFirst();
  await trx
    .insertInto('bank_holidays')
    .values(holiday)
    .onConflict((oc) => oc.columns(['date', 'region']).doUpdateSet({ name: holiday.name }))
    .execute();
  return before;
}
