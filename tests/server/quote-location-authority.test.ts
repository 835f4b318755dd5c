import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingResponseSchema } from '../../src/contract/bookings';
import { reverseGeocodeResponseSchema } from '../../src/contract/geocoding';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { priceDetailsResponseSchema } from '../../src/contract/quotes';
import { CURRENT_LOCATION_TEXT } from '../../src/domain/booking-form';
import { API_HEADERS, testDatabaseKinds } from './helpers';
import type { TestApp, TestDatabaseKind } from './helpers';
import {
  bookingBody,
  clearBookings,
  countRows,
  offersFor,
  postApi,
  quoteFor,
  startBookingApp,
} from './booking-fixtures';
import { startFakeGoogleRoutes } from './fakes/google-routes';
import { HEATHROW_T5, hourlyForm, mileageForm, pence, postQuote } from './quote-fixtures';
import type { FormBody } from './quote-fixtures';

/**
 * The server decides where a journey goes: map coordinates the browser sends may only refine
 * an address the server places itself, and a booking keeps and mails what was priced.
 */

const EDINBURGH_AIRPORT = 'Edinburgh Airport';
/** Beside Heathrow's runways: about 530 km from Edinburgh Airport. */
const NEXT_TO_HEATHROW = { lat: 51.4706, lng: -0.4619 };
/** Edinburgh Airport's terminal forecourt, a few hundred metres from its gazetteer point. */
const AT_EDINBURGH_AIRPORT = { lat: 55.9496, lng: -3.3725 };
/** Trafalgar Square, where a 'use my current location' hourly hire starts. */
const HERE = { lat: 51.50801, lng: -0.12803 };
/** Google's address there (the fake's reverse geocoding). */
const TRAFALGAR_SQUARE = 'Trafalgar Sq, London WC2N 5DN';

/** A guest's one-way trip to Edinburgh Airport, claiming to end beside Heathrow. */
function attackForm(overrides: FormBody = {}): FormBody {
  return mileageForm({
    dropoff: EDINBURGH_AIRPORT,
    dropoff_location: NEXT_TO_HEATHROW,
    ...overrides,
  });
}

interface ErrorBody {
  success: false;
  message: string;
  errors?: { path: string; message: string }[];
}

function expectLocationRefused(
  res: { statusCode: number; body: string; json(): unknown },
  path: string,
) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as ErrorBody;
  expect(body.errors?.map((e) => e.path)).toEqual([path]);
  // The path names the request field; the message the form's label a person reads.
  expect(body.message).toContain('(Drop-Off)');
  expect(body.message).not.toContain('dropoff_location');
  expect(body.message).toContain(EDINBURGH_AIRPORT);
}

async function cheapest(t: TestApp, form: FormBody) {
  const [offer] = await offersFor(t, form);
  if (!offer) throw new Error('No offer for the form');
  return offer;
}

async function storedBookings(t: TestApp) {
  return t.db.handle.db.selectFrom('bookings').selectAll().execute();
}

async function mails(t: TestApp, kind: string) {
  return t.db.handle.db
    .selectFrom('outbox')
    .select(['text_body', 'html_body'])
    .where('kind', '=', kind)
    .execute();
}

/** What the attack and the honest trip must agree on, whichever provider measures. */
function locationAuthority(kind: TestDatabaseKind, env: () => Record<string, string>) {
  let t: TestApp;
  beforeAll(async () => {
    t = await startBookingApp(kind, env());
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await clearBookings(t);
  });

  it('refuses a price for Edinburgh Airport with coordinates beside Heathrow, naming dropoff_location', async () => {
    const honest = await cheapest(t, mileageForm({ dropoff: EDINBURGH_AIRPORT }));
    // Hundreds of pounds: the journey the booking names is the length of Britain.
    expect(honest.final_price).toBeGreaterThan(300);

    const res = await postQuote(t, 'calculateDistancePrice', attackForm());
    expectLocationRefused(res, 'dropoff_location');
  });

  it('refuses to book it paid in the car, and books nothing', async () => {
    const honest = await cheapest(t, mileageForm({ dropoff: EDINBURGH_AIRPORT }));
    const res = await postApi(
      t,
      'booking',
      bookingBody({
        form: attackForm(),
        selectedVehicleData: { vehicle_id: honest.vehicle_id, company_id: honest.company_id },
      }),
    );
    expectLocationRefused(res, 'bookingForm.dropoff_location');
    expect(await countRows(t, 'bookings')).toBe(0);
  });

  it('refuses a checkout session for it', async () => {
    const honest = await cheapest(t, mileageForm({ dropoff: EDINBURGH_AIRPORT }));
    const { payment_method: _car, ...inputs } = bookingBody({
      form: attackForm(),
      selectedVehicleData: { vehicle_id: honest.vehicle_id, company_id: honest.company_id },
    });
    const res = await postApi(t, 'createCheckoutSession', {
      ...inputs,
      amount: 2000,
      frontend_url: 'http://localhost',
    });
    expectLocationRefused(res, 'bookingForm.dropoff_location');
    expect(await countRows(t, 'checkout_sessions')).toBe(0);
  });

  it('refuses text it cannot place when coordinates come with it, naming the address', async () => {
    // Only the visitor's own position ("Current location") is priced by coordinates alone.
    const res = await postQuote(
      t,
      'calculateDistancePrice',
      mileageForm({ dropoff: 'The Balmoral Hotel', dropoff_location: NEXT_TO_HEATHROW }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect((res.json() as ErrorBody).errors?.map((e) => e.path)).toEqual(['dropoff']);
  });

  it('prices coordinates near the typed place as that place', async () => {
    const plain = await cheapest(t, mileageForm({ dropoff: EDINBURGH_AIRPORT }));
    const res = await postQuote(
      t,
      'calculateDistancePrice',
      mileageForm({ dropoff: EDINBURGH_AIRPORT, dropoff_location: AT_EDINBURGH_AIRPORT }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [refined] = priceDetailsResponseSchema.parse(res.json()).price_details;
    // The same journey give or take the airport's forecourt: within a few pounds.
    expect(Math.abs(pence(refined?.final_price) - pence(plain.final_price))).toBeLessThan(1000);
  });

  it("names a stop's or the return's position when it is far from its address", async () => {
    const cases: [FormBody, string][] = [
      [
        mileageForm({
          stops: [{ street_name: 'Charing Cross station', location: AT_EDINBURGH_AIRPORT }],
        }),
        'stops.0.location',
      ],
      [
        mileageForm({
          select_option: 'return',
          return_date: '2026-11-27',
          return_hour: '6pm',
          return_min: '30',
          return_dropoff_location: AT_EDINBURGH_AIRPORT,
        }),
        'return_dropoff_location',
      ],
    ];
    for (const [form, path] of cases) {
      const res = await postQuote(t, 'calculateDistancePrice', form);
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json() as ErrorBody).errors?.map((e) => e.path)).toEqual([path]);
    }
  });

  it('refuses a far position every time, whatever was priced for the same address before', async () => {
    // Measured legs are cached by address and position: neither an accepted position nor the
    // address alone may let a far position through later, and a refusal is not remembered as
    // a price.
    const plain = await cheapest(t, mileageForm({ dropoff: EDINBURGH_AIRPORT }));
    await cheapest(
      t,
      mileageForm({ dropoff: EDINBURGH_AIRPORT, dropoff_location: AT_EDINBURGH_AIRPORT }),
    );
    for (let i = 0; i < 2; i++) {
      expectLocationRefused(
        await postQuote(t, 'calculateDistancePrice', attackForm()),
        'dropoff_location',
      );
    }
    expect((await cheapest(t, mileageForm({ dropoff: EDINBURGH_AIRPORT }))).final_price).toBe(
      plain.final_price,
    );
  });

  it("books an hourly hire from the location button's address, storing and mailing the position", async () => {
    // What the location button does: the server names the position, the form sends both.
    const named = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_PATHS.reverseGeocode}?lat=${HERE.lat}&lng=${HERE.lng}`,
      headers: API_HEADERS,
    });
    expect(named.statusCode, named.body).toBe(200);
    const { address } = reverseGeocodeResponseSchema.parse(named.json()).data;
    const form = hourlyForm({
      pickup: address,
      pickup_location: HERE,
      userLocation: { lat: HERE.lat, lon: HERE.lng },
    });
    const { quote, offer } = await quoteFor(t, { form, hourly: true });
    const res = await postApi(
      t,
      'booking',
      bookingBody({
        form,
        hourly: true,
        selectedVehicleData: { quote_id: quote.quote_id, detail: offer },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data } = bookingResponseSchema.parse(res.json());
    expect(data.booking.pick_up_address).toBe(address);

    const [booking] = await storedBookings(t);
    expect(booking).toMatchObject({
      pick_up_address: address,
      pickup_lat: HERE.lat,
      pickup_lng: HERE.lng,
    });
    expect(booking?.priced_journey).toMatchObject({
      points: [{ field: 'pickup', address, sent_location: HERE }],
    });
    const position = `${HERE.lat.toFixed(5)}, ${HERE.lng.toFixed(5)}`;
    const link = `https://www.google.com/maps/search/?api=1&query=${HERE.lat.toFixed(5)}%2C${HERE.lng.toFixed(5)}`;
    const [notice] = await mails(t, 'operator-new-booking');
    expect(notice?.text_body).toContain(`Pickup: ${address}`);
    expect(notice?.text_body).toContain(`Pickup map position: ${position} ${link}`);
    expect(notice?.html_body).toContain(`<a href="${link.replace(/&/g, '&amp;')}">${position}</a>`);
    for (const kind of ['booking-confirmation', 'operator-new-booking']) {
      const [mail] = await mails(t, kind);
      expect(mail?.text_body, kind).not.toContain(CURRENT_LOCATION_TEXT);
    }
  });

  it('refuses "Current location" as a pickup, in a quote and a booking, naming pickup', async () => {
    const form = hourlyForm({
      pickup: CURRENT_LOCATION_TEXT,
      pickup_location: HERE,
      userLocation: { lat: HERE.lat, lon: HERE.lng },
    });
    const quoted = await postQuote(t, 'calculateHourlyPrice', form);
    expect(quoted.statusCode, quoted.body).toBe(400);
    expect((quoted.json() as ErrorBody).errors?.map((e) => e.path)).toEqual(['pickup']);

    const { quote, offer } = await quoteFor(t, { hourly: true });
    const booked = await postApi(
      t,
      'booking',
      bookingBody({
        form,
        hourly: true,
        selectedVehicleData: { quote_id: quote.quote_id, detail: offer },
      }),
    );
    expect(booked.statusCode, booked.body).toBe(400);
    expect((booked.json() as ErrorBody).errors?.map((e) => e.path)).toEqual([
      'hourlyRateForm.pickup',
    ]);
    expect(await countRows(t, 'bookings')).toBe(0);
  });

  it("puts the priced distance and each end's placing in the booking and the operator's notice", async () => {
    const form = mileageForm({
      dropoff: EDINBURGH_AIRPORT,
      dropoff_location: AT_EDINBURGH_AIRPORT,
    });
    const { quote, offer } = await quoteFor(t, { form });
    const priced = await postQuote(t, 'calculateDistancePrice', form);
    const miles = priceDetailsResponseSchema.parse(priced.json()).distance?.via_miles;
    expect(miles).toBeGreaterThan(300);

    const res = await postApi(
      t,
      'booking',
      bookingBody({ form, selectedVehicleData: { quote_id: quote.quote_id, detail: offer } }),
    );
    expect(res.statusCode, res.body).toBe(200);

    const [booking] = await storedBookings(t);
    expect(booking?.priced_journey).toMatchObject({
      miles,
      points: [
        { field: 'pickup', address: HEATHROW_T5 },
        {
          field: 'dropoff',
          address: EDINBURGH_AIRPORT,
          sent_location: AT_EDINBURGH_AIRPORT,
        },
      ],
    });
    const [notice] = await mails(t, 'operator-new-booking');
    expect(notice?.text_body).toContain(`${miles} miles`);
    expect(notice?.text_body).toMatch(/Drop-off priced at: .*55\.9/);
  });
}

describe.each(testDatabaseKinds())('location authority, offline distances, on %s', (kind) => {
  locationAuthority(kind, () => ({}));
});

describe.each(testDatabaseKinds())('location authority, Google distances, on %s', (kind) => {
  let google: Awaited<ReturnType<typeof startFakeGoogleRoutes>>;
  beforeAll(async () => {
    google = await startFakeGoogleRoutes(
      {
        [HEATHROW_T5]: {
          lat: 51.4723,
          lng: -0.4887,
          types: ['airport', 'establishment', 'point_of_interest'],
        },
        'Gatwick Airport South Terminal': {
          lat: 51.1561,
          lng: -0.1613,
          types: ['airport', 'establishment', 'point_of_interest'],
        },
        [EDINBURGH_AIRPORT]: {
          lat: 55.9486,
          lng: -3.3636,
          types: ['airport', 'establishment', 'point_of_interest'],
        },
        'Charing Cross station': {
          lat: 51.508,
          lng: -0.1247,
          types: ['train_station', 'transit_station', 'establishment'],
        },
        [TRAFALGAR_SQUARE]: { ...HERE, types: ['street_address'] },
      },
      [
        {
          ...HERE,
          formatted_address: `${TRAFALGAR_SQUARE}, UK`,
          country: 'GB',
          types: ['street_address'],
        },
      ],
    );
  });
  afterAll(async () => {
    await google?.close();
  });
  locationAuthority(kind, () => ({
    DISTANCE_PROVIDER: 'google',
    GOOGLE_MAPS_SERVER_KEY: 'test-server-key',
    GOOGLE_MAPS_API_BASE_URL: google.baseUrl,
    GOOGLE_GEOCODING_API_BASE_URL: google.baseUrl,
  }));
});
