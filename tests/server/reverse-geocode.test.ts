import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../src/contract/envelope';
import { reverseGeocodeResponseSchema } from '../../src/contract/geocoding';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { priceDetailsResponseSchema } from '../../src/contract/quotes';
import { startBookingApp } from './booking-fixtures';
import { startFakeGoogleRoutes } from './fakes/google-routes';
import { API_HEADERS, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { hourlyForm, postQuote } from './quote-fixtures';

/**
 * "Use my current location": the server names the passenger's position as a pickup a driver
 * can find, and the hourly quote that follows takes that text with the coordinates.
 */

/** Between Heathrow's terminals, where a passenger taps the location button. */
const AT_HEATHROW = { lat: 51.47, lng: -0.4543 };
/** Central Paris: well outside the service area. */
const PARIS = { lat: 48.8566, lng: 2.3522 };
/** The North Sea, inside the UK's box but nowhere near a place. */
const NORTH_SEA = { lat: 55.5, lng: 1.5 };

async function reverseGeocode(
  t: TestApp,
  query: string,
  headers: Record<string, string> = API_HEADERS,
) {
  return t.app.inject({
    method: 'GET',
    url: `${API_BASE}${API_PATHS.reverseGeocode}?${query}`,
    headers,
  });
}

const at = (point: { lat: number; lng: number }) => `lat=${point.lat}&lng=${point.lng}`;

async function placeAt(t: TestApp, point: { lat: number; lng: number }) {
  const res = await reverseGeocode(t, at(point));
  expect(res.statusCode, res.body).toBe(200);
  return reverseGeocodeResponseSchema.parse(res.json()).data;
}

/** The hourly quote for the named position: the next step the passenger takes. */
async function quoteHourlyAt(t: TestApp, address: string, point: { lat: number; lng: number }) {
  const res = await postQuote(
    t,
    'calculateHourlyPrice',
    hourlyForm({
      pickup: address,
      pickup_location: point,
      userLocation: { ...point, lon: point.lng },
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return priceDetailsResponseSchema.parse(res.json()).price_details;
}

function expectRefused(res: { statusCode: number; body: string; json(): unknown }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return errorEnvelopeSchema.parse(res.json());
}

describe.each(testDatabaseKinds())('GET /reverse-geocode, offline gazetteer, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startBookingApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names a position by the nearest known place with its postcode, and the quote takes it', async () => {
    const place = await placeAt(t, AT_HEATHROW);
    expect(place).toMatchObject({ ...AT_HEATHROW, source: 'gazetteer' });
    expect(place.address).toMatch(/^Near Heathrow .*TW6 \d[A-Z]{2}$/);
    expect(place.address).not.toContain('Current location');
    expect((await quoteHourlyAt(t, place.address, AT_HEATHROW)).length).toBeGreaterThan(0);
  });

  it('names a central London position by a place within walking distance', async () => {
    const trafalgarSquare = { lat: 51.50801, lng: -0.12803 };
    const place = await placeAt(t, trafalgarSquare);
    expect(place.address).toMatch(/^Near .*(WC2|SW1)/);
    expect((await quoteHourlyAt(t, place.address, trafalgarSquare)).length).toBeGreaterThan(0);
  });

  it('refuses a position outside the UK with a 422 that says so', async () => {
    const body = expectRefused(await reverseGeocode(t, at(PARIS)), 422);
    expect(body.message).toMatch(/outside the United Kingdom/);
  });

  it('refuses a position no known place is near with a 422 asking for the address', async () => {
    const body = expectRefused(await reverseGeocode(t, at(NORTH_SEA)), 422);
    expect(body.message).toMatch(/could not find a known address near your location/);
  });

  it('answers bad coordinates with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['lng=-0.45', 'lat'],
      ['lat=51.47', 'lng'],
      ['lat=&lng=-0.45', 'lat'],
      ['lat=north&lng=-0.45', 'lat'],
      ['lat=51.47&lng=0x1F', 'lng'],
      ['lat=91&lng=-0.45', 'lat'],
      ['lat=51.47&lng=-181', 'lng'],
      ['lat=51.47&lat=52&lng=-0.45', 'lat'],
    ];
    for (const [query, field] of cases) {
      const body = expectRefused(await reverseGeocode(t, query), 400);
      expect(
        body.errors?.map((e) => e.path),
        query,
      ).toEqual([field]);
      expect(body.message, query).toContain(field);
    }
  });

  it('asks for the API keys like every /api/v1 call', async () => {
    const res = await reverseGeocode(t, at(AT_HEATHROW), {});
    expect(res.statusCode).toBe(401);
  });
});

describe.each(testDatabaseKinds())('GET /reverse-geocode, Google, on %s', (kind) => {
  const T5_ADDRESS = 'Wellington Rd, Longford, Hounslow TW6 2GA';
  let google: Awaited<ReturnType<typeof startFakeGoogleRoutes>>;
  let t: TestApp;
  beforeAll(async () => {
    google = await startFakeGoogleRoutes(
      {
        [T5_ADDRESS]: { lat: 51.4702, lng: -0.4547, types: ['street_address'] },
        'Charing Cross station': { lat: 51.508, lng: -0.1247, types: ['train_station'] },
      },
      [
        {
          ...AT_HEATHROW,
          formatted_address: `${T5_ADDRESS}, UK`,
          country: 'GB',
          types: ['street_address'],
        },
        {
          lat: 50.9513,
          lng: 1.8587,
          formatted_address: '62100 Calais, France',
          country: 'FR',
          types: ['locality', 'political'],
        },
      ],
    );
    t = await startBookingApp(kind, {
      DISTANCE_PROVIDER: 'google',
      GOOGLE_MAPS_SERVER_KEY: 'test-server-key',
      GOOGLE_MAPS_API_BASE_URL: google.baseUrl,
      GOOGLE_GEOCODING_API_BASE_URL: google.baseUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it("names a position by Google's address for it, with the server key, and the quote takes it", async () => {
    const place = await placeAt(t, AT_HEATHROW);
    expect(place).toEqual({ address: T5_ADDRESS, ...AT_HEATHROW, source: 'google' });
    const query = google.geocodeQueries.at(-1);
    expect(query?.get('key')).toBe('test-server-key');
    expect(query?.get('latlng')).toBe('51.47,-0.4543');
    expect((await quoteHourlyAt(t, place.address, AT_HEATHROW)).length).toBeGreaterThan(0);
  });

  it('refuses an address Google places outside the UK, and a position it cannot name', async () => {
    const calais = expectRefused(await reverseGeocode(t, 'lat=50.9513&lng=1.8587'), 422);
    expect(calais.message).toMatch(/outside the United Kingdom/);
    const sea = expectRefused(await reverseGeocode(t, at(NORTH_SEA)), 422);
    expect(sea.message).toMatch(/could not find a known address near your location/);
  });
});
