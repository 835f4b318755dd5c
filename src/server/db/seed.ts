import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewPlace } from './schema';
import { CURATED_PLACES } from './seed-data/curated-places';
import { buildGazetteer } from './seed-data/gazetteer';
import { DEMO_CATEGORIES, DEMO_COMPANIES, DEMO_OFFERINGS } from './seed-data/operators';
import { DEMO_SETTINGS } from './seed-data/settings';

/**
 * Bump when gazetteer.ts or the installed data packages change in a way the digest below
 * cannot see (it hashes the small data sets and the curated list, not 17 MB of GeoNames).
 */
const SEED_VERSION = 1;
const SEED_NAME = 'demo';
/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at 12 columns a row. */
const PLACE_CHUNK = 1000;

export interface SeedResult {
  /** False when the same seed had already been applied. */
  applied: boolean;
  places: number;
  ms: number;
}

function seedDigest(): string {
  const payload = JSON.stringify({
    version: SEED_VERSION,
    settings: DEMO_SETTINGS,
    companies: DEMO_COMPANIES,
    categories: DEMO_CATEGORIES,
    offerings: DEMO_OFFERINGS,
    curated: CURATED_PLACES,
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
 * Applies the demo seed once per version of its data. Safe to run on every start and from
 * several processes at once: an advisory lock serialises them and every write is keyed.
 * Values an operator may have edited (settings, ratings) are never overwritten; the
 * gazetteer, which only the seed owns, is brought exactly in line with the data.
 */
export async function seedDatabase(db: Kysely<Database>): Promise<SeedResult> {
  const started = performance.now();
  const digest = seedDigest();
  if ((await appliedDigest(db)) === digest) {
    return { applied: false, places: 0, ms: performance.now() - started };
  }

  const places = buildGazetteer();
  const applied = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('ridebook-demo-seed'))`.execute(trx);
    if ((await appliedDigest(trx)) === digest) return false;
    await seedSettings(trx);
    await seedOperators(trx);
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
  const rows = Object.entries(DEMO_SETTINGS).map(([setting_name, setting_value]) => ({
    setting_name,
    setting_value,
  }));
  await trx
    .insertInto('settings')
    .values(rows)
    .onConflict((oc) => oc.column('setting_name').doNothing())
    .execute();
}

async function seedOperators(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('companies')
    .values(DEMO_COMPANIES.map((c) => ({ name: c.name, rating: c.rating })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await trx
    .insertInto('fleet_categories')
    .values(DEMO_CATEGORIES)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();

  const companies = await trx.selectFrom('companies').select(['id', 'name']).execute();
  const categories = await trx.selectFrom('fleet_categories').select(['id', 'name']).execute();
  const companyId = new Map(companies.map((c) => [c.name, c.id]));
  const categoryId = new Map(categories.map((c) => [c.name, c.id]));
  const offerings = Object.entries(DEMO_OFFERINGS).flatMap(([company, names]) =>
    names.map((name) => ({
      company_id: companyId.get(company),
      category_id: categoryId.get(name),
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
