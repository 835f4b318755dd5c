import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceDetailsResponseSchema } from '../../src/contract/quotes';
import type { SettingRow } from '../../src/server/repositories/settings-repository';
import { PRICING_TABLES_TTL_MS } from '../../src/server/services/pricing/pricing-tables';
import {
  createQuoteSettingsCache,
  QUOTE_SETTINGS_TTL_MS,
} from '../../src/server/services/pricing/quote-settings';
import { startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { fixedClock, mileageForm, offerOf, pence, postQuote } from './quote-fixtures';

describe('the settings quotes read', () => {
  function fakeSettings(rows: Record<string, string>) {
    let reads = 0;
    return {
      rows,
      reads: () => reads,
      repository: {
        async listByName(names: readonly string[]): Promise<SettingRow[]> {
          reads += 1;
          return Object.entries(rows)
            .filter(([name]) => names.includes(name))
            .map(([setting_name, setting_value]) => ({ setting_name, setting_value }));
        },
      },
    };
  }

  it('are worked out once per read: extras in pence, ROUND_OFF, GRACE_TIME', async () => {
    const source = fakeSettings({
      MEET_AND_GREET: '10',
      PRICE_PER_FIVE_WAITING_MIN: '2.5',
      ROUND_OFF: 'yes',
      GRACE_TIME: '120',
      MULTIPLE_PRICES: 'enable',
    });
    const settings = await createQuoteSettingsCache(source.repository).get();
    expect(settings.extras.meetAndGreet).toBe(1000);
    expect(settings.extras.perFiveWaitingMinutes).toBe(250);
    expect(settings.extras.babySeatEach).toBe(0);
    expect(settings.roundOff).toBe(true);
    expect(settings.graceMinutes).toBe(120);
    expect(settings.map.MULTIPLE_PRICES).toBe('enable');
  });

  it('show an operator’s change within QUOTE_SETTINGS_TTL_MS, and at once after invalidate()', async () => {
    const source = fakeSettings({ GRACE_TIME: '120' });
    let now = 0;
    const cache = createQuoteSettingsCache(source.repository, { monotonicMs: () => now });
    expect((await cache.get()).graceMinutes).toBe(120);

    source.rows.GRACE_TIME = '30';
    now += QUOTE_SETTINGS_TTL_MS - 1_500;
    expect((await cache.get()).graceMinutes).toBe(120);
    now += 1_500;
    expect((await cache.get()).graceMinutes).toBe(30);

    source.rows.GRACE_TIME = '45';
    cache.invalidate();
    expect((await cache.get()).graceMinutes).toBe(45);
    expect(source.reads()).toBe(3);
  });

  it('are kept for a few seconds at most, and the pricing tables for half a minute', () => {
    expect(QUOTE_SETTINGS_TTL_MS).toBeLessThanOrEqual(5_000);
    expect(PRICING_TABLES_TTL_MS).toBeLessThanOrEqual(30_000);
  });
});

describe.each(testDatabaseKinds())('quotes after an operator’s change on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { clock: fixedClock });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function prices() {
    const res = await postQuote(t, 'calculateDistancePrice', mileageForm());
    expect(res.statusCode, res.body).toBe(200);
    return priceDetailsResponseSchema.parse(res.json()).price_details;
  }

  it('uses a changed setting from the next quote once the caches are invalidated', async () => {
    const db = t.db.handle.db;
    const before = await prices();
    expect(before.some((d) => d.breakdown.round_off !== undefined)).toBe(true);
    await db
      .updateTable('settings')
      .set({ setting_value: 'no' })
      .where('setting_name', '=', 'ROUND_OFF')
      .execute();
    try {
      t.app.invalidateQuoteCaches();
      const after = await prices();
      expect(after.every((d) => d.breakdown.round_off === undefined)).toBe(true);
      expect(after.some((d) => !Number.isInteger(d.price))).toBe(true);
    } finally {
      await db
        .updateTable('settings')
        .set({ setting_value: 'yes' })
        .where('setting_name', '=', 'ROUND_OFF')
        .execute();
      t.app.invalidateQuoteCaches();
    }
    expect(await prices()).toEqual(before);
  });

  it('uses a changed rate card from the next quote once the caches are invalidated', async () => {
    const db = t.db.handle.db;
    const before = await prices();
    const offer = offerOf(before, 'Thames Valley Private Hire', 'Saloon');
    const card = await db
      .selectFrom('rate_cards')
      .select('base_fare_pence')
      .where('company_id', '=', offer.company_id)
      .where('category_id', '=', offer.vehicle_id)
      .executeTakeFirstOrThrow();
    const setBaseFare = (base_fare_pence: number) =>
      db
        .updateTable('rate_cards')
        .set({ base_fare_pence })
        .where('company_id', '=', offer.company_id)
        .where('category_id', '=', offer.vehicle_id)
        .execute();
    await setBaseFare(card.base_fare_pence + 1_000);
    try {
      t.app.invalidateQuoteCaches();
      const after = offerOf(await prices(), 'Thames Valley Private Hire', 'Saloon');
      // £10 more on the fare; whole pounds stay whole under ROUND_OFF.
      expect(pence(after.price) - pence(offer.price)).toBe(1_000);
      expect(pence(after.breakdown.outward_fare) - pence(offer.breakdown.outward_fare)).toBe(1_000);
    } finally {
      await setBaseFare(card.base_fare_pence);
      t.app.invalidateQuoteCaches();
    }
    expect(await prices()).toEqual(before);
  });
});
