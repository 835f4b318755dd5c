import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { BankHoliday } from '../../domain/pricing-model';
import type { Database, NewPlace } from './schema';
import { bankHolidayYears, HOLIDAY_RULES, ukBankHolidays } from './seed-data/bank-holidays';
import { seedCorporateDemo } from './seed-data/corporate';
import { seedOperatorDemo } from './seed-data/operator-accounts';
import { CURATED_PLACES } from './seed-data/curated-places';
import { buildGazetteer } from './seed-data/gazetteer';
import { DEMO_CATEGORIES, DEMO_COMPANIES, DEMO_OFFERINGS } from './seed-data/operators';
import {
  DEMO_BANNED_ADDRESSES,
  DEMO_COMPANY_CHARGES,
  DEMO_FIXED_FARES,
  DEMO_RATE_CARDS,
  DEMO_ZONES,
} from './seed-data/pricing';
import { DEMO_POLICY_SETTINGS, DEMO_SETTINGS } from './seed-data/settings';

/**
 * Bump when gazetteer.ts or the installed data packages change in a way the digest below
 * cannot see (it hashes the small data sets and the curated list, not 17 MB of GeoNames).
 */
const SEED_VERSION = 3;
const SEED_NAME = 'demo';
/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at 12 columns a row. */
const PLACE_CHUNK = 1000;

export interface SeedResult {
  /** False when the same seed had already been applied. */
  applied: boolean;
  places: number;
  ms: number;
}

function seedDigest(holidayYears: number[]): string {
  const payload = JSON.stringify({
    version: SEED_VERSION,
    settings: DEMO_SETTINGS,
    policy: DEMO_POLICY_SETTINGS,
    companies: DEMO_COMPANIES,
    categories: DEMO_CATEGORIES,
    offerings: DEMO_OFFERINGS,
    curated: CURATED_PLACES,
    rateCards: DEMO_RATE_CARDS,
    zones: DEMO_ZONES,
    fixedFares: DEMO_FIXED_FARES,
    charges: DEMO_COMPANY_CHARGES,
    banned: DEMO_BANNED_ADDRESSES,
    // The holiday list itself comes from a library loaded only when seeding; its version and
    // the years asked for determine it.
    holidays: { rules: HOLIDAY_RULES, years: holidayYears },
  });
  return createHash('sha256').update(payload).digest('hex');
}

async function appliedDigest(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('seed_runs')
    .select('digest')
    .where('name', '=', SEED_NAME)
    .executeTakeFirst();
  return row?.digest;
}

/**
 * Whether to seed the demo accounts (the corporate passenger with a published password, and its
 * bookings): SEED_DEMO=1 or 0 says so; unset, only on an embedded database and never with
 * NODE_ENV=production, where a published password would open a real corporate area.
 */
export function demoAccountsWanted(
  config: { SEED_DEMO?: '0' | '1' | undefined; NODE_ENV?: string | undefined },
  databaseKind: 'postgres' | 'pglite' | 'memory',
): boolean {
  if (config.SEED_DEMO !== undefined) return config.SEED_DEMO === '1';
  return databaseKind !== 'postgres' && config.NODE_ENV !== 'production';
}

/**
 * Applies the seed once per version of its data. Safe to run on every start and from several
 * processes at once: an advisory lock serialises them and every write is keyed. The reference
 * data the product needs to quote (settings, operators, fleet, prices, holidays, gazetteer) is
 * always seeded; the demo accounts only with `demoAccounts` (see demoAccountsWanted).
 * Values an operator may have edited (settings, ratings) are never overwritten; the
 * gazetteer, which only the seed owns, is brought exactly in line with the data.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  options: { now?: Date; demoAccounts?: boolean } = {},
): Promise<SeedResult> {
  const result = await seedDemo(db, options);
  // After the operators it refers to; it keeps its own seed_runs row, so it runs once.
  if (options.demoAccounts) {
    await seedCorporateDemo(db, options.now ?? new Date());
    await seedOperatorDemo(db, options.now ?? new Date());
  }
  return result;
}

async function seedDemo(db: Kysely<Database>, options: { now?: Date } = {}): Promise<SeedResult> {
  const started = performance.now();
  const holidayYears = bankHolidayYears(options.now ?? new Date());
  const digest = seedDigest(holidayYears);
  if ((await appliedDigest(db)) === digest) {
    return { applied: false, places: 0, ms: performance.now() - started };
  }

  const places = buildGazetteer();
  const holidays = await ukBankHolidays(holidayYears);
  const applied = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('ridebook-demo-seed'))`.execute(trx);
    if ((await appliedDigest(trx)) === digest) return false;
    await seedSettings(trx);
    await seedOperators(trx);
    await seedPricing(trx, holidays);
    await seedPlaces(trx, places);
    await trx
      .insertInto('seed_runs')
      .values({ name: SEED_NAME, digest })
      .onConflict((oc) => oc.column('name').doUpdateSet({ digest, applied_at: sql`now()` }))
      .execute();
    return true;
  });
  return { applied, places: applied ? places.length : 0, ms: performance.now() - started };
}

async function seedSettings(trx: Transaction<Database>): Promise<void> {
  const rows = Object.entries({ ...DEMO_SETTINGS, ...DEMO_POLICY_SETTINGS }).map(
    ([setting_name, setting_value]) => ({
      setting_name,
      setting_value,
    }),
  );
  await trx
    .insertInto('settings')
    .values(rows)
    .onConflict((oc) => oc.column('setting_name').doNothing())
    .execute();
}

async function seedOperators(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('companies')
    .values(
      DEMO_COMPANIES.map((c) => ({
        name: c.name,
        rating: c.rating,
        address: c.address,
        vat_number: c.vatNumber,
      })),
    )
    // A company seeded before it had an address gets the demo's; one an operator set stays.
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        address: sql`case when companies.address = '' then excluded.address else companies.address end`,
        vat_number: sql`coalesce(companies.vat_number, excluded.vat_number)`,
      }),
    )
    .execute();
  await trx
    .insertInto('fleet_categories')
    .values(DEMO_CATEGORIES)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();

  const ids = await idsByName(trx);
  const offerings = Object.entries(DEMO_OFFERINGS).flatMap(([company, names]) =>
    names.map((name) => ({
      company_id: ids.company.get(company),
      category_id: ids.category.get(name),
    })),
  );
  const rows = offerings.filter(
    (o): o is { company_id: number; category_id: number } =>
      o.company_id !== undefined && o.category_id !== undefined,
  );
  if (rows.length === 0) return;
  await trx
    .insertInto('company_vehicles')
    .values(rows)
    .onConflict((oc) => oc.columns(['company_id', 'category_id']).doNothing())
    .execute();
}

/** Company and category ids by name, for rows the seed data names by name. */
async function idsByName(trx: Transaction<Database>) {
  const companies = await trx.selectFrom('companies').select(['id', 'name']).execute();
  const categories = await trx.selectFrom('fleet_categories').select(['id', 'name']).execute();
  return {
    company: new Map(companies.map((c) => [c.name, c.id])),
    category: new Map(categories.map((c) => [c.name, c.id])),
  };
}

/**
 * Rate cards, zones, fixed fares, operator charges, banned addresses and bank holidays. Every
 * insert skips a row already there, so prices an operator changed stay changed; a card's bands
 * and hourly rates are written only with a card created now, so an operator who removed a band
 * or a duration does not find it back after an upgrade.
 */
async function seedPricing(trx: Transaction<Database>, holidays: BankHoliday[]): Promise<void> {
  const ids = await idsByName(trx);
  const cards = DEMO_RATE_CARDS.flatMap((card) => {
    const company_id = ids.company.get(card.company);
    const category_id = ids.category.get(card.category);
    return company_id === undefined || category_id === undefined
      ? []
      : [{ card, company_id, category_id }];
  });
  if (cards.length > 0) {
    const created = await trx
      .insertInto('rate_cards')
      .values(
        cards.map(({ card, company_id, category_id }) => ({
          company_id,
          category_id,
          base_fare_pence: card.baseFarePence,
          minimum_fare_pence: card.minimumFarePence,
        })),
      )
      .onConflict((oc) => oc.columns(['company_id', 'category_id']).doNothing())
      .returning(['company_id', 'category_id'])
      .execute();
    const isNew = new Set(created.map((row) => `${row.company_id}:${row.category_id}`));
    const fresh = cards.filter((c) => isNew.has(`${c.company_id}:${c.category_id}`));
    const bands = fresh.flatMap(({ card, company_id, category_id }) =>
      card.mileBands.map((band, i) => ({
        company_id,
        category_id,
        band: i + 1,
        up_to_miles: band.upToMiles,
        pence_per_mile: band.pencePerMile,
      })),
    );
    const hourly = fresh.flatMap(({ card, company_id, category_id }) =>
      Object.entries(card.hourlyRates).map(([hours, price]) => ({
        company_id,
        category_id,
        hours: Number(hours),
        price_pence: price,
      })),
    );
    if (bands.length > 0) await trx.insertInto('rate_card_mile_bands').values(bands).execute();
    if (hourly.length > 0) await trx.insertInto('rate_card_hourly_rates').values(hourly).execute();
  }

  await trx
    .insertInto('zones')
    .values(
      DEMO_ZONES.map((zone) => ({
        name: zone.name,
        lat: zone.lat,
        lng: zone.lng,
        radius_km: zone.radiusKm,
        is_airport: zone.isAirport,
      })),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const zones = await trx.selectFrom('zones').select(['id', 'name']).execute();
  const zoneId = new Map(zones.map((zone) => [zone.name, zone.id]));
  const priced = new Set(cards.map((c) => `${c.company_id}:${c.category_id}`));
  const fares = DEMO_FIXED_FARES.flatMap((fare) => {
    const company_id = ids.company.get(fare.company);
    const category_id = ids.category.get(fare.category);
    const from_zone_id = zoneId.get(fare.from);
    const to_zone_id = zoneId.get(fare.to);
    if (
      company_id === undefined ||
      category_id === undefined ||
      from_zone_id === undefined ||
      to_zone_id === undefined ||
      !priced.has(`${company_id}:${category_id}`)
    ) {
      return [];
    }
    return [
      {
        company_id,
        category_id,
        from_zone_id,
        to_zone_id,
        both_ways: fare.bothWays,
        fare_pence: fare.farePence,
      },
    ];
  });
  if (fares.length > 0) {
    await trx
      .insertInto('fixed_fares')
      .values(fares)
      .onConflict((oc) =>
        oc.columns(['company_id', 'category_id', 'from_zone_id', 'to_zone_id']).doNothing(),
      )
      .execute();
  }

  const charges = DEMO_COMPANY_CHARGES.flatMap((charge) => {
    const company_id = ids.company.get(charge.company);
    if (company_id === undefined) return [];
    return [
      {
        company_id,
        airport_pickup_pence: charge.airportPickupPence,
        night_start_minute: charge.nightStartMinute,
        night_end_minute: charge.nightEndMinute,
        night_uplift_bp: charge.nightUpliftBp,
        bank_holiday_uplift_bp: charge.bankHolidayUpliftBp,
      },
    ];
  });
  if (charges.length > 0) {
    await trx
      .insertInto('company_charges')
      .values(charges)
      .onConflict((oc) => oc.column('company_id').doNothing())
      .execute();
  }

  await trx
    .insertInto('banned_addresses')
    .values(DEMO_BANNED_ADDRESSES)
    .onConflict((oc) => oc.column('pattern').doNothing())
    .execute();

  if (holidays.length > 0) {
    await trx
      .insertInto('bank_holidays')
      .values(holidays)
      .onConflict((oc) => oc.columns(['date', 'region']).doNothing())
      .execute();
  }
}

async function seedPlaces(trx: Transaction<Database>, places: NewPlace[]): Promise<void> {
  for (let i = 0; i < places.length; i += PLACE_CHUNK) {
    await trx
      .insertInto('places')
      .values(places.slice(i, i + PLACE_CHUNK))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          address: eb.ref('excluded.address'),
          kind: eb.ref('excluded.kind'),
          lat: eb.ref('excluded.lat'),
          lng: eb.ref('excluded.lng'),
          postcode: eb.ref('excluded.postcode'),
          popular: eb.ref('excluded.popular'),
          search_name: eb.ref('excluded.search_name'),
          search_text: eb.ref('excluded.search_text'),
          rank: eb.ref('excluded.rank'),
          source: eb.ref('excluded.source'),
          area: eb.ref('excluded.area'),
        })),
      )
      .execute();
  }
  // Entries dropped from the data (a renamed terminal, say) leave the gazetteer too.
  const keys = places.map((p) => p.key);
  await trx
    .deleteFrom('places')
    .where(sql<boolean>`not (key = any(${keys}::text[]))`)
    .execute();
}
