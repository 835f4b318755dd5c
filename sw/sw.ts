/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { APP_ROUTE_PATTERNS } from '../src/contract/app-routes';
import { API_BASE, API_PATHS } from '../src/contract/paths';
import { replayFromServiceWorker } from '../src/web/offline/outbox';
import { OUTBOX_SYNC_TAG } from '../src/web/offline/outbox-sync-tag';
import { registerWebPush } from './web-push';

declare let self: ServiceWorkerGlobalScope;

/** Cache names are part of the offline contract: renaming one orphans what visitors have stored. */
const CACHE_NAMES = {
  catalogue: 'catalogue-v1',
  addressSearches: 'address-searches-v1',
  vehicleImages: 'vehicle-images-v1',
} as const;

/** Catalogue reads a visitor needs offline: fleet, companies and the popular places. */
const CATALOGUE_PATHS: ReadonlySet<string> = new Set(
  [API_PATHS.fetchVehicles, API_PATHS.fetchCompanies, API_PATHS.aiAddresses].map(
    (path) => API_BASE + path,
  ),
);
const ADDRESS_SEARCH_PATH = API_BASE + API_PATHS.aiAddresses;
const SETTINGS_PATH = API_BASE + API_PATHS.settingsFlat;
/** How long the settings are waited for before the stored copy answers (a patchy link). */
const SETTINGS_NETWORK_TIMEOUT_SECONDS = 3;

/** A typed address search (`?q=`): many, small and short-lived, so kept apart from the catalogue. */
const isAddressSearch = (url: URL) =>
  url.pathname === ADDRESS_SEARCH_PATH && url.searchParams.has('q');

precacheAndRoute(self.__WB_MANIFEST);
// A first install takes control at once so the first visit is already offline-ready; an update
// still waits in 'waiting' until the page sends SKIP_WAITING.
clientsClaim();
cleanupOutdatedCaches();

// Navigations to the app's pages fall back to the precached shell, so a reload or deep link
// works offline; any other address goes to the server, which answers it 404 "Page not found"
// (contract/app-routes.ts is the one list of pages). API and storage paths never do, or a
// failed JSON call would come back as HTML. The server's local test checkout pages are not the
// app either: the shell there would hide the payment page.
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      // Inside an operator's frame the server's headers decide whether this page may be framed
      // (only the booking pages may); the stored shell's would answer for every page alike.
      if (options.request.destination === 'iframe') {
        try {
          return await fetch(options.request);
        } catch {
          // Offline: the shell, as at the top level.
        }
      }
      return shell(options);
    },
    {
      allowlist: [...APP_ROUTE_PATTERNS],
      denylist: [/^\/api\//, /^\/storage\//, /^\/test-checkout\//],
    },
  ),
);

const sameOriginGet = (url: URL, request: Request) =>
  request.method === 'GET' && url.origin === self.location.origin;

// Searches first, so a stream of typed queries can never evict the settings or the fleet.
registerRoute(
  ({ url, request }) => sameOriginGet(url, request) && isAddressSearch(url),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.addressSearches,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 24 * 60 * 60 }),
    ],
  }),
);

// The settings from the network first, so an operator's change shows at the page's next
// refresh (issue 33), and the stored copy offline or when the network is slower than 3 s.
// Kept in the catalogue's cache, where earlier versions of the worker stored them.
registerRoute(
  ({ url, request }) => sameOriginGet(url, request) && url.pathname === SETTINGS_PATH,
  new NetworkFirst({
    cacheName: CACHE_NAMES.catalogue,
    networkTimeoutSeconds: SETTINGS_NETWORK_TIMEOUT_SECONDS,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => sameOriginGet(url, request) && CATALOGUE_PATHS.has(url.pathname),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.catalogue,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => sameOriginGet(url, request) && url.pathname.startsWith('/storage/'),
  new CacheFirst({
    cacheName: CACHE_NAMES.vehicleImages,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
);

// The page asks for activation only when no booking is in progress (see src/web/pwa).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Background Sync's event (Chromium); TypeScript's worker library does not have it yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The outbox (src/web/offline/outbox.ts): Quote Now and Contact Us submissions saved offline.
// The worker sends them itself rather than asking a page to, because Background Sync's point is
// the case where the visitor has closed the tab; the server's Idempotency-Key makes a send that
// races a page harmless, and a Web Lock keeps the two from racing at all. A rejected promise
// makes the browser try again later.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayFromServiceWorker());
});

// Notifications (issues 34 and 35): a driver's offer while the app is closed, a passenger's
// news of their booking.
registerWebPush();
