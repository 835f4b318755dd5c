import type { Kysely } from 'kysely';
import { pence } from '../../domain/money';
import type { CompanyCharges, FixedFare, RateCard } from '../../domain/pricing-model';
import type { Database } from '../db/schema';

/** A rate card with what the console shows beside it. */
export interface CardRow {
  id: number;
  companyName: string;
  categoryName: string;
  version: number;
  updatedAt: Date;
  updatedBy: string | null;
  card: RateCard;
}

/** Who last saved a part of a company's prices, and its version (1 when never saved). */
export interface PartVersion {
  version: number;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/**
 * The console's reads and writes of rate cards, fixed fares and charges, one company at a
 * time (the quotes read the same tables through pricing-repository, for every company at once).
 * Every write takes the transaction it belongs to.
 */
export function createPriceCardsRepository(db: Kysely<Database>) {
  return {
    /** Cards of one company, or every company's (undefined), in fleet order. */
    listCards: (companyId: number | undefined, executor: Kysely<Database> = db) =>
      listCards(executor, companyId),

    /** Locks the company's prices for one save: saves of one company happen one at a time. */
    async lockCompany(trx: Kysely<Database>, companyId: number): Promise<boolean> {
      const row = await trx
        .selectFrom('companies')
        .select('id')
        .where('id', '=', companyId)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Writes a card's fares when it is still at `version`; false when someone saved first. */
    writeCard,

    fixedFares: (companyId: number, executor: Kysely<Database> = db) =>
      fixedFares(executor, companyId),

    /** Replaces the company's whole list of fixed fares. */
    replaceFixedFares,

    charges: (companyId: number, executor: Kysely<Database> = db) => charges(executor, companyId),

    async writeCharges(trx: Kysely<Database>, value: CompanyCharges) {
      const row = {
        airport_pickup_pence: value.airportPickupCharge,
        night_start_minute: value.nightStartMinute,
        night_end_minute: value.nightEndMinute,
        night_uplift_bp: value.nightUpliftBp,
        bank_holiday_uplift_bp: value.bankHolidayUpliftBp,
      };
      await trx
        .insertInto('company_charges')
        .values({ company_id: value.companyId, ...row })
        .onConflict((oc) => oc.column('company_id').doUpdateSet(row))
        .execute();
    },

    partVersion: (
      companyId: number,
      part: 'charges' | 'fixed_fares',
      executor: Kysely<Database> = db,
    ) => partVersion(executor, companyId, part),

    /** Moves a part to its next version. */
    async bumpPart(
      trx: Kysely<Database>,
      companyId: number,
      part: 'charges' | 'fixed_fares',
      change: { by: string; at: Date },
    ) {
      const next = (await partVersion(trx, companyId, part)).version + 1;
      const values = { version: next, updated_at: change.at, updated_by: change.by };
      await trx
        .insertInto('price_part_versions')
        .values({ company_id: companyId, part, ...values })
        .onConflict((oc) => oc.columns(['company_id', 'part']).doUpdateSet(values))
        .execute();
    },
  };
}

export type PriceCardsRepository = ReturnType<typeof createPriceCardsRepository>;

/** Writes a card's fares when it is still at `version` (null: whatever it is); false when not. */
async function writeCard(
  trx: Kysely<Database>,
  card: RateCard,
  change: { version: number | null; by: string; at: Date },
): Promise<boolean> {
  let update = trx
    .updateTable('rate_cards')
    .set((eb) => ({
      base_fare_pence: card.baseFare,
      minimum_fare_pence: card.minimumFare,
      version: eb('version', '+', 1),
      updated_by: change.by,
      updated_at: change.at,
    }))
    .where('company_id', '=', card.companyId)
    .where('category_id', '=', card.categoryId);
  if (change.version !== null) update = update.where('version', '=', change.version);
  const done = await update.returning('id').executeTakeFirst();
  if (!done) return false;
  const key = { company_id: card.companyId, category_id: card.categoryId };
  await trx
    .deleteFrom('rate_card_mile_bands')
    .where('company_id', '=', key.company_id)
    .where('category_id', '=', key.category_id)
    .execute();
  await trx
    .deleteFrom('rate_card_hourly_rates')
    .where('company_id', '=', key.company_id)
    .where('category_id', '=', key.category_id)
    .execute();
  const bands = card.mileBands.map((band, i) => ({
    ...key,
    band: i + 1,
    up_to_miles: band.upToMiles,
    pence_per_mile: band.pencePerMile,
  }));
  if (bands.length > 0) await trx.insertInto('rate_card_mile_bands').values(bands).execute();
  const hourly = Object.entries(card.hourlyRates).map(([hours, price]) => ({
    ...key,
    hours: Number(hours),
    price_pence: price as number,
  }));
  if (hourly.length > 0) await trx.insertInto('rate_card_hourly_rates').values(hourly).execute();
  return true;
}

async function replaceFixedFares(trx: Kysely<Database>, companyId: number, fares: FixedFare[]) {
  await trx.deleteFrom('fixed_fares').where('company_id', '=', companyId).execute();
  if (fares.length === 0) return;
  await trx
    .insertInto('fixed_fares')
    .values(
      fares.map((fare) => ({
        company_id: companyId,
        category_id: fare.categoryId,
        from_zone_id: fare.fromZoneId,
        to_zone_id: fare.toZoneId,
        both_ways: fare.bothWays,
        fare_pence: fare.fare,
      })),
    )
    .execute();
}

async function listCards(db: Kysely<Database>, companyId: number | undefined): Promise<CardRow[]> {
  let query = db
    .selectFrom('rate_cards as rc')
    .innerJoin('companies as c', 'c.id', 'rc.company_id')
    .innerJoin('fleet_categories as fc', 'fc.id', 'rc.category_id')
    .select([
      'rc.id',
      'rc.company_id',
      'rc.category_id',
      'rc.base_fare_pence',
      'rc.minimum_fare_pence',
      'rc.version',
      'rc.updated_at',
      'rc.updated_by',
      'c.name as company_name',
      'fc.name as category_name',
    ])
    .orderBy('c.name')
    .orderBy('fc.sort_order')
    .orderBy('rc.category_id');
  if (companyId !== undefined) query = query.where('rc.company_id', '=', companyId);
  const rows = await query.execute();
  let bandsQuery = db
    .selectFrom('rate_card_mile_bands')
    .select(['company_id', 'category_id', 'up_to_miles', 'pence_per_mile'])
    .orderBy('band');
  let hourlyQuery = db
    .selectFrom('rate_card_hourly_rates')
    .select(['company_id', 'category_id', 'hours', 'price_pence'])
    .orderBy('hours');
  if (companyId !== undefined) {
    bandsQuery = bandsQuery.where('company_id', '=', companyId);
    hourlyQuery = hourlyQuery.where('company_id', '=', companyId);
  }
  const [bands, hourly] = await Promise.all([bandsQuery.execute(), hourlyQuery.execute()]);
  return rows.map((row) => {
    const mine = (r: { company_id: number; category_id: number }) =>
      r.company_id === row.company_id && r.category_id === row.category_id;
    const hourlyRates: RateCard['hourlyRates'] = {};
    for (const rate of hourly.filter(mine)) hourlyRates[rate.hours] = pence(rate.price_pence);
    return {
      id: row.id,
      companyName: row.company_name,
      categoryName: row.category_name,
      version: row.version,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
      card: {
        companyId: row.company_id,
        categoryId: row.category_id,
        baseFare: pence(row.base_fare_pence),
        minimumFare: pence(row.minimum_fare_pence),
        mileBands: bands.filter(mine).map((band) => ({
          upToMiles: band.up_to_miles === null ? null : Number(band.up_to_miles),
          pencePerMile: pence(band.pence_per_mile),
        })),
        hourlyRates,
      },
    };
  });
}

async function fixedFares(db: Kysely<Database>, companyId: number): Promise<FixedFare[]> {
  const rows = await db
    .selectFrom('fixed_fares')
    .select(['company_id', 'category_id', 'from_zone_id', 'to_zone_id', 'both_ways', 'fare_pence'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    companyId: row.company_id,
    categoryId: row.category_id,
    fromZoneId: row.from_zone_id,
    toZoneId: row.to_zone_id,
    bothWays: row.both_ways,
    fare: pence(row.fare_pence),
  }));
}

/** The company's charges; none (all zero, no night window) when it has no row. */
async function charges(db: Kysely<Database>, companyId: number): Promise<CompanyCharges> {
  const row = await db
    .selectFrom('company_charges')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return {
    companyId,
    airportPickupCharge: pence(row?.airport_pickup_pence ?? 0),
    nightUpliftBp: row?.night_uplift_bp ?? 0,
    nightStartMinute: row?.night_start_minute ?? 0,
    nightEndMinute: row?.night_end_minute ?? 0,
    bankHolidayUpliftBp: row?.bank_holiday_uplift_bp ?? 0,
  };
}

async function partVersion(
  db: Kysely<Database>,
  companyId: number,
  part: 'charges' | 'fixed_fares',
): Promise<PartVersion> {
  const row = await db
    .selectFrom('price_part_versions')
    .select(['version', 'updated_at', 'updated_by'])
    .where('company_id', '=', companyId)
    .where('part', '=', part)
    .executeTakeFirst();
  return row
    ? { version: row.version, updatedAt: row.updated_at, updatedBy: row.updated_by }
    : { version: 1, updatedAt: null, updatedBy: null };
}
