import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixedFaresResponseSchema,
  pricePreviewResponseSchema,
} from '../../src/contract/operator-prices';
import { zoneResponseSchema } from '../../src/contract/operator-zones';
import { bookingBody, postApi, quoteFor, startBookingApp } from './booking-fixtures';
import type { TestApp } from './helpers';
import { testDatabaseKinds } from './helpers';
import { ADMIN, signIn } from './operator-fixtures';
import { cardBody, MANAGER, priceCall, rateCards } from './price-fixtures';
import { mileageForm, pence } from './quote-fixtures';

/**
 * The rest of the Prices API (issue 33): fixed fares as one list with its own version, the
 * admin's zones, and a quote already given keeping its price after the prices change.
 */
describe.each(testDatabaseKinds())('fixed fares, zones and given quotes on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let admin: string;

  beforeAll(async () => {
    t = await startBookingApp(kind);
    [manager, admin] = [await signIn(t, MANAGER), await signIn(t, ADMIN)];
  });
  afterAll(async () => t?.close());

  it('saves the fixed fares as one list, refuses a category or zone that is not there, and a stale list', async () => {
    const read = fixedFaresResponseSchema.parse(
      (await priceCall(t, 'GET', '/operator/fixed-fares', manager)).json(),
    );
    const [heathrow, gatwick] = read.zones.filter((z) => /Heathrow|Gatwick/.test(z.name));
    const saloon = read.categories.find((c) => c.name === 'Saloon')!;
    const fare = {
      category_id: saloon.id,
      from_zone_id: heathrow!.id,
      to_zone_id: gatwick!.id,
      both_ways: true,
      fare: 42,
    };
    const bad = await priceCall(t, 'PUT', '/operator/fixed-fares', manager, {
      version: read.version,
      fixed_fares: [
        { ...fare, category_id: 999 },
        { ...fare, to_zone_id: 99_999 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'fixed_fares.0.category_id',
      'fixed_fares.1.to_zone_id',
    ]);

    const fares = [
      ...read.fixed_fares.map(({ category_id, from_zone_id, to_zone_id, both_ways, fare: f }) => ({
        category_id,
        from_zone_id,
        to_zone_id,
        both_ways,
        fare: f,
      })),
      fare,
    ];
    const saved = await priceCall(t, 'PUT', '/operator/fixed-fares', manager, {
      version: read.version,
      fixed_fares: fares,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(read.version + 1);
    const stale = await priceCall(t, 'PUT', '/operator/fixed-fares', manager, {
      version: read.version,
      fixed_fares: [],
    });
    expect(stale.statusCode).toBe(409);

    // The public price follows the fare at once; the preview names the fare that matched.
    const preview = pricePreviewResponseSchema.parse(
      (
        await priceCall(t, 'POST', '/operator/price-preview', manager, { journey: mileageForm() })
      ).json(),
    );
    const entry = preview.current.find((e) => e.category_name === 'Saloon')!;
    expect(entry.breakdown.outward_fare).toBe(42);
    expect(entry.explanation[0]).toMatch(
      /fixed fare Heathrow .* → Gatwick .* \(both ways\) £42\.00 replaces the mileage fare/,
    );
  });

  it('lets the admin alone add and remove zones, each change recorded', async () => {
    const zone = {
      name: 'Reading Station',
      lat: 51.4585,
      lng: -0.9719,
      radius_km: 1,
      is_airport: false,
    };
    expect((await priceCall(t, 'POST', '/operator/zones', manager, zone)).statusCode).toBe(403);
    const added = await priceCall(t, 'POST', '/operator/zones', admin, zone);
    expect(added.statusCode, added.body).toBe(201);
    const { id } = zoneResponseSchema.parse(added.json()).zone;
    const twice = await priceCall(t, 'POST', '/operator/zones', admin, zone);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].path).toBe('name');
    const badLat = await priceCall(t, 'POST', '/operator/zones', admin, {
      ...zone,
      name: 'X',
      lat: 'north',
    });
    expect(badLat.json().errors[0].path).toBe('lat');
    expect((await priceCall(t, 'DELETE', `/operator/zones/${id}`, admin)).statusCode).toBe(200);
    expect((await priceCall(t, 'DELETE', `/operator/zones/${id}`, admin)).statusCode).toBe(404);
    const rows = await t.db.handle.db
      .selectFrom('console_activity')
      .select(['subject', 'before', 'after'])
      .where('subject', '=', 'Zone Reading Station')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.before).toBeNull();
    expect(rows[1]!.after).toBeNull();

    const holiday = { date: '2027-05-03', region: 'scotland', name: 'Early May bank holiday' };
    expect((await priceCall(t, 'PUT', '/operator/bank-holidays', admin, holiday)).statusCode).toBe(
      200,
    );
    const gone = await priceCall(t, 'DELETE', '/operator/bank-holidays/scotland/2027-05-03', admin);
    expect(gone.statusCode).toBe(200);
  });

  it('keeps a quote already given at its price after the prices rise', async () => {
    const { quote, offer } = await quoteFor(t);
    const card = (await rateCards(t, admin, `?company_id=${offer.company_id}`)).find(
      (c) => c.category_id === offer.vehicle_id,
    )!;
    const raised = await priceCall(
      t,
      'PUT',
      `/operator/rate-cards/${card.id}`,
      admin,
      cardBody(card, { base_fare: card.base_fare + 25 }),
    );
    expect(raised.statusCode, raised.body).toBe(200);
    const res = await postApi(
      t,
      'booking',
      bookingBody({ selectedVehicleData: { quote_id: quote.quote_id, detail: offer } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.handle.db
      .selectFrom('bookings')
      .select('total_pence')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.total_pence).toBe(pence(quote.final_price));
  });
});
