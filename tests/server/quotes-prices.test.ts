import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calculateDistanceResponseSchema,
  priceDetailsResponseSchema,
  selectedVehiclePriceResponseSchema,
} from '../../src/contract/quotes';
import { DEMO_CATEGORIES, DEMO_COMPANIES } from '../../src/server/db/seed-data/operators';
import { applyBasisPoints } from '../../src/domain/pence-rounding';
import {
  DEMO_COMPANY_CHARGES,
  DEMO_FIXED_FARES,
  DEMO_RATE_CARDS,
} from '../../src/server/db/seed-data/pricing';
import { startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  CHARING_CROSS,
  expectBreakdownSums,
  fixedClock,
  GATWICK_SOUTH,
  HEATHROW_T5,
  hourlyForm,
  mileageForm,
  offerOf,
  pence,
  postQuote,
  withSettings,
} from './quote-fixtures';

function chargesOf(company: string) {
  const charges = DEMO_COMPANY_CHARGES.find((c) => c.company === company);
  if (!charges) throw new Error(`No charges for ${company}`);
  return charges;
}

describe.each(testDatabaseKinds())('quote prices on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { clock: fixedClock });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function prices(form: Record<string, unknown>) {
    const res = await postQuote(t, 'calculateDistancePrice', form);
    expect(res.statusCode, res.body).toBe(200);
    return priceDetailsResponseSchema.parse(res.json());
  }

  async function hourlyPrices(form: Record<string, unknown>) {
    const res = await postQuote(t, 'calculateHourlyPrice', form);
    expect(res.statusCode, res.body).toBe(200);
    return priceDetailsResponseSchema.parse(res.json());
  }

  async function selected(body: Record<string, unknown>) {
    const res = await postQuote(t, 'calculateSelectedVehiclePrice', body);
    expect(res.statusCode, res.body).toBe(200);
    return selectedVehiclePriceResponseSchema.parse(res.json());
  }

  describe('POST /calculate-distance', () => {
    it('measures Heathrow T5 to Gatwick in miles with one decimal and whole minutes', async () => {
      const res = await postQuote(t, 'calculateDistance', {
        pickup: HEATHROW_T5,
        dropoff: GATWICK_SOUTH,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = calculateDistanceResponseSchema.parse(res.json());
      // About 45 road miles (M25); the offline model is measured elsewhere, this is a sanity band.
      expect(body.via_miles).toBeGreaterThan(30);
      expect(body.via_miles).toBeLessThan(60);
      expect(Math.round(body.via_miles * 10) / 10).toBe(body.via_miles);
      expect(body.duration).toBe(body.time_duration);
      expect(body.duration).toBeGreaterThan(30);
    });

    it('adds the legs through a stop', async () => {
      const direct = calculateDistanceResponseSchema.parse(
        (
          await postQuote(t, 'calculateDistance', { pickup: HEATHROW_T5, dropoff: GATWICK_SOUTH })
        ).json(),
      );
      const viaReading = calculateDistanceResponseSchema.parse(
        (
          await postQuote(t, 'calculateDistance', {
            pickup: HEATHROW_T5,
            dropoff: GATWICK_SOUTH,
            stops: [
              {
                street_name: 'Broad Street',
                postcode: 'RG1 2BH',
                location: { lat: 51.4557, lng: -0.9736 },
              },
            ],
          })
        ).json(),
      );
      expect(viaReading.via_miles).toBeGreaterThan(direct.via_miles + 20);
    });
  });

  describe('POST /calculate-distance-price', () => {
    it('prices Gatwick to "Waterloo" as London Waterloo, not Waterloo on Merseyside', async () => {
      const body = await prices(
        mileageForm({ pickup: 'Gatwick Airport (LGW), Crawley RH6 0NP', dropoff: 'Waterloo' }),
      );
      const km = (body.distance?.via_miles ?? 0) * 1.609;
      expect(km).toBeGreaterThan(30);
      expect(km).toBeLessThan(100);
      // A London transfer price, not the £451 of a 413 km trip north.
      for (const detail of body.price_details) expect(detail.final_price).toBeLessThan(250);
    });

    it('prices a full postcode typed alone at its district', async () => {
      const body = await prices(mileageForm({ dropoff: 'SW1A 2AA' }));
      expect(body.distance?.via_miles).toBeGreaterThan(10);
      // Whitehall, where the SW1A district's centre is.
      const dropoff = body.places?.find((p) => p.field === 'dropoff');
      expect(dropoff?.lat).toBeCloseTo(51.503, 2);
      expect(dropoff?.lng).toBeCloseTo(-0.135, 2);
    });

    it('prices Heathrow T5 to Gatwick for every operator, parts adding up to the penny', async () => {
      const body = await prices(mileageForm());
      expect(body.distance?.via_miles).toBeGreaterThan(30);
      expect(body.distance?.return_via_miles ?? null).toBeNull();
      const companies = new Set(body.price_details.map((d) => d.company_name));
      expect(companies).toEqual(new Set(DEMO_COMPANIES.map((c) => c.name)));
      // Two passengers fit everything; every card each operator runs is offered.
      expect(body.price_details).toHaveLength(DEMO_RATE_CARDS.length);
      for (const detail of body.price_details) {
        expect(detail.final_price).toBe(detail.price);
        expect(detail.price).toBeGreaterThan(30);
        const parts = expectBreakdownSums(detail.breakdown, detail.final_price);
        expect(parts.outward_fare).toBeGreaterThan(0);
        const category = DEMO_CATEGORIES.find((c) => c.name === detail.vehicle_type);
        expect(detail).toMatchObject({
          vehicle_image: category?.image_path,
          max_seat: category?.seats,
          luggage: category?.luggage,
          small_luggage: category?.hand_luggage,
          rating: DEMO_COMPANIES.find((c) => c.name === detail.company_name)?.rating,
        });
      }
      const sorted = [...body.price_details].sort((a, b) => a.price - b.price);
      expect(body.price_details.map((d) => d.price)).toEqual(sorted.map((d) => d.price));
    });

    it('charges each operator its airport pickup charge at Heathrow, and none in town', async () => {
      const fromAirport = await prices(mileageForm());
      for (const detail of fromAirport.price_details) {
        expect(pence(detail.breakdown.airport_pickup_charge)).toBe(
          chargesOf(detail.company_name).airportPickupPence,
        );
      }
      const fromTown = await prices(mileageForm({ pickup: CHARING_CROSS }));
      for (const detail of fromTown.price_details) {
        expect(detail.breakdown.airport_pickup_charge).toBeUndefined();
      }
    });

    it('applies the fixed Heathrow to central London fare instead of the mileage', async () => {
      const body = await prices(mileageForm({ dropoff: CHARING_CROSS }));
      for (const detail of body.price_details) {
        const fixed = DEMO_FIXED_FARES.find(
          (f) =>
            f.company === detail.company_name &&
            f.category === detail.vehicle_type &&
            f.from === 'Heathrow Airport (LHR)',
        );
        expect(pence(detail.breakdown.outward_fare)).toBe(fixed?.farePence);
        expectBreakdownSums(detail.breakdown, detail.final_price);
      }
      // Both ways: central London to Heathrow costs the same fare.
      const back = await prices(mileageForm({ pickup: CHARING_CROSS, dropoff: HEATHROW_T5 }));
      const saloon = offerOf(back.price_details, 'Thames Valley Private Hire', 'Saloon');
      expect(saloon.breakdown.outward_fare).toBe(
        offerOf(body.price_details, 'Thames Valley Private Hire', 'Saloon').breakdown.outward_fare,
      );
    });

    it('says where it placed the pickup, each stop and the drop-off, for the route sketch', async () => {
      const body = await prices(
        mileageForm({
          stops: [
            { street_name: '', number: '', postcode: '' },
            { street_name: 'Station Road', number: '10', postcode: 'Reading' },
          ],
        }),
      );
      expect(body.places?.map((place) => place.field)).toEqual(['pickup', 'stops.1', 'dropoff']);
      const [pickup, stop, dropoff] = body.places ?? [];
      // Heathrow, Reading to its west, Gatwick to the south-east: degrees to four decimals.
      expect(pickup?.lat).toBeCloseTo(51.47, 1);
      expect(pickup?.lng).toBeCloseTo(-0.49, 1);
      expect(stop?.lng).toBeLessThan(pickup?.lng ?? 0);
      expect(dropoff?.lat).toBeLessThan(pickup?.lat ?? 0);
      expect(dropoff?.lng).toBeGreaterThan(pickup?.lng ?? 0);
      for (const place of body.places ?? []) {
        expect(Math.round(place.lat * 1e4) / 1e4).toBe(place.lat);
        expect(Math.round(place.lng * 1e4) / 1e4).toBe(place.lng);
      }
    });

    it('prices by the mile again when a stop changes the route', async () => {
      const direct = await prices(mileageForm({ dropoff: CHARING_CROSS }));
      const viaStop = await prices(
        mileageForm({
          dropoff: CHARING_CROSS,
          stops: [
            {
              // The server places the text (London); the pin is recorded beside it.
              street_name: 'King Street, Hammersmith, London',
              postcode: 'W6 9JT',
              location: { lat: 51.4927, lng: -0.2248 },
            },
          ],
        }),
      );
      const name = ['Thames Valley Private Hire', 'Saloon'] as const;
      const fixedFare = offerOf(direct.price_details, ...name).breakdown.outward_fare;
      const mileageFare = offerOf(viaStop.price_details, ...name).breakdown.outward_fare;
      expect(mileageFare).not.toBe(fixedFare);
      expect(viaStop.distance?.via_miles).toBeGreaterThan(10);
    });

    it('adds each operator’s night uplift to the fare of an 11pm pickup', async () => {
      const day = await prices(mileageForm());
      const night = await prices(mileageForm({ pickup_hour: '11pm', pickup_min: '00' }));
      for (const detail of night.price_details) {
        const fare = pence(detail.breakdown.outward_fare);
        const { nightUpliftBp } = chargesOf(detail.company_name);
        expect(pence(detail.breakdown.night_uplift)).toBe(applyBasisPoints(fare, nightUpliftBp));
        expectBreakdownSums(detail.breakdown, detail.final_price);
      }
      for (const detail of day.price_details) expect(detail.breakdown.night_uplift).toBeUndefined();
    });

    it('adds the bank-holiday uplift on Christmas Day in England', async () => {
      const body = await prices(mileageForm({ pickup_date: '2026-12-25' }));
      for (const detail of body.price_details) {
        const fare = pence(detail.breakdown.outward_fare);
        const { bankHolidayUpliftBp } = chargesOf(detail.company_name);
        expect(pence(detail.breakdown.bank_holiday_uplift)).toBe(
          applyBasisPoints(fare, bankHolidayUpliftBp),
        );
        expectBreakdownSums(detail.breakdown, detail.final_price);
      }
    });

    it('uplifts St Andrew’s Day (30 November) in Scotland but not in England', async () => {
      const scottish = await prices(
        mileageForm({
          pickup: 'Edinburgh Waverley Station',
          dropoff: 'Edinburgh Airport',
          pickup_date: '2026-11-30',
        }),
      );
      expect(scottish.price_details.length).toBeGreaterThan(0);
      for (const detail of scottish.price_details) {
        expect(detail.breakdown.bank_holiday_uplift).toBeGreaterThan(0);
      }
      const english = await prices(mileageForm({ pickup_date: '2026-11-30' }));
      for (const detail of english.price_details) {
        expect(detail.breakdown.bank_holiday_uplift).toBeUndefined();
      }
    });

    it('prices a return with its own leg, time and extras', async () => {
      const body = await prices(
        mileageForm({
          select_option: 'return',
          meet_and_greet: 'yes',
          return_date: '2026-11-28',
          return_hour: '6pm',
          return_min: '30',
          return_baby_seats: '2',
          return_waiting_min: '15',
        }),
      );
      expect(body.distance?.return_via_miles).toBeGreaterThan(30);
      for (const detail of body.price_details) {
        const parts = expectBreakdownSums(detail.breakdown, detail.final_price);
        expect(parts.return_fare).toBeGreaterThan(0);
        // Demo settings: meet and greet £10, baby seats £5 each, £2.50 per 5 waiting minutes.
        expect(parts.meet_and_greet).toBe(10);
        expect(parts.baby_seats).toBe(10);
        expect(parts.waiting_time).toBe(7.5);
        // The return starts at Gatwick, an airport too: the charge is paid on both legs.
        expect(pence(parts.airport_pickup_charge)).toBe(
          2 * chargesOf(detail.company_name).airportPickupPence,
        );
      }
      const oneWay = await prices(mileageForm());
      const name = ['Heathrow Executive Cars', 'Saloon'] as const;
      expect(offerOf(body.price_details, ...name).price).toBeGreaterThan(
        offerOf(oneWay.price_details, ...name).price * 2,
      );
    });

    it('prices whole pounds with ROUND_OFF yes, and exact pence without it', async () => {
      const rounded = await prices(mileageForm());
      for (const detail of rounded.price_details) expect(Number.isInteger(detail.price)).toBe(true);
      await withSettings(t, { ROUND_OFF: 'no' }, async () => {
        const exact = await prices(mileageForm());
        for (const detail of exact.price_details) {
          expect(detail.breakdown.round_off).toBeUndefined();
          expectBreakdownSums(detail.breakdown, detail.final_price);
        }
        expect(exact.price_details.some((d) => !Number.isInteger(d.price))).toBe(true);
      });
    });

    it('offers only the vehicles that hold the party', async () => {
      const body = await prices(mileageForm({ passengers: '7', luggages: '5' }));
      expect(new Set(body.price_details.map((d) => d.vehicle_type))).toEqual(
        new Set(['8-Seat Minibus']),
      );
    });
  });

  describe('POST /calculate-hourly-price', () => {
    it('prices a 4-hour hire from each card’s hourly rate', async () => {
      const body = await hourlyPrices(hourlyForm());
      expect(body.price_details.length).toBe(DEMO_RATE_CARDS.length);
      for (const detail of body.price_details) {
        const card = DEMO_RATE_CARDS.find(
          (c) => c.company === detail.company_name && c.category === detail.vehicle_type,
        );
        const parts = expectBreakdownSums(detail.breakdown, detail.final_price);
        expect(pence(parts.hourly_fare)).toBe(card?.hourlyRates[4]);
        expect(parts.outward_fare).toBeUndefined();
      }
    });

    it('says where it placed the pickup, once', async () => {
      const body = await hourlyPrices(hourlyForm());
      expect(body.places).toHaveLength(1);
      expect(body.places?.[0]).toMatchObject({ field: 'pickup' });
      expect(body.places?.[0]?.lat).toBeCloseTo(51.51, 1);
    });

    it('charges more for longer hires and adds the extras', async () => {
      const four = await hourlyPrices(hourlyForm());
      const ten = await hourlyPrices(hourlyForm({ pickup_duration: '10hour', baby_seats: '1' }));
      const name = ['Northern Star Chauffeurs', 'Executive'] as const;
      const long = offerOf(ten.price_details, ...name);
      expect(long.price).toBeGreaterThan(offerOf(four.price_details, ...name).price);
      expect(long.breakdown.baby_seats).toBe(5);
    });
  });

  describe('POST /calculate-selected-vehicle-price', () => {
    it('prices the chosen vehicle times the vehicle count and stores the quote', async () => {
      const list = await prices(mileageForm());
      const choice = offerOf(list.price_details, 'Thames Valley Private Hire', 'MPV');
      const body = await selected({
        bookingType: 'milleage',
        bookingForm: mileageForm(),
        vehicle_id: choice.vehicle_id,
        company_id: choice.company_id,
        vehicle_count: 3,
      });
      expect(body.vehicle_count).toBe(3);
      expect(body.price).toBe(choice.price);
      expect(pence(body.final_price)).toBe(3 * pence(choice.price));
      const parts = expectBreakdownSums(body.breakdown, body.final_price);
      expect(pence(parts.additional_vehicles)).toBe(2 * pence(choice.price));
      expect(body.price_detail).toMatchObject({
        vehicle_id: choice.vehicle_id,
        company_id: choice.company_id,
        final_price: body.final_price,
      });
      expect(body.expires_at).toBe('2026-11-21T10:30:00.000Z');

      expect(body.quote_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      const row = await t.db.handle.db
        .selectFrom('quotes')
        .selectAll()
        .where('id', '=', body.quote_id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        booking_type: 'milleage',
        company_id: choice.company_id,
        category_id: choice.vehicle_id,
        vehicle_count: 3,
        price_pence: pence(body.price),
        final_pence: pence(body.final_price),
      });
      expect(new Date(row.expires_at).toISOString()).toBe(body.expires_at);
      expect(row.distance).toMatchObject({ via_miles: list.distance?.via_miles });
    });

    it('gives every quote a new unguessable id', async () => {
      const list = await hourlyPrices(hourlyForm());
      const choice = list.price_details[0];
      if (!choice) throw new Error('no hourly offer');
      const ask = () =>
        selected({
          bookingType: 'hourly',
          hourlyRateForm: hourlyForm(),
          vehicle_id: choice.vehicle_id,
          company_id: choice.company_id,
        });
      const [a, b] = [await ask(), await ask()];
      expect(a.quote_id).not.toBe(b.quote_id);
      // 16 random bytes in base64url.
      expect(a.quote_id).toHaveLength(22);
      expect(a.final_price).toBe(choice.final_price);
      expect(a.vehicle_count).toBe(1);
    });

    it('uses the extras of the form it is sent', async () => {
      const list = await prices(mileageForm());
      const choice = offerOf(list.price_details, 'Heathrow Executive Cars', 'Estate');
      const body = await selected({
        bookingType: 'milleage',
        bookingForm: mileageForm({ wheel_chair: 'yes', special_luggage: 2 }),
        vehicle_id: choice.vehicle_id,
        company_id: choice.company_id,
      });
      // Demo settings: wheelchair £8, special luggage £6 each.
      expect(body.breakdown.wheel_chair).toBe(8);
      expect(body.breakdown.special_luggage).toBe(12);
      expectBreakdownSums(body.breakdown, body.final_price);
      expect(body.final_price).toBeGreaterThan(choice.final_price);
    });
  });
});
