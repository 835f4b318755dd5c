import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiAddressesResponseSchema,
  fetchCompaniesResponseSchema,
  fetchVehiclesResponseSchema,
  settingsFlatResponseSchema,
} from '../../src/contract/catalogue';
import { errorEnvelopeSchema } from '../../src/contract/envelope';
import { API_BASE } from '../../src/contract/paths';
import { SETTING_NAMES } from '../../src/domain/settings';
import { API_HEADERS, startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';

describe.each(testDatabaseKinds())('catalogue API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function get(path: string) {
    return t.app.inject({ method: 'GET', url: `${API_BASE}${path}`, headers: API_HEADERS });
  }

  async function addresses(query: string): Promise<string[]> {
    const res = await get(`/ai-addresses?${query}`);
    expect(res.statusCode).toBe(200);
    return aiAddressesResponseSchema.parse(res.json()).data.map((s) => s.address);
  }

  describe('GET /settings-flat', () => {
    it('returns every setting the spec reads, as strings, with the demo values', async () => {
      const res = await get('/settings-flat');
      expect(res.statusCode).toBe(200);
      const { data } = settingsFlatResponseSchema.parse(res.json());
      const settings = Object.fromEntries(data.map((s) => [s.setting_name, s.setting_value]));
      for (const name of SETTING_NAMES) expect(settings).toHaveProperty(name);
      expect(settings).toMatchObject({
        HOURLY_RATE_STATUS: 'enable',
        IS_QUOTATION: 'disable',
        MULTIPLE_OPERATORS: 'enable',
        MULTIPLE_PRICES: 'enable',
        CHEAPEST_COMPANY_PRICE: 'disable',
        GRACE_TIME: '120',
        CURRENCY: '£',
        SHOWPAYINCAR: 'yes',
        SHOWCARD: 'yes',
        ROUND_OFF: 'yes',
        GUEST_LOGIN: 'enable',
        CORPORATE_LOGIN: 'enable',
        MEET_AND_GREET: '10',
        BABY_PRICE_PER_SEAT: '5',
        BOOSTER_PRICE_PER_SEAT: '4',
        WHEEL_CHAIR: '8',
        SPECIAL_LUGGAGE_PER_PRICE: '6',
        PRICE_PER_FIVE_WAITING_MIN: '2.5',
        Company_Contact_Info: '+44 20 3865 4120',
        FROM_EMAIL: 'bookings@ridebook.example',
        GOOGLE_API_KEY: '',
      });
      for (const name of SETTING_NAMES.filter((n) => /^(SHOW_|NAVBAR_)/.test(n))) {
        expect(settings[name], name).toBe('enable');
      }
    });

    it('publishes only the settings the spec reads, never rows kept for the server', async () => {
      await t.db.handle.db
        .insertInto('settings')
        .values({ setting_name: 'SMTP_RELAY_PASSWORD', setting_value: 'hunter2' })
        .execute();
      await t.app.invalidateReferenceData();
      try {
        const res = await get('/settings-flat');
        const { data } = settingsFlatResponseSchema.parse(res.json());
        expect(data.map((s) => s.setting_name)).toEqual([...SETTING_NAMES]);
        expect(res.body).not.toContain('hunter2');
      } finally {
        await t.db.handle.db
          .deleteFrom('settings')
          .where('setting_name', '=', 'SMTP_RELAY_PASSWORD')
          .execute();
        await t.app.invalidateReferenceData();
      }
    });

    it('sends a setting missing from the database as an empty string', async () => {
      const removed = await t.db.handle.db
        .deleteFrom('settings')
        .where('setting_name', '=', 'FROM_EMAIL')
        .returning(['setting_name', 'setting_value'])
        .executeTakeFirstOrThrow();
      await t.app.invalidateReferenceData();
      try {
        const { data } = settingsFlatResponseSchema.parse((await get('/settings-flat')).json());
        expect(data).toContainEqual({ setting_name: 'FROM_EMAIL', setting_value: '' });
        expect(data).toHaveLength(SETTING_NAMES.length);
      } finally {
        await t.db.handle.db.insertInto('settings').values(removed).execute();
        await t.app.invalidateReferenceData();
      }
    });

    it('makes every use ask the server, so an operator change shows on the next load', async () => {
      const res = await get('/settings-flat');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('never lets a failure be cached', async () => {
      // The settings table vanishing stands in for any database failure mid-request.
      await sql`alter table settings rename to settings_away`.execute(t.db.handle.db);
      // Settings are served from memory: forget them so this request reads the database.
      await t.app.invalidateReferenceData();
      try {
        const res = await get('/settings-flat');
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ success: false, message: 'Something went wrong' });
        expect(res.headers['cache-control']).toBe('no-store');
      } finally {
        await sql`alter table settings_away rename to settings`.execute(t.db.handle.db);
      }
    });
  });

  describe('GET /fetch_vehicles', () => {
    it('lists the six demo fleet categories with capacities and image paths', async () => {
      const res = await get('/fetch_vehicles');
      expect(res.statusCode).toBe(200);
      const { data } = fetchVehiclesResponseSchema.parse(res.json());
      expect(data.map(({ tbms_vid: _id, ...rest }) => rest)).toEqual([
        {
          category_name: 'Saloon',
          seats: 4,
          luggage: 2,
          hand_luggage: 2,
          vehicle_img: 'vehicles/saloon.svg',
        },
        {
          category_name: 'Estate',
          seats: 4,
          luggage: 4,
          hand_luggage: 2,
          vehicle_img: 'vehicles/estate.svg',
        },
        {
          category_name: 'Executive',
          seats: 3,
          luggage: 2,
          hand_luggage: 2,
          vehicle_img: 'vehicles/executive.svg',
        },
        {
          category_name: 'MPV',
          seats: 6,
          luggage: 4,
          hand_luggage: 4,
          vehicle_img: 'vehicles/mpv.svg',
        },
        {
          category_name: '8-Seat Minibus',
          seats: 8,
          luggage: 8,
          hand_luggage: 8,
          vehicle_img: 'vehicles/minibus.svg',
        },
        {
          category_name: 'Wheelchair Accessible',
          seats: 4,
          luggage: 2,
          hand_luggage: 2,
          vehicle_img: 'vehicles/wheelchair.svg',
        },
      ]);
      expect(new Set(data.map((v) => v.tbms_vid)).size).toBe(6);
    });
  });

  describe('GET /fetch_companies', () => {
    it('lists at least three operators by name', async () => {
      const res = await get('/fetch_companies');
      expect(res.statusCode).toBe(200);
      const { data } = fetchCompaniesResponseSchema.parse(res.json());
      expect(data.length).toBeGreaterThanOrEqual(3);
      expect(data.map((c) => c.company.company_name)).toEqual(
        expect.arrayContaining([
          'Heathrow Executive Cars',
          'Thames Valley Private Hire',
          'Northern Star Chauffeurs',
        ]),
      );
    });
  });

  describe('GET /ai-addresses', () => {
    it('finds Heathrow Terminal 5 from "heathrow t5"', async () => {
      const found = await addresses('q=heathrow%20t5');
      expect(found[0]).toMatch(/Heathrow.*Terminal 5/);
    });

    it('matches every word anywhere, in any order and any case', async () => {
      const [first] = await addresses('q=HEATHROW%20terminal%205');
      expect(first).toMatch(/Heathrow.*Terminal 5/);
      expect((await addresses('q=terminal%205%20heathrow'))[0]).toBe(first);
      expect((await addresses('q=5%20TERMINAL%20hEaThRoW'))[0]).toBe(first);
    });

    it('only returns places holding every word in their name, aliases or postcode', async () => {
      const res = await get('/ai-addresses?q=london%20station&limit=50');
      const ids = aiAddressesResponseSchema.parse(res.json()).data.map((s) => s.id);
      expect(ids.length).toBeGreaterThan(5);
      const rows = await t.db.handle.db
        .selectFrom('places')
        .select('search_text')
        .where('id', 'in', ids)
        .execute();
      expect(rows).toHaveLength(ids.length);
      for (const { search_text } of rows) {
        expect(search_text).toMatch(/london/);
        expect(search_text).toMatch(/station/);
      }
      expect(await addresses('q=heathrow%20zzzz')).toEqual([]);
    });

    it('ignores apostrophes and punctuation', async () => {
      expect(await addresses('q=kings%20cross')).toEqual(
        expect.arrayContaining([expect.stringMatching(/King's Cross/)]),
      );
    });

    it('finds towns from GeoNames and airports by IATA code', async () => {
      expect(await addresses('q=reading')).toContain('Reading');
      expect((await addresses('q=LGW')).join('\n')).toMatch(/Gatwick/);
    });

    it('puts an exact name first, then airports, terminals, stations and ports, then towns', async () => {
      const isTransport = (a: string) => /Airport|Station|Terminal|Port/.test(a);
      const [first, ...rest] = await addresses('q=manchester&limit=20');
      expect(first).toBe('Manchester');
      const firstTown = rest.findIndex((a) => !isTransport(a));
      expect(firstTown).toBeGreaterThan(0);
      expect(rest.slice(firstTown).some(isTransport)).toBe(false);
    });

    async function suggestions(query: string) {
      const res = await get(`/ai-addresses?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return aiAddressesResponseSchema.parse(res.json()).data;
    }

    it('offers London Waterloo station before the small town, each with its area', async () => {
      const found = await suggestions('q=waterloo&limit=20');
      expect(found[0]).toMatchObject({
        address: 'London Waterloo Station, SE1 8SW',
        area: 'London SE1',
      });
      const town = found.find((s) => s.address === 'Waterloo');
      expect(town?.area).toBe('Merseyside');
      expect(found.indexOf(town!)).toBeGreaterThan(0);
      // A big place's exact name still comes first.
      expect((await suggestions('q=manchester'))[0]).toMatchObject({ address: 'Manchester' });
    });

    it('puts places nearer the other end of the journey first, given it as near', async () => {
      expect((await addresses('q=airport'))[0]).toMatch(/Heathrow/);
      const nearEdinburgh = await addresses(
        `q=airport&near=${encodeURIComponent('Edinburgh Waverley')}`,
      );
      expect(nearEdinburgh[0]).toMatch(/Edinburgh/);
      const res = await get(`/ai-addresses?q=airport&near=${'x'.repeat(201)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('near');
    });

    it('offers a full postcode of a known district as typed, with its area', async () => {
      for (const q of ['SW1A%202AA', 'sw1a2aa', '%20SW1A%202aa%20']) {
        expect(await suggestions(`q=${q}`)).toEqual([
          { id: 0, address: 'SW1A 2AA', area: 'Whitehall, SW1A' },
        ]);
      }
    });

    it('treats LIKE wildcards as plain text', async () => {
      expect(await addresses('q=%25')).toEqual([]);
      expect(await addresses('q=_')).toEqual([]);
      expect(await addresses('q=%25%25%20heathrow')).not.toHaveLength(0);
    });

    it('returns 10 by default and honours limit up to 50', async () => {
      expect(await addresses('q=a')).toHaveLength(10);
      expect(await addresses('q=a&limit=3')).toHaveLength(3);
      expect(await addresses('q=a&limit=50')).toHaveLength(50);
    });

    it.each(['51', '1000'])('caps limit=%s at 50', async (limit) => {
      expect(await addresses(`q=a&limit=${limit}`)).toHaveLength(50);
      expect(await addresses(`limit=${limit}`)).toEqual(await addresses('limit=50'));
    });

    it.each(['abc', '0', '-1', '2.5'])(
      'rejects limit=%s with a 400 naming limit',
      async (limit) => {
        const res = await get(`/ai-addresses?q=london&limit=${limit}`);
        expect(res.statusCode).toBe(400);
        const body = errorEnvelopeSchema.parse(res.json());
        expect(body.success).toBe(false);
        expect(body.errors?.[0]?.path).toBe('limit');
        expect(body.message).toMatch(/limit/);
      },
    );

    it('without q lists popular airports, terminals, stations and ports', async () => {
      const popular = await addresses('');
      expect(popular).toHaveLength(10);
      expect(popular.some((a) => /Airport|Terminal/.test(a))).toBe(true);
      expect(popular.some((a) => /Station/.test(a))).toBe(true);
      expect(popular.every((a) => /Airport|Terminal|Station|Port|Dock|Harbour/i.test(a))).toBe(
        true,
      );
      expect(await addresses('limit=25')).toHaveLength(25);
    });
  });
});
