import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, settingsLoaded, preloadPages } from './helpers';
import {
  answerQuotationCalls,
  clearDrafts,
  hourlyForm,
  mileageForm,
  quotationSettings,
  seedQuote,
} from './quotation-fixtures';

preloadPages('/quotationview');

// Google's script cannot load in jsdom: the loader and the map components are stood in for.
const maps = vi.hoisted(() => ({
  state: { isLoaded: true, loadError: undefined as Error | undefined },
  useGoogleMaps: vi.fn(),
}));

vi.mock('../../src/web/lib/google-maps', () => ({
  useGoogleMaps: (apiKey: string | undefined) => {
    maps.useGoogleMaps(apiKey);
    return maps.state;
  },
}));

vi.mock('@react-google-maps/api', () => ({
  GoogleMap: ({
    children,
    mapContainerStyle,
  }: {
    children: ReactNode;
    mapContainerStyle: object;
  }) => (
    <div data-testid="google-map" style={mapContainerStyle}>
      {children}
    </div>
  ),
  DirectionsService: ({ options }: { options: unknown }) => (
    <div data-testid="directions-request" data-request={JSON.stringify(options)} />
  ),
  DirectionsRenderer: () => null,
  MarkerF: ({ position }: { position: unknown }) => (
    <div data-testid="marker" data-position={JSON.stringify(position)} />
  ),
}));

const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');

beforeEach(async () => {
  await clearDrafts();
  maps.state = { isLoaded: true, loadError: undefined };
  maps.useGoogleMaps.mockClear();
  vi.stubGlobal('google', {
    maps: {
      TravelMode: { DRIVING: 'DRIVING' },
      Geocoder: class {
        geocode() {
          return Promise.resolve({ results: [] });
        }
      },
    },
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
  await clearDrafts();
});

async function openResults() {
  renderApp('/quotationview');
  await settingsLoaded();
  return within(await screen.findByRole('region', { name: 'Quote' }));
}

describe('quote map', () => {
  it('draws a mileage route 200px high with the stops as waypoints', async () => {
    answerQuotationCalls({ settings: quotationSettings({ GOOGLE_API_KEY: 'maps-key' }) });
    await seedQuote({
      form: mileageForm({
        stops: [
          { street_name: 'Baker Street', number: '221B', postcode: 'NW1 6XE' },
          { street_name: '', number: '', postcode: '' },
        ],
        dropoff_location: { lat: 51.53, lng: -0.123 },
      }),
    });
    const panel = await openResults();
    const map = await panel.findByRole('region', { name: 'Map of the route' });
    expect(maps.useGoogleMaps).toHaveBeenCalledWith('maps-key');
    expect(within(map).getByTestId('google-map').style.height).toBe('200px');
    const request = JSON.parse(
      within(map).getByTestId('directions-request').getAttribute('data-request')!,
    );
    expect(request).toMatchObject({
      origin: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      destination: { lat: 51.53, lng: -0.123 },
      waypoints: [{ location: '221B, Baker Street, NW1 6XE', stopover: true }],
      travelMode: 'DRIVING',
    });
  });

  it('marks the pickup of an hourly booking', async () => {
    answerQuotationCalls({ settings: quotationSettings({ GOOGLE_API_KEY: 'maps-key' }) });
    await seedQuote({
      bookingType: 'hourly',
      hourly: hourlyForm({ pickup_location: { lat: 51.47, lng: -0.45 } }),
    });
    const panel = await openResults();
    const map = await panel.findByRole('region', { name: 'Map of the pickup' });
    expect(within(map).queryByTestId('directions-request')).toBeNull();
    expect(JSON.parse(within(map).getByTestId('marker').getAttribute('data-position')!)).toEqual({
      lat: 51.47,
      lng: -0.45,
    });
  });

  it('shows nothing, quietly, when the maps script fails', async () => {
    maps.state = { isLoaded: false, loadError: new Error('RefererNotAllowedMapError') };
    answerQuotationCalls({ settings: quotationSettings({ GOOGLE_API_KEY: 'maps-key' }) });
    await seedQuote();
    const panel = await openResults();
    await waitFor(() => expect(maps.useGoogleMaps).toHaveBeenCalled());
    expect(panel.queryByRole('region', { name: /^Map/ })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('loads nothing of Google without a key', async () => {
    answerQuotationCalls({ settings: quotationSettings({ GOOGLE_API_KEY: '' }) });
    await seedQuote();
    const panel = await openResults();
    expect(panel.queryByRole('region', { name: /^Map/ })).toBeNull();
    expect(maps.useGoogleMaps).not.toHaveBeenCalled();
  });

  it('loads nothing of Google offline', async () => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    answerQuotationCalls({ settings: quotationSettings({ GOOGLE_API_KEY: 'maps-key' }) });
    await seedQuote();
    const panel = await openResults();
    expect(panel.queryByRole('region', { name: /^Map/ })).toBeNull();
    expect(maps.useGoogleMaps).not.toHaveBeenCalled();
  });
});
