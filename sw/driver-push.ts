/// <reference lib="webworker" />
import * as z from 'zod/mini';
import { DRIVER_ROUTES } from '../src/contract/app-routes';
import { driverPushPayloadSchema, type DriverPushPayload } from '../src/contract/driver-app';
import { DRIVER_APP_NAME } from '../src/domain/driver-app-messages';

declare let self: ServiceWorkerGlobalScope;

/** Where a notification without a usable address leads: My jobs. */
const DRIVER_HOME = `${DRIVER_ROUTES.root}/`;
const ICON = '/icons/driver-icon-192.png';

/** The message's title, text and page; a message of another shape still shows, with the app's name. */
function payloadOf(data: PushMessageData | null): DriverPushPayload {
  if (!data) return { title: DRIVER_APP_NAME, body: '', url: DRIVER_HOME };
  try {
    const parsed = z.safeParse(driverPushPayloadSchema, data.json());
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: its text is the notification's.
  }
  return { title: DRIVER_APP_NAME, body: data.text(), url: DRIVER_HOME };
}

/** `url` when it is a page of this site, else My jobs: a message never opens another site. */
function ownPage(url: string): string {
  const home = new URL(DRIVER_HOME, self.location.origin).href;
  try {
    const page = new URL(url, self.location.origin);
    return page.origin === self.location.origin ? page.href : home;
  } catch {
    return home;
  }
}

/** Focuses a window already on `url`, else brings the app's window there, else opens one. */
async function openOrFocus(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const exact = windows.find((client) => client.url === url);
  if (exact) {
    await exact.focus();
    return;
  }
  const app = windows.find((client) =>
    new URL(client.url).pathname.startsWith(`${DRIVER_ROUTES.root}/`),
  );
  if (app) {
    try {
      await app.focus();
      await app.navigate(url);
      return;
    } catch {
      // Not this worker's page (navigate refuses): a window of its own instead.
    }
  }
  await self.clients.openWindow(url);
}

/**
 * The driver app's Web Push (issue 34): an offer or a changed job while the app is closed. The
 * server sends `{title, body, url}` (contract/driver-app.ts); a press on the notification
 * opens that page of the app, or brings an open one to it.
 */
export function registerDriverPush(): void {
  self.addEventListener('push', (event) => {
    const payload = payloadOf(event.data);
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: ICON,
        badge: ICON,
        data: { url: ownPage(payload.url) },
      }),
    );
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const url = typeof data?.url === 'string' ? ownPage(data.url) : ownPage(DRIVER_HOME);
    event.waitUntil(openOrFocus(url));
  });
}
