import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../src/contract/envelope';
import { priceDetailsResponseSchema } from '../../src/contract/quotes';
import { MESSAGES } from '../../src/domain/messages';
import { DistanceUnavailableError } from '../../src/server/services/distance/distance-provider';
import type { DistanceProvider } from '../../src/server/services/distance/distance-provider';
import { SELECTION_MESSAGES } from '../../src/server/services/pricing/quote-service';
import { startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  CHARING_CROSS,
  fixedClock,
  hourlyForm,
  mileageForm,
  offerOf,
  postQuote,
  withSettings,
} from './quote-fixtures';

/** The price calls, by their API_PATHS key. */
const QUOTE_CALLS = [
  'calculateDistance',
  'calculateDistancePrice',
  'calculateHourlyPrice',
  'calculateSelectedVehiclePrice',
] as const;

describe.each(testDatabaseKinds())('quote rules on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { clock: fixedClock });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function failure(
    path: (typeof QUOTE_CALLS)[number],
    body: unknown,
    status: number,
  ): Promise<ReturnType<typeof errorEnvelopeSchema.parse>> {
    const res = await postQuote(t, path, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
    return errorEnvelopeSchema.parse(res.json());
  }

  async function pricesOf(form: Record<string, unknown>) {
    const res = await postQuote(t, 'calculateDistancePrice', form);
    expect(res.statusCode, res.body).toBe(200);
    return priceDetailsResponseSchema.parse(res.json()).price_details;
  }

  describe('422 with the spec’s exact messages', () => {
    it('refuses a pickup inside GRACE_TIME (120 minutes) of now, in London time', async () => {
      // Now is 10:00 GMT; 11:55 is inside the two hours, 12:00 is not.
      const soon = mileageForm({
        pickup_date: '2026-11-21',
        pickup_hour: '11am',
        pickup_min: '55',
      });
      expect((await failure('calculateDistancePrice', soon, 422)).message).toBe(
        'Pickup time is within the grace period',
      );
      const hourly = hourlyForm({
        pickup_date: '2026-11-21',
        pickup_hour: '11am',
        pickup_min: '00',
      });
      expect((await failure('calculateHourlyPrice', hourly, 422)).message).toBe(MESSAGES.graceTime);
      await pricesOf(
        mileageForm({ pickup_date: '2026-11-21', pickup_hour: '12pm', pickup_min: '00' }),
      );
    });

    it('refuses a pickup in the past', async () => {
      const past = mileageForm({ pickup_date: '2026-11-20' });
      expect((await failure('calculateDistancePrice', past, 422)).message).toBe(MESSAGES.graceTime);
    });

    it('refuses a banned address wherever it appears in the trip', async () => {
      const forms = [
        mileageForm({ pickup: '12 Banned Test Road, London' }),
        mileageForm({ dropoff: 'banned test road' }),
        mileageForm({
          stops: [{ street_name: 'Blocked Test Lane', number: '4', postcode: 'SW1A 1AA' }],
        }),
        mileageForm({
          select_option: 'return',
          return_pickup: 'BANNED-TEST-ROAD',
          return_date: '2026-11-26',
          return_hour: '3pm',
          return_min: '00',
        }),
      ];
      for (const form of forms) {
        expect((await failure('calculateDistancePrice', form, 422)).message).toBe(
          'Address is banned',
        );
      }
      const hourly = hourlyForm({ pickup: '1 Banned Test Road' });
      expect((await failure('calculateHourlyPrice', hourly, 422)).message).toBe(
        MESSAGES.addressBanned,
      );
    });

    it('checks the grace period before the banned address', async () => {
      const both = mileageForm({ pickup: 'Banned Test Road', pickup_date: '2026-11-21' });
      expect((await failure('calculateDistancePrice', both, 422)).message).toBe(MESSAGES.graceTime);
    });

    it('refuses a trip of zero miles', async () => {
      const same = mileageForm({ pickup: CHARING_CROSS, dropoff: CHARING_CROSS });
      expect((await failure('calculateDistancePrice', same, 422)).message).toBe(
        'The calculated distance is zero miles. Please check your pickup and dropoff locations.',
      );
    });

    it('names the limits no vehicle meets, and by how much', async () => {
      // The largest demo vehicle seats 8 with 8 cases and 8 bags.
      const crowd = mileageForm({ passengers: 20, luggages: 10, hand_luggages: 9 });
      expect((await failure('calculateDistancePrice', crowd, 422)).message).toBe(
        "Sorry we don't have any vehicle with requested options, the following limits are exceeded: " +
          'Passengers exceeded by 12, Luggage exceeded by 2, Hand Luggage exceeded by 1',
      );
      const luggageOnly = mileageForm({ luggages: 9 });
      expect((await failure('calculateDistancePrice', luggageOnly, 422)).message).toBe(
        `${MESSAGES.capacityPrefix}Luggage exceeded by 1`,
      );
    });

    it('counts the larger party of the two legs of a return', async () => {
      const form = mileageForm({
        select_option: 'return',
        passengers: 2,
        return_passengers: 9,
        return_date: '2026-11-26',
        return_hour: '3pm',
        return_min: '00',
      });
      expect((await failure('calculateDistancePrice', form, 422)).message).toBe(
        `${MESSAGES.capacityPrefix}Passengers exceeded by 1`,
      );
    });

    it('names the field of an address it cannot place', async () => {
      const body = await failure(
        'calculateDistancePrice',
        mileageForm({ dropoff: 'Qwxzv Plimth Nowhere' }),
        422,
      );
      expect(body.message).toContain('Qwxzv Plimth Nowhere');
      expect(body.errors).toEqual([{ path: 'dropoff', message: body.message }]);
      const stop = await failure(
        'calculateDistancePrice',
        mileageForm({ stops: [{ street_name: 'Qwxzv Plimth Nowhere' }] }),
        422,
      );
      expect(stop.errors?.[0]?.path).toBe('stops.0');
      const nested = await failure(
        'calculateSelectedVehiclePrice',
        {
          bookingType: 'milleage',
          bookingForm: mileageForm({ pickup: 'Qwxzv Plimth Nowhere' }),
          vehicle_id: 1,
          company_id: 1,
        },
        422,
      );
      expect(nested.errors?.[0]?.path).toBe('bookingForm.pickup');
    });

    it('refuses a vehicle the operator does not run or that cannot carry the party', async () => {
      const list = await pricesOf(mileageForm());
      const saloon = offerOf(list, 'Northern Star Chauffeurs', 'Saloon');
      const minibus = offerOf(list, 'Heathrow Executive Cars', '8-Seat Minibus');
      // Northern Star runs no minibus.
      const notRun = await failure(
        'calculateSelectedVehiclePrice',
        {
          bookingType: 'milleage',
          bookingForm: mileageForm(),
          vehicle_id: minibus.vehicle_id,
          company_id: saloon.company_id,
        },
        422,
      );
      expect(notRun.message).toBe(SELECTION_MESSAGES.unavailable);
      const tooSmall = await failure(
        'calculateSelectedVehiclePrice',
        {
          bookingType: 'milleage',
          bookingForm: mileageForm({ passengers: 6 }),
          vehicle_id: saloon.vehicle_id,
          company_id: saloon.company_id,
        },
        422,
      );
      // Edit Options' case: the party outgrew the chosen vehicle, not the fleet; say which limit.
      expect(tooSmall.message).toBe(
        `${MESSAGES.chosenVehicleCapacityPrefix}Passengers exceeded by ${6 - saloon.max_seat}`,
      );
      const bags = saloon.luggage + 2;
      const tooMuchLuggage = await failure(
        'calculateSelectedVehiclePrice',
        {
          bookingType: 'milleage',
          bookingForm: mileageForm({ luggages: bags, hand_luggages: saloon.small_luggage + 1 }),
          vehicle_id: saloon.vehicle_id,
          company_id: saloon.company_id,
        },
        422,
      );
      expect(tooMuchLuggage.message).toBe(
        `${MESSAGES.chosenVehicleCapacityPrefix}Luggage exceeded by 2, Hand Luggage exceeded by 1`,
      );
    });
  });

  describe('400 naming the field', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['pickup_date', { pickup_date: 'next tuesday' }],
      ['pickup_date', { pickup_date: '2026-02-30' }],
      ['pickup_hour', { pickup_hour: '13pm' }],
      ['pickup_hour', { pickup_hour: 9 }],
      ['pickup_min', { pickup_min: '07' }],
      ['passengers', { passengers: 0 }],
      ['passengers', { passengers: 'two' }],
      ['passengers', { passengers: 51 }],
      ['luggages', { luggages: -1 }],
      ['waiting_min', { waiting_min: 7 }],
    ];
    it.each(cases)('rejects a bad %s', async (path, override) => {
      const body = await failure('calculateDistancePrice', mileageForm(override), 400);
      expect(body.errors?.map((e) => e.path)).toContain(path);
      expect(body.message).toMatch(new RegExp(path));
    });

    it('rejects a pickup more than a year ahead', async () => {
      const body = await failure(
        'calculateDistancePrice',
        mileageForm({ pickup_date: '2027-11-22' }),
        400,
      );
      expect(body.errors).toEqual([{ path: 'pickup_date', message: body.message }]);
      await pricesOf(mileageForm({ pickup_date: '2027-11-21' }));
    });

    it('rejects a return before the outward pickup, or without a valid date', async () => {
      const early = mileageForm({
        select_option: 'return',
        return_date: '2026-11-24',
        return_hour: '9am',
        return_min: '00',
      });
      const body = await failure('calculateDistancePrice', early, 400);
      expect(body.errors?.[0]?.path).toBe('return_date');
      const missing = mileageForm({
        select_option: 'return',
        return_hour: '9am',
        return_min: '00',
      });
      expect((await failure('calculateDistancePrice', missing, 400)).errors?.[0]?.path).toBe(
        'return_date',
      );
    });

    it('rejects an hourly duration outside 4 to 24 hours', async () => {
      for (const duration of ['3hour', '25hour', 'all day']) {
        const body = await failure(
          'calculateHourlyPrice',
          hourlyForm({ pickup_duration: duration }),
          400,
        );
        expect(body.errors?.[0]?.path).toBe('pickup_duration');
      }
    });

    it('prefixes the fields of a nested form, and says when the form is missing', async () => {
      const bad = await failure(
        'calculateSelectedVehiclePrice',
        {
          bookingType: 'milleage',
          bookingForm: mileageForm({ pickup_min: '61' }),
          vehicle_id: 1,
          company_id: 1,
        },
        400,
      );
      expect(bad.errors?.[0]?.path).toBe('bookingForm.pickup_min');
      const noForm = await failure(
        'calculateSelectedVehiclePrice',
        { bookingType: 'milleage', vehicle_id: 1, company_id: 1 },
        400,
      );
      expect(noForm.message).toBe('BookingForm data is missing.');
      const noHourly = await failure(
        'calculateSelectedVehiclePrice',
        { bookingType: 'hourly', bookingForm: mileageForm(), vehicle_id: 1, company_id: 1 },
        400,
      );
      expect(noHourly.message).toBe('HourlyRateForm data is missing.');
      const count = await failure(
        'calculateSelectedVehiclePrice',
        {
          bookingType: 'hourly',
          hourlyRateForm: hourlyForm(),
          vehicle_id: 1,
          company_id: 1,
          vehicle_count: 7,
        },
        400,
      );
      expect(count.errors?.[0]?.path).toBe('vehicle_count');
    });
  });

  describe('operator settings', () => {
    it('keeps only the cheapest company’s offers with MULTIPLE_PRICES and CHEAPEST_COMPANY_PRICE', async () => {
      const all = await pricesOf(mileageForm());
      const cheapest = [...all].sort((a, b) => a.price - b.price)[0];
      await withSettings(
        t,
        { MULTIPLE_PRICES: 'enable', CHEAPEST_COMPANY_PRICE: 'enable' },
        async () => {
          const kept = await pricesOf(mileageForm());
          expect(new Set(kept.map((d) => d.company_id))).toEqual(new Set([cheapest?.company_id]));
          expect(kept).toEqual(all.filter((d) => d.company_id === cheapest?.company_id));
        },
      );
    });

    it('shows one operator when MULTIPLE_OPERATORS is off', async () => {
      const all = await pricesOf(mileageForm());
      await withSettings(t, { MULTIPLE_OPERATORS: 'disable' }, async () => {
        const kept = await pricesOf(mileageForm());
        const companies = new Set(kept.map((d) => d.company_id));
        expect(companies.size).toBe(1);
        expect([...companies][0]).toBe(Math.min(...all.map((d) => d.company_id)));
        // An operator the page does not show cannot be chosen by a crafted call either.
        const other = all.find((d) => !companies.has(d.company_id));
        const res = await postQuote(t, 'calculateSelectedVehiclePrice', {
          bookingType: 'milleage',
          bookingForm: mileageForm(),
          vehicle_id: other?.vehicle_id,
          company_id: other?.company_id,
        });
        expect(res.statusCode).toBe(422);
      });
    });

    it('shows the cheapest offer per vehicle when MULTIPLE_PRICES is off', async () => {
      await withSettings(t, { MULTIPLE_PRICES: 'disable' }, async () => {
        const kept = await pricesOf(mileageForm());
        const vehicles = kept.map((d) => d.vehicle_id);
        expect(new Set(vehicles).size).toBe(vehicles.length);
        expect(vehicles.length).toBe(6);
      });
    });
  });

  describe('hostile input', () => {
    const garbage = [
      '"just a string"',
      '[1, 2, 3]',
      'null',
      '42',
      'true',
      '{}',
      '{"pickup": null, "dropoff": []}',
      '{"pickup": {"$ne": 1}, "passengers": 1e308, "pickup_date": 20261124}',
      '{"passengers": 99999999999999999999999, "luggages": -1e400, "pickup_min": 1e21}',
      '{"stops": "Reading", "pickup_location": {"lat": "51", "lng": null}}',
      '{"stops": [null, 7, "x", {"location": {"lat": 1e308, "lng": -1e308}}]}',
      '{"bookingType": "milleage", "bookingForm": "eyJwaWNrdXAiOiJ4In0=", "vehicle_id": 1e20, "company_id": -1}',
      '{"bookingType": "hourly", "hourlyRateForm": [], "vehicle_id": "1", "company_id": "1"}',
      '{"__proto__": {"passengers": 3}, "constructor": {"prototype": {}}}',
      `{"pickup": "${'x'.repeat(10_000)}"}`,
      '{"pickup": "a", ',
    ];
    it.each(QUOTE_CALLS)('answers garbage sent to %s with a 4xx, never a 5xx', async (path) => {
      for (const body of garbage) {
        const res = await postQuote(t, path, body, { raw: true });
        expect(res.statusCode, `${path} ${body.slice(0, 60)}: ${res.body}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.statusCode, body.slice(0, 60)).toBeLessThan(500);
        expect(errorEnvelopeSchema.parse(res.json()).success).toBe(false);
      }
    });

    it('answers dates at the ends of the calendar with the rule they break', async () => {
      const ancient = mileageForm({ pickup_date: '1900-01-01' });
      expect((await failure('calculateDistancePrice', ancient, 422)).message).toBe(
        MESSAGES.graceTime,
      );
      const yearOne = mileageForm({ pickup_date: '0001-01-01' });
      expect((await failure('calculateDistancePrice', yearOne, 400)).errors?.[0]?.path).toBe(
        'pickup_date',
      );
      const far = hourlyForm({ pickup_date: '9999-12-31' });
      expect((await failure('calculateHourlyPrice', far, 400)).errors?.[0]?.path).toBe(
        'pickup_date',
      );
      const backwards = mileageForm({
        select_option: 'return',
        return_date: '0001-01-01',
        return_hour: '1am',
        return_min: '00',
      });
      expect((await failure('calculateDistancePrice', backwards, 400)).errors?.[0]?.path).toBe(
        'return_date',
      );
    });

    it('takes a huge but valid-looking form without failing', async () => {
      const form = mileageForm({
        stops: Array.from({ length: 10 }, () => ({ street_name: 'x'.repeat(300) })),
      });
      const res = await postQuote(t, 'calculateDistancePrice', form);
      expect(res.statusCode).toBeLessThan(500);
    });
  });
});

describe.each(testDatabaseKinds())('quotes when the distance service is down, on %s', (kind) => {
  let t: TestApp;
  const down: DistanceProvider = {
    name: 'google',
    measure: () => Promise.reject(new DistanceUnavailableError()),
  };
  beforeAll(async () => {
    t = await startTestApp(kind, { clock: fixedClock, distance: down });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 with nothing of the cause', async () => {
    const res = await postQuote(t, 'calculateDistancePrice', mileageForm());
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong' });
  });

  it('still applies the rules that need no distance first', async () => {
    const res = await postQuote(
      t,
      'calculateDistancePrice',
      mileageForm({ dropoff: 'Banned Test Road' }),
    );
    expect(res.statusCode).toBe(422);
  });
});
