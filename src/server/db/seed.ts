import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { bankHolidayYears, HOLIDAY_RULES, ukBankHolidays } from './seed-data/bank-holidays';
import { seedCorporateDemo } from './seed-data/corporate';
import { seedOperatorDemo } from './seed-data/operator-accounts';
import { seedVehicleDemo } from './seed-data/demo-vehicles';
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
import { seedOperators } from './seed-data/seed-operators';
import { seedPlaces } from './seed-data/seed-places';
import { seedPricing } from './seed-data/seed-pricing';
import { DEMO_POLICY_SETTINGS, DEMO_SETTINGS, DRIVER_APP_SETTINGS } from './seed-data/settings';

/**
 * Bump when gazetteer.ts or the installed data packages change in a way the digest below
 * cannot see (it hashes the small data sets and the curated list, not 17 MB of GeoNames).
 */
const SEED_VERSION = 3;
const SEED_NAME = 'demo';

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
    driverApp: DRIVER_APP_SETTINGS,
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
    await seedVehicleDemo(db, options.now ?? new Date());
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
  const rows = Object.entries({
    ...DEMO_SETTINGS,
    ...DEMO_POLICY_SETTINGS,
    ...DRIVER_APP_SETTINGS,
  }).map(([setting_name, setting_value]) => ({
    setting_name,
    setting_value,
  }));
  await trx
    .insertInto('settings')
    .values(rows)
    .onConflict((oc) => oc.column('setting_name').doNothing())
    .execute();
}
