import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixedFaresResponseSchema,
  pricePreviewResponseSchema,
} from '../../src/contract/operator-prices';
import { zoneResponseSchema, zonesResponseSchema } from '../../src/contract/operator-zones';
import { createFlightTracksRepository } from '../../src/server/repositories/flight-tracks-repository';
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

  /** The zone as GET zones lists it. */
  const airportZone = async (id: number) =>
    zonesResponseSchema
      .parse((await priceCall(t, 'GET', '/operator/zones', admin)).json())
      .zones.find((zone) => zone.id === id);
  /** The airport as the flight poll reads it. */
  const trackedAirport = async (code: string) =>
    (await createFlightTracksRepository(t.db.handle.db).airports()).find((a) => a.code === code);

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

  it("keeps an airport zone's IATA code and meeting buffer, which flight tracking then reads", async () => {
    const southend = {
      name: 'Southend Airport (SEN)',
      lat: 51.5714,
      lng: 0.6956,
      radius_km: 1.5,
      is_airport: true,
      iata_code: 'SEN',
      flight_buffer_minutes: 60,
    };
    const added = await priceCall(t, 'POST', '/operator/zones', admin, southend);
    expect(added.statusCode, added.body).toBe(201);
    const { id } = zoneResponseSchema.parse(added.json()).zone;
    expect(await airportZone(id)).toMatchObject({ iata_code: 'SEN', flight_buffer_minutes: 60 });
    expect(await trackedAirport('SEN')).toMatchObject({ bufferMinutes: 60 });

    // A client that knows nothing of flights sends the zone without them: they stay.
    const { iata_code: _code, flight_buffer_minutes: _buffer, ...older } = southend;
    const moved = await priceCall(t, 'PUT', `/operator/zones/${id}`, admin, {
      ...older,
      radius_km: 3,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().zone).toMatchObject({
      radius_km: 3,
      iata_code: 'SEN',
      flight_buffer_minutes: 60,
    });

    // null (or an empty code) sets it back: the default buffer, or no tracking.
    const defaulted = await priceCall(t, 'PUT', `/operator/zones/${id}`, admin, {
      ...southend,
      flight_buffer_minutes: null,
    });
    expect(defaulted.json().zone).toMatchObject({ iata_code: 'SEN', flight_buffer_minutes: null });
    expect(await trackedAirport('SEN')).toMatchObject({ bufferMinutes: null });
    const activity = await t.db.handle.db
      .selectFrom('console_activity')
      .select(['before', 'after'])
      .where('subject', '=', 'Zone Southend Airport (SEN)')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(activity.before).toMatchObject({ iata_code: 'SEN', flight_buffer_minutes: 60 });
    expect(activity.after).toMatchObject({ iata_code: 'SEN', flight_buffer_minutes: null });

    const untracked = await priceCall(t, 'PUT', `/operator/zones/${id}`, admin, {
      ...southend,
      iata_code: '',
    });
    expect(untracked.json().zone.iata_code).toBeNull();
    expect(await trackedAirport('SEN')).toBeUndefined();

    // A zone that stops being an airport keeps no code or buffer.
    await priceCall(t, 'PUT', `/operator/zones/${id}`, admin, southend);
    const plain = await priceCall(t, 'PUT', `/operator/zones/${id}`, admin, {
      ...older,
      is_airport: false,
    });
    expect(plain.json().zone).toMatchObject({ iata_code: null, flight_buffer_minutes: null });
  });

  it('refuses a bad IATA code, a code on a zone that is not an airport, and a buffer outside 0–240', async () => {
    const zone = {
      name: 'Newcastle Airport (NCL)',
      lat: 55.0375,
      lng: -1.6917,
      radius_km: 2,
      is_airport: true,
    };
    const refused = async (body: object) => {
      const res = await priceCall(t, 'POST', '/operator/zones', admin, { ...zone, ...body });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as { path: string; message: string }[];
    };
    expect(await refused({ iata_code: 'NCLX' })).toEqual([
      { path: 'iata_code', message: 'iata_code must be three letters, like LHR' },
    ]);
    expect((await refused({ iata_code: 'ncl' }))[0]!.path).toBe('iata_code');
    expect(await refused({ is_airport: false, iata_code: 'NCL' })).toEqual([
      {
        path: 'iata_code',
        message: 'iata_code is only for an airport zone: tick is_airport or leave it empty',
      },
    ]);
    for (const minutes of [500, -1, 12.5]) {
      expect(await refused({ flight_buffer_minutes: minutes })).toEqual([
        {
          path: 'flight_buffer_minutes',
          message: 'flight_buffer_minutes must be a whole number of minutes from 0 to 240',
        },
      ]);
    }
    const zones = (await priceCall(t, 'GET', '/operator/zones', admin)).json().zones;
    expect(zones.some((z: { name: string }) => z.name === zone.name)).toBe(false);
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
