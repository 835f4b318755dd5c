import { seedGazetteerRows } from '../support/gazetteer-rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsFlatResponseSchema } from '../../src/contract/catalogue';
import type { FleetRepository } from '../../src/server/repositories/fleet-repository';
import type {
  GazetteerRow,
  PlacesRepository,
} from '../../src/server/repositories/places-repository';
import type { SettingsRepository } from '../../src/server/repositories/settings-repository';
import {
  CATALOGUE_TTL_MS,
  createCatalogueService,
} from '../../src/server/services/catalogue/catalogue-service';
import type { RoutePoint } from '../../src/server/services/distance/distance-provider';
import { withLegCache } from '../../src/server/services/distance/leg-cache';
import {
  createOfflineDistanceProvider,
  GAZETTEER_CHECK_MS,
} from '../../src/server/services/distance/offline-distance-provider';
import { API_HEADERS, startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { GATWICK_SOUTH, HEATHROW_T5 } from './quote-fixtures';

/** Repositories that answer from plain objects and count every read. */
function fakeCatalogueSources() {
  const reads = { settings: 0, vehicles: 0, companies: 0, popular: 0 };
  const data = {
    settings: { GRACE_TIME: '120' } as Record<string, string>,
    companies: [{ id: 1, name: 'Alpha Cars' }],
    popular: Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      address: `Place ${i + 1}`,
      kind: 'airport' as const,
    })),
  };
  const settings = {
    async listByName(names: readonly string[]) {
      reads.settings += 1;
      return Object.entries(data.settings)
        .filter(([name]) => names.includes(name))
        .map(([setting_name, setting_value]) => ({ setting_name, setting_value }));
    },
  } as unknown as SettingsRepository;
  const fleet = {
    async listOfferedCategories() {
      reads.vehicles += 1;
      return [];
    },
    async listActiveCompanies() {
      reads.companies += 1;
      return data.companies;
    },
  } as unknown as FleetRepository;
  const places = {
    async popular(limit: number) {
      reads.popular += 1;
      return data.popular.slice(0, limit);
    },
  } as unknown as PlacesRepository;
  return { reads, data, deps: { settings, fleet, places } };
}

describe('the catalogue lists in memory', () => {
  it('read the database once for any number of calls within CATALOGUE_TTL_MS', async () => {
    const source = fakeCatalogueSources();
    let now = 0;
    const catalogue = createCatalogueService({ ...source.deps, monotonicMs: () => now });
    for (let i = 0; i < 5; i += 1) {
      await catalogue.settingsFlat();
      await catalogue.vehicles();
      await catalogue.companies();
      await catalogue.addresses({ limit: 10 });
      now += 100;
    }
    expect(source.reads).toEqual({ settings: 1, vehicles: 1, companies: 1, popular: 1 });
  });

  it('show a change after CATALOGUE_TTL_MS, and at once after invalidate()', async () => {
    const source = fakeCatalogueSources();
    let now = 0;
    const catalogue = createCatalogueService({ ...source.deps, monotonicMs: () => now });
    const graceTime = async () =>
      (await catalogue.settingsFlat()).find((s) => s.setting_name === 'GRACE_TIME')?.setting_value;
    const companyNames = async () =>
      (await catalogue.companies()).map((c) => c.company.company_name);
    expect(await graceTime()).toBe('120');
    expect(await companyNames()).toEqual(['Alpha Cars']);

    source.data.settings.GRACE_TIME = '30';
    source.data.companies = [{ id: 2, name: 'Beta Cars' }];
    now += CATALOGUE_TTL_MS - 1;
    // Still the copy in memory (a background read may have started, from the changed rows).
    expect(await graceTime()).toBe('120');
    now += 1;
    expect(await graceTime()).toBe('30');
    expect(await companyNames()).toEqual(['Beta Cars']);

    source.data.settings.GRACE_TIME = '45';
    catalogue.invalidate();
    expect(await graceTime()).toBe('45');
  });

  it('answer every popular-places limit from one read of the longest list', async () => {
    const source = fakeCatalogueSources();
    const catalogue = createCatalogueService(source.deps);
    expect((await catalogue.addresses({ limit: 3 })).map((s) => s.id)).toEqual([1, 2, 3]);
    expect(await catalogue.addresses({ limit: 50 })).toHaveLength(50);
    expect(await catalogue.addresses({ limit: 1 })).toEqual([{ id: 1, address: 'Place 1' }]);
    expect(source.reads.popular).toBe(1);
  });
});

const point = (field: string, address: string): RoutePoint => ({ field, address });

describe('the offline gazetteer in memory', () => {
  /** A places table whose version changes when `seed()` runs, counting reads. */
  function fakePlaces() {
    let rows = seedGazetteerRows();
    let version = 'v1';
    const reads = { gazetteer: 0, version: 0 };
    return {
      reads,
      /** What a seed run does: new rows and a new version. */
      seed(change: (rows: GazetteerRow[]) => GazetteerRow[]) {
        rows = change(rows);
        version = `v${Number(version.slice(1)) + 1}`;
      },
      places: {
        async gazetteer() {
          reads.gazetteer += 1;
          return rows;
        },
        async gazetteerVersion() {
          reads.version += 1;
          return version;
        },
      },
    };
  }

  /**
   * York (the city and its station, which a bare 'York' may be read as) moved 1° further
   * north: the distance from Leeds grows by far more than a rounding.
   */
  const inYork = (row: GazetteerRow) => row.name === 'York' || row.name.startsWith('York Station');
  const moveYork = (rows: GazetteerRow[]) =>
    rows.map((row) => (inYork(row) ? { ...row, lat: row.lat + 1 } : row));

  const leedsToYork = [point('pickup', 'Leeds'), point('dropoff', 'York')];

  it('asks whether a seed ran at most every GAZETTEER_CHECK_MS, and reads it again only then', async () => {
    const source = fakePlaces();
    let now = 0;
    const offline = await createOfflineDistanceProvider({
      places: source.places,
      monotonicMs: () => now,
    });
    const provider = withLegCache(offline);
    const before = (await provider.measure(leedsToYork)).miles;
    expect(source.reads).toEqual({ gazetteer: 1, version: 1 });

    // Unchanged: many quotes, one version check per interval, no new read of the rows.
    for (let i = 0; i < 10; i += 1) {
      now += GAZETTEER_CHECK_MS / 4;
      await provider.measure(leedsToYork);
    }
    await expect.poll(() => source.reads.version).toBe(3);
    expect(source.reads.gazetteer).toBe(1);
    expect((await provider.measure(leedsToYork)).miles).toBe(before);

    // A seed ran (in this process or another): within one interval the new rows are in use,
    // and the leg measured from the old ones is forgotten.
    source.seed(moveYork);
    now += GAZETTEER_CHECK_MS;
    await provider.measure(leedsToYork);
    await expect.poll(() => source.reads.gazetteer).toBe(2);
    await expect
      .poll(async () => (await provider.measure(leedsToYork)).miles)
      .toBeGreaterThan(before + 30);
  });

  it('uses a changed gazetteer from the next measure after reload()', async () => {
    const source = fakePlaces();
    const provider = withLegCache(await createOfflineDistanceProvider({ places: source.places }));
    const before = (await provider.measure(leedsToYork)).miles;
    source.seed(moveYork);
    // No check is due yet: the legs in memory still answer.
    expect((await provider.measure(leedsToYork)).miles).toBe(before);
    await provider.reload?.();
    expect((await provider.measure(leedsToYork)).miles).toBeGreaterThan(before + 30);
  });
});

describe.each(testDatabaseKinds())('reference data changed in the database on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: API_HEADERS });

  async function siteName(): Promise<string | undefined> {
    const res = await get('/settings-flat');
    expect(res.statusCode).toBe(200);
    return settingsFlatResponseSchema
      .parse(res.json())
      .data.find((s) => s.setting_name === 'FROM_EMAIL')?.setting_value;
  }

  async function miles(): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/calculate-distance',
      headers: API_HEADERS,
      payload: { pickup: HEATHROW_T5, dropoff: GATWICK_SOUTH },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { via_miles: number }).via_miles;
  }

  it('settings-flat answers from memory until invalidateReferenceData(), then from the change', async () => {
    const db = t.db.handle.db;
    const before = await siteName();
    await db
      .updateTable('settings')
      .set({ setting_value: 'changed@example.com' })
      .where('setting_name', '=', 'FROM_EMAIL')
      .execute();
    try {
      // The row changed but the read a moment ago is still served: the cache is in use.
      expect(await siteName()).toBe(before);
      await t.app.invalidateReferenceData();
      expect(await siteName()).toBe('changed@example.com');
    } finally {
      await db
        .updateTable('settings')
        .set({ setting_value: before ?? '' })
        .where('setting_name', '=', 'FROM_EMAIL')
        .execute();
      await t.app.invalidateReferenceData();
    }
    expect(await siteName()).toBe(before);
  });

  it('distances use a moved place after invalidateReferenceData(), not the legs measured before', async () => {
    const db = t.db.handle.db;
    const before = await miles();
    const gatwick = await db
      .selectFrom('places')
      .select(['key', 'lat'])
      .where('name', 'like', `${GATWICK_SOUTH}%`)
      .executeTakeFirstOrThrow();
    const moveGatwick = (lat: number) =>
      db.updateTable('places').set({ lat }).where('key', '=', gatwick.key).execute();
    await moveGatwick(gatwick.lat - 0.5);
    try {
      expect(await miles()).toBe(before);
      await t.app.invalidateReferenceData();
      expect(await miles()).toBeGreaterThan(before + 20);
    } finally {
      await moveGatwick(gatwick.lat);
      await t.app.invalidateReferenceData();
    }
    expect(await miles()).toBe(before);
  });
});
