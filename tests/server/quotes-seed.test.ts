import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrations';
import { seedDatabase } from '../../src/server/db/seed';
import {
  DEMO_BANNED_ADDRESSES,
  DEMO_FIXED_FARES,
  DEMO_RATE_CARDS,
  DEMO_ZONES,
} from '../../src/server/db/seed-data/pricing';
import { openTestDatabase, testDatabaseKinds } from './helpers';
import type { TestDatabase } from './helpers';
import { FIXED_NOW } from './quote-fixtures';

const PRICING_TABLES = [
  'rate_cards',
  'rate_card_mile_bands',
  'rate_card_hourly_rates',
  'zones',
  'fixed_fares',
  'company_charges',
  'bank_holidays',
  'banned_addresses',
] as const;

describe.each(testDatabaseKinds())('demo prices seeded on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await migrateToLatest(db.handle.db, db.handle.schema);
    await seedDatabase(db.handle.db, { now: FIXED_NOW });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  async function counts(): Promise<Record<(typeof PRICING_TABLES)[number], number>> {
    const result = {} as Record<(typeof PRICING_TABLES)[number], number>;
    for (const table of PRICING_TABLES) {
      const row = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(
        db.handle.db,
      );
      result[table] = Number(row.rows[0]?.n);
    }
    return result;
  }

  async function holidays(region: string): Promise<string[]> {
    const rows = await db.handle.db
      .selectFrom('bank_holidays')
      .select(sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'))
      .where('region', '=', region as 'scotland')
      .orderBy('date')
      .execute();
    return rows.map((row) => row.date);
  }

  it('gives every operator’s category a rate card with mile bands and 4–24 hour rates', async () => {
    const cards = await db.handle.db.selectFrom('rate_cards').selectAll().execute();
    expect(cards).toHaveLength(DEMO_RATE_CARDS.length);
    for (const card of cards) {
      const bands = await db.handle.db
        .selectFrom('rate_card_mile_bands')
        .select(['up_to_miles', 'pence_per_mile'])
        .where('company_id', '=', card.company_id)
        .where('category_id', '=', card.category_id)
        .orderBy('band')
        .execute();
      expect(bands.length).toBeGreaterThanOrEqual(2);
      expect(bands.at(-1)?.up_to_miles).toBeNull();
      expect(Number(bands[0]?.up_to_miles)).toBe(10);
      const hours = await db.handle.db
        .selectFrom('rate_card_hourly_rates')
        .select(['hours', 'price_pence'])
        .where('company_id', '=', card.company_id)
        .where('category_id', '=', card.category_id)
        .orderBy('hours')
        .execute();
      expect(hours.map((h) => h.hours)).toEqual(Array.from({ length: 21 }, (_, i) => i + 4));
      // A longer hire never costs less.
      for (let i = 1; i < hours.length; i += 1) {
        expect(hours[i]?.price_pence).toBeGreaterThan(hours[i - 1]?.price_pence ?? 0);
      }
    }
  });

  it('holds realistic UK prices: a saloon from £3.50 and £2.40 a mile, £15 minimum', async () => {
    const saloon = DEMO_RATE_CARDS.find(
      (c) => c.company === 'Thames Valley Private Hire' && c.category === 'Saloon',
    );
    expect(saloon).toMatchObject({
      baseFarePence: 350,
      minimumFarePence: 1500,
      mileBands: [
        { upToMiles: 10, pencePerMile: 240 },
        { upToMiles: null, pencePerMile: 180 },
      ],
    });
    expect(saloon?.hourlyRates[4]).toBe(14_000);
  });

  it('seeds the airport zones, central London, fixed fares and banned addresses', async () => {
    const zones = await db.handle.db.selectFrom('zones').select(['name', 'is_airport']).execute();
    expect(zones).toHaveLength(DEMO_ZONES.length);
    for (const code of ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'MAN', 'BHX', 'EDI', 'GLA', 'BRS']) {
      expect(zones.find((z) => z.name.includes(`(${code})`))?.is_airport).toBe(true);
    }
    expect(zones.find((z) => z.name === 'Central London')?.is_airport).toBe(false);
    const seeded = await counts();
    expect(seeded.fixed_fares).toBe(DEMO_FIXED_FARES.length);
    expect(seeded.company_charges).toBe(3);
    expect(seeded.banned_addresses).toBe(DEMO_BANNED_ADDRESSES.length);
  });

  it('holds bank holidays for England and Wales and for Scotland, 2026 to 2028', async () => {
    const england = await holidays('england-and-wales');
    const scotland = await holidays('scotland');
    for (const date of ['2026-12-25', '2026-12-28', '2027-03-29', '2028-08-28']) {
      expect(england).toContain(date);
    }
    // St Andrew's Day, 2 January and Scotland's early-August summer holiday are Scottish only;
    // Easter Monday and the late-August one are English only.
    for (const date of ['2026-11-30', '2027-01-04', '2026-08-03']) {
      expect(scotland).toContain(date);
      expect(england).not.toContain(date);
    }
    for (const date of ['2026-04-06', '2026-08-31']) {
      expect(england).toContain(date);
      expect(scotland).not.toContain(date);
    }
    expect(england.every((d) => d >= '2026-01-01' && d <= '2028-12-31')).toBe(true);
    // Christmas 2027 falls on a weekend: the days themselves and both substitute Mondays count.
    expect(england.filter((d) => d.startsWith('2027'))).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-08-30',
      '2027-12-25',
      '2027-12-26',
      '2027-12-27',
      '2027-12-28',
    ]);
  });

  it('re-seeds without duplicates and keeps what an operator changed', async () => {
    const before = await counts();
    const card = await db.handle.db
      .selectFrom('rate_cards')
      .select(['company_id', 'category_id'])
      .orderBy('company_id')
      .orderBy('category_id')
      .executeTakeFirstOrThrow();
    await db.handle.db
      .updateTable('rate_cards')
      .set({ base_fare_pence: 999 })
      .where('company_id', '=', card.company_id)
      .where('category_id', '=', card.category_id)
      .execute();
    // The operator drops the 24-hour hire and the night uplift.
    await db.handle.db
      .deleteFrom('rate_card_hourly_rates')
      .where('company_id', '=', card.company_id)
      .where('category_id', '=', card.category_id)
      .where('hours', '=', 24)
      .execute();
    await db.handle.db
      .updateTable('company_charges')
      .set({ night_uplift_bp: 0 })
      .where('company_id', '=', card.company_id)
      .execute();
    // As if the seed data had changed since the last start.
    await db.handle.db.deleteFrom('seed_runs').execute();

    expect((await seedDatabase(db.handle.db, { now: FIXED_NOW })).applied).toBe(true);
    expect(await counts()).toEqual({
      ...before,
      rate_card_hourly_rates: before.rate_card_hourly_rates - 1,
    });
    const kept = await db.handle.db
      .selectFrom('rate_cards')
      .select('base_fare_pence')
      .where('company_id', '=', card.company_id)
      .where('category_id', '=', card.category_id)
      .executeTakeFirstOrThrow();
    expect(kept.base_fare_pence).toBe(999);
    const charges = await db.handle.db
      .selectFrom('company_charges')
      .select('night_uplift_bp')
      .where('company_id', '=', card.company_id)
      .executeTakeFirstOrThrow();
    expect(charges.night_uplift_bp).toBe(0);
  });

  it('adds the next year’s holidays when the calendar moves on', async () => {
    const later = new Date('2028-06-01T12:00:00Z');
    expect((await seedDatabase(db.handle.db, { now: later })).applied).toBe(true);
    expect((await holidays('scotland')).some((d) => d.startsWith('2029'))).toBe(true);
  });
});
