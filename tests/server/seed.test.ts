import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrations';
import { seedDatabase } from '../../src/server/db/seed';
import { openTestDatabase, testDatabaseKinds } from './helpers';
import type { TestDatabase } from './helpers';

async function counts(handle: DatabaseHandle) {
  const count = async (
    table: 'settings' | 'companies' | 'fleet_categories' | 'company_vehicles' | 'places',
  ) => {
    const row = await handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    settings: await count('settings'),
    companies: await count('companies'),
    fleet_categories: await count('fleet_categories'),
    company_vehicles: await count('company_vehicles'),
    places: await count('places'),
  };
}

describe.each(testDatabaseKinds())('demo seed on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await migrateToLatest(db.handle.db, db.handle.schema);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('fills an empty database, then leaves it alone on the next start', async () => {
    const first = await seedDatabase(db.handle.db);
    expect(first.applied).toBe(true);
    const afterFirst = await counts(db.handle);
    expect(afterFirst).toMatchObject({ companies: 3, fleet_categories: 6 });
    expect(afterFirst.settings).toBeGreaterThanOrEqual(28);
    expect(afterFirst.company_vehicles).toBeGreaterThanOrEqual(15);
    expect(afterFirst.places).toBeGreaterThan(4_500);
    expect(first.places).toBe(afterFirst.places);

    const second = await seedDatabase(db.handle.db);
    expect(second.applied).toBe(false);
    expect(await counts(db.handle)).toEqual(afterFirst);
  });

  it('re-applies without duplicates, keeping ids and what an operator changed', async () => {
    const before = await counts(db.handle);
    const placeIds = await db.handle.db
      .selectFrom('places')
      .select(['id', 'key'])
      .orderBy('id')
      .execute();
    await db.handle.db
      .updateTable('settings')
      .set({ setting_value: '€' })
      .where('setting_name', '=', 'CURRENCY')
      .execute();
    // As if the seed data had changed since the last start.
    await db.handle.db.deleteFrom('seed_runs').execute();

    const again = await seedDatabase(db.handle.db);
    expect(again.applied).toBe(true);
    expect(await counts(db.handle)).toEqual(before);
    expect(
      await db.handle.db.selectFrom('places').select(['id', 'key']).orderBy('id').execute(),
    ).toEqual(placeIds);
    const currency = await db.handle.db
      .selectFrom('settings')
      .select('setting_value')
      .where('setting_name', '=', 'CURRENCY')
      .executeTakeFirstOrThrow();
    expect(currency.setting_value).toBe('€');
  });

  it('lets every operator offer most categories', async () => {
    const offered = await db.handle.db
      .selectFrom('company_vehicles')
      .select(['company_id', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('company_id')
      .execute();
    expect(offered).toHaveLength(3);
    for (const row of offered) expect(Number(row.n)).toBeGreaterThanOrEqual(4);
  });

  it('runs the migrations only once', async () => {
    expect(await migrateToLatest(db.handle.db, db.handle.schema)).toEqual([]);
  });
});
