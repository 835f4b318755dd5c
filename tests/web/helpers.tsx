import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { beforeAll, expect, vi } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import type { Company, AddressSuggestion, Vehicle } from '../../src/domain/fleet';
import { MESSAGES } from '../../src/domain/messages';
import { SETTING_NAMES } from '../../src/domain/settings';
import { AppProviders } from '../../src/web/app/providers';
import { AppRoutes, preloadRoute } from '../../src/web/app/router';
import { createQueryClient } from '../../src/web/lib/query-client';

/** The demo server's settings: everything switched on (API.md / brief). */
export function demoSettings(overrides: Record<string, string> = {}): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const name of SETTING_NAMES) settings[name] = 'enable';
  Object.assign(settings, {
    IS_QUOTATION: 'disable',
    Company_Contact_Info: '+44 20 7946 0000',
    FROM_EMAIL: 'bookings@ridebook.example',
    CURRENCY: '£',
    GRACE_TIME: '120',
    SHOWPAYINCAR: 'yes',
    SHOWCARD: 'yes',
  });
  return { ...settings, ...overrides };
}

export const demoVehicles: Vehicle[] = [
  {
    tbms_vid: 1,
    vehicle_img: 'fleet/saloon.webp',
    category_name: 'Saloon',
    seats: 4,
    hand_luggage: 2,
    luggage: 2,
  },
  {
    tbms_vid: 2,
    vehicle_img: 'fleet/mpv.webp',
    category_name: 'MPV',
    seats: 6,
    hand_luggage: 4,
    luggage: 4,
  },
];

export const demoCompanies: Company[] = [
  { id: 1, company: { company_name: 'Heathrow Cars Ltd' } },
  { id: 2, company: { company_name: 'Capital Chauffeurs' } },
];

export const demoPlaces: AddressSuggestion[] = [
  { id: 11, address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' },
  { id: 12, address: "London King's Cross Station, London N1 9AL" },
];

type Reply = { status?: number; body: unknown } | 'never' | 'network-error';

export type CatalogueAnswers = {
  settings?: Record<string, string> | Reply;
  vehicles?: Vehicle[] | Reply;
  companies?: Company[] | Reply;
  addresses?: AddressSuggestion[] | Reply;
};

function isReply(value: unknown): value is Reply {
  return (
    value === 'never' ||
    value === 'network-error' ||
    (typeof value === 'object' && value !== null && 'body' in value)
  );
}

/** A JSON response as the server writes it; a string body is sent as is (e.g. an HTML 502). */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Answers the app's fetch calls in this process with `handler`, for jsdom tests that have no
 * server; returns the spy so tests can inspect requests. setup.ts restores fetch after each test.
 */
export function answerFetch(
  handler: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(handler);
}

/** A call the app made to a fake API: its method, path under the API base, query, body, headers. */
export type SeenRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};

/** Reads a fetch call as a fake API sees it (JSON bodies parsed). */
export function seenRequest(input: RequestInfo | URL, init?: RequestInit): SeenRequest {
  const url = new URL(String(input), 'http://localhost');
  const text = typeof init?.body === 'string' ? init.body : '';
  return {
    method: init?.method ?? 'GET',
    path: url.pathname.replace(API_BASE, ''),
    query: url.searchParams,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    headers: new Headers(init?.headers),
  };
}

async function answer(reply: Reply): Promise<Response> {
  if (reply === 'never') return new Promise<Response>(() => undefined);
  if (reply === 'network-error') throw new TypeError('Failed to fetch');
  return jsonResponse(reply.body, reply.status ?? 200);
}

/**
 * Answers the catalogue calls in the API's wire format (API.md envelopes).
 * Returns the fetch spy so tests can inspect the requests.
 */
export function answerCatalogueCalls(options: CatalogueAnswers = {}) {
  const settings = options.settings ?? demoSettings();
  const listReply = (value: unknown): Reply =>
    isReply(value) ? value : { body: { success: true, data: value } };
  const settingsReply: Reply = isReply(settings)
    ? settings
    : {
        body: {
          success: true,
          data: Object.entries(settings).map(([setting_name, setting_value]) => ({
            setting_name,
            setting_value,
          })),
        },
      };
  const replies: Record<string, Reply> = {
    [API_PATHS.settingsFlat]: settingsReply,
    [API_PATHS.fetchVehicles]: listReply(options.vehicles ?? demoVehicles),
    [API_PATHS.fetchCompanies]: listReply(options.companies ?? demoCompanies),
    [API_PATHS.aiAddresses]: listReply(options.addresses ?? demoPlaces),
  };
  return answerFetch(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(API_BASE, '');
    const reply = replies[path];
    if (!reply) return jsonResponse({ success: false, message: 'Not found' }, 404);
    return answer(reply);
  });
}

/** A Storage in memory, so the persisted query cache starts empty in each test. */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** The app's query client without retries, so failures show at once. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  return client;
}

/** Renders the whole app (providers, layout, routes) at `path` in a memory router. */
/**
 * Loads the on-demand chunks of these pages once, before the file's tests: the app fetches
 * them on a visit, and the first fetch in a run (the modules' first transform, Chakra's theme)
 * can outlast a test's wait for the screen on a busy machine. Call at a file's top level.
 */
export function preloadPages(...paths: string[]) {
  beforeAll(() => Promise.all(paths.map(preloadRoute)), 60_000);
}

export function renderApp(
  path = '/',
  { queryClient = testQueryClient(), storage = memoryStorage() } = {},
) {
  // The app runs the routes in declarative mode; the probe reports where it has navigated to.
  const router = { state: { location: undefined as unknown as Location } };
  const LocationProbe = () => {
    router.state.location = useLocation();
    return null;
  };
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} storage={storage}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}

/** Waits until settings have loaded: the loading overlay is gone. */
export async function settingsLoaded() {
  await waitFor(() => expect(screen.queryByText(MESSAGES.loadingContent)).toBeNull());
}

/** Waits until settings have loaded, then returns the main navbar. */
export async function mainNav(): Promise<HTMLElement> {
  await settingsLoaded();
  return screen.getByRole('navigation', { name: 'Main' });
}
