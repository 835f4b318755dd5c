import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { addDays, todayInLondon } from '../../src/domain/uk-time';
import { resetGoogleMapsForTests } from '../../src/web/lib/google-maps';
import { resetBookingDraftsForTests } from '../../src/web/features/booking/state/booking-drafts';
import { db } from '../../src/web/offline/db';
import { answerFetch, demoPlaces, demoSettings, jsonResponse, renderApp } from './helpers';

/**
 * Google's script is replaced by a fake with the same surface: the loader "loads" it, and
 * Places answers predictions and details. What is checked is what the browser asks Google
 * and what it does with the answers.
 */
type Prediction = { place_id: string; description: string };
const google = vi.hoisted(() => ({
  loaderOptions: [] as unknown[],
  requests: [] as unknown[],
  predictions: (): Promise<{ predictions: Prediction[] }> =>
    Promise.resolve({
      predictions: [
        { place_id: 'lhr', description: 'Heathrow Airport (LHR), Hounslow, UK' },
        { place_id: 'kx', description: "King's Cross, London N1C 4AX, UK" },
      ],
    }),
  details: {
    lhr: { postcode: 'TW6 1QG', lat: 51.47, lng: -0.4543 },
    kx: { postcode: 'N1C 4AX', lat: 51.5308, lng: -0.1238 },
  } as Record<string, { postcode: string; lat: number; lng: number }>,
}));

vi.mock('@googlemaps/js-api-loader', () => ({
  Loader: class {
    constructor(options: unknown) {
      google.loaderOptions.push(options);
    }
    load() {
      const maps = {
        places: {
          AutocompleteService: class {
            getPlacePredictions(request: unknown) {
              google.requests.push(request);
              return google.predictions();
            }
          },
          PlacesService: class {
            getDetails(
              request: { placeId: string },
              callback: (place: unknown, status: string) => void,
            ) {
              const facts = google.details[request.placeId];
              if (!facts) return callback(null, 'NOT_FOUND');
              callback(
                {
                  address_components: [{ long_name: facts.postcode, types: ['postal_code'] }],
                  geometry: { location: { lat: () => facts.lat, lng: () => facts.lng } },
                },
                'OK',
              );
            }
          },
        },
        Geocoder: class {
          geocode() {
            return Promise.resolve({
              results: [{ formatted_address: 'Bath Road, Hounslow TW6 2GA, UK' }],
            });
          }
        },
      };
      Object.assign(window, { google: { maps } });
      return Promise.resolve(window.google);
    }
  },
}));

// Whole-app renders on a busy machine can take longer than the 1 s default to settle.
configure({ asyncUtilTimeout: 4000 });

type Call = { path: string; body: unknown };

/** The server's name for the passenger's position (GET /reverse-geocode, its Google key). */
const SERVER_ADDRESS = 'Wellington Rd, Longford, Hounslow TW6 2GA';

function answerCalls(settings: Record<string, string> = {}) {
  const calls: Call[] = [];
  const all = demoSettings({
    HOURLY_RATE_STATUS: 'enable',
    GOOGLE_API_KEY: 'maps-key',
    ...settings,
  });
  const spy = answerFetch(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(API_BASE, '');
    if (path === API_PATHS.settingsFlat)
      return jsonResponse({
        success: true,
        data: Object.entries(all).map(([setting_name, setting_value]) => ({
          setting_name,
          setting_value,
        })),
      });
    if (path === API_PATHS.aiAddresses) {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      return jsonResponse({
        success: true,
        data: demoPlaces.filter((place) => place.address.toLowerCase().includes(q)),
      });
    }
    if (path === API_PATHS.calculateDistancePrice || path === API_PATHS.calculateHourlyPrice) {
      calls.push({ path, body: JSON.parse(String(init?.body)) as unknown });
      return jsonResponse({ success: true, price_details: [] });
    }
    if (path === API_PATHS.reverseGeocode) {
      const [lat, lng] = ['lat', 'lng'].map((name) => Number(url.searchParams.get(name)));
      return jsonResponse({
        success: true,
        data: { address: SERVER_ADDRESS, lat, lng, source: 'google' },
      });
    }
    return jsonResponse({ success: true, data: [] });
  });
  const searched = () =>
    spy.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/ai-addresses') && url.searchParams.has('q'))
      .map((url) => url.searchParams.get('q'));
  return { calls, searched };
}

async function openTab(tab: 'GET A QUOTE' | 'Hourly Rate') {
  const app = renderApp('/');
  await app.user.click(await screen.findByRole('tab', { name: tab }));
  return { ...app, panel: screen.getByRole('tabpanel') };
}

const originalPredictions = google.predictions;

beforeEach(async () => {
  await db.drafts.clear();
  resetBookingDraftsForTests();
  resetGoogleMapsForTests();
  google.loaderOptions.length = 0;
  google.requests.length = 0;
  google.predictions = originalPredictions;
  Reflect.deleteProperty(window, 'google');
});

afterEach(() => {
  Reflect.deleteProperty(window, 'google');
});

describe('Google Places suggestions', () => {
  it('suggest places in Great Britain near the visitor, each with its postcode, and send the chosen coordinates', async () => {
    const { calls, searched } = answerCalls();
    const { user, panel, router } = await openTab('GET A QUOTE');
    const pickup = within(panel).getByRole('combobox', { name: 'Pick-Up' });
    await waitFor(() => expect(google.loaderOptions).toHaveLength(1));
    expect(google.loaderOptions[0]).toMatchObject({
      apiKey: 'maps-key',
      libraries: ['places'],
    });

    await user.type(pickup, 'heathrow');
    const option = await within(panel).findByRole('option', {
      name: 'Heathrow Airport (LHR), Hounslow, UK, TW6 1QG',
    });
    // A postcode already in the text is not added twice.
    expect(
      within(panel).getByRole('option', { name: "King's Cross, London N1C 4AX, UK" }),
    ).toBeTruthy();
    expect(google.requests.at(-1)).toEqual({
      input: 'heathrow',
      componentRestrictions: { country: 'gb' },
      types: ['geocode', 'establishment'],
      locationBias: { center: { lat: 51.5074, lng: -0.1278 }, radius: 50000 },
    });
    expect(searched()).toEqual([]);

    await user.click(option);
    fireEvent.change(within(panel).getByLabelText('Drop-Off'), {
      target: { value: "London King's Cross Station, London N1 9AL" },
    });
    fireEvent.change(within(panel).getByLabelText('Pick up Date'), {
      target: { value: addDays(todayInLondon(new Date()), 2) },
    });
    await user.click(within(panel).getByRole('button', { name: 'Quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotationview'));
    expect(calls[0]!.body).toMatchObject({
      pickup: 'Heathrow Airport (LHR), Hounslow, UK, TW6 1QG',
      pickup_location: { lat: 51.47, lng: -0.4543 },
      dropoff_location: null,
    });
  });

  it('biases stop suggestions to about 0.1 degree around the visitor', async () => {
    answerCalls();
    const { user, panel } = await openTab('GET A QUOTE');
    await waitFor(() => expect(google.loaderOptions).toHaveLength(1));
    await user.click(within(panel).getByRole('button', { name: 'Add Stop' }));
    await user.type(within(panel).getByRole('combobox', { name: 'Street/Road Name' }), 'kings');
    await user.click(
      await within(panel).findByRole('option', { name: "King's Cross, London N1C 4AX, UK" }),
    );
    expect(google.requests.at(-1)).toMatchObject({
      locationBias: {
        north: expect.closeTo(51.6074, 6),
        south: expect.closeTo(51.4074, 6),
        east: expect.closeTo(-0.0278, 6),
        west: expect.closeTo(-0.2278, 6),
      },
    });
    // The postcode Google knows fills the stop's post code field.
    expect((within(panel).getByLabelText('City or Post Code') as HTMLInputElement).value).toBe(
      'N1C 4AX',
    );
  });

  it('falls back to the server suggestions, logging only, when Places fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    google.predictions = () => Promise.reject(new Error('REQUEST_DENIED'));
    const { searched } = answerCalls();
    const { user, panel } = await openTab('GET A QUOTE');
    await waitFor(() => expect(google.loaderOptions).toHaveLength(1));
    await user.type(within(panel).getByRole('combobox', { name: 'Pick-Up' }), 'heath');
    expect(
      await within(panel).findByRole('option', {
        name: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      }),
    ).toBeTruthy();
    expect(searched()).toContain('heath');
    expect(log).toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('never loads Google without a key, nor while offline', async () => {
    answerCalls({ GOOGLE_API_KEY: '' });
    const first = await openTab('GET A QUOTE');
    await first.user.type(within(first.panel).getByRole('combobox', { name: 'Pick-Up' }), 'heath');
    await within(first.panel).findByRole('option', {
      name: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
    });
    expect(google.loaderOptions).toHaveLength(0);
    first.unmount();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    answerCalls();
    await openTab('GET A QUOTE');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(google.loaderOptions).toHaveLength(0);
  });

  it("fills the hourly pick-up with the server's address for the current location, not the browser geocoder's", async () => {
    // The server prices the pickup, so it names the position: an address only the browser's
    // Google key could place would be refused by a server without one.
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 51.47, longitude: -0.4543 } } as GeolocationPosition),
      },
    });
    try {
      const { calls } = answerCalls();
      const { user, panel, router } = await openTab('Hourly Rate');
      await waitFor(() => expect(window.google).toBeDefined());
      await user.click(within(panel).getByRole('button', { name: 'Use my current location' }));
      await waitFor(() =>
        expect((within(panel).getByLabelText('Pick-Up') as HTMLInputElement).value).toBe(
          SERVER_ADDRESS,
        ),
      );
      await user.click(within(panel).getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/quotationview'));
      expect(calls[0]!.body).toMatchObject({
        pickup: SERVER_ADDRESS,
        pickup_location: { lat: 51.47, lng: -0.4543 },
      });
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });
});
