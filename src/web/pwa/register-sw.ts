import { Workbox } from 'workbox-window';
import { announceUpdate } from './update-store';

/** How often an open tab asks the server for a newer service worker. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the service worker built from sw/sw.ts. Production builds only: in development a
 * worker would serve stale bundles. A new version is never forced: it waits until the visitor
 * accepts the prompt, which then posts SKIP_WAITING and reloads once the new worker controls
 * the page.
 */
export function registerServiceWorker(): Workbox | null {
  if (!('serviceWorker' in navigator)) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });

  wb.addEventListener('waiting', () => {
    announceUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });

  wb.register().then(
    (registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    (error: unknown) => console.error('Service worker registration failed:', error),
  );
  return wb;
}
