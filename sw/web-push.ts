/// <reference lib="webworker" />
import * as z from 'zod/mini';
import { DRIVER_ROUTES } from '../src/contract/app-routes';
import { pushMessageSchema, type PushMessage } from '../src/contract/web-push';
import { DRIVER_APP_NAME } from '../src/domain/driver-app-messages';

declare let self: ServiceWorkerGlobalScope;

/** The driver app's pages (its manifest's scope); a message without a usable address leads home. */
const DRIVER_HOME = `${DRIVER_ROUTES.root}/`;
const DRIVER_ICON = '/icons/driver-icon-192.png';
/** The site's own icon: the passenger's notifications about their booking. */
const SITE_ICON = '/icons/icon-192.png';

/**
 * The message's title, text and page; a message of another shape still shows. Only the driver
 * app was ever sent one (a passenger's always comes from contract/web-push.ts's schema).
 */
function payloadOf(data: PushMessageData | null): PushMessage {
  if (!data) return { title: DRIVER_APP_NAME, body: '', url: DRIVER_HOME };
  try {
    const parsed = z.safeParse(pushMessageSchema, data.json());
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

const inDriverApp = (url: string) => new URL(url).pathname.startsWith(DRIVER_HOME);

/**
 * Focuses a window already on the page, else brings the driver app's window there (for a
 * driver's page), else opens one. A passenger's other window is left alone: it may be half
 * way through a booking form.
 */
async function openOrFocus(url: string): Promise<void> {
  const page = new URL(url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = windows.find((client) => new URL(client.url).pathname === page.pathname);
  if (showing) {
    await showing.focus();
    return;
  }
  const app = inDriverApp(url) ? windows.find((client) => inDriverApp(client.url)) : undefined;
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
 * Web Push (issues 34 and 35): a driver's offer or changed job while the app is closed, and the
 * passenger's news of their booking. The server sends `{title, body, url}`
 * (contract/web-push.ts); a press on the notification opens that page of this site (a job in
 * the driver's app, the passenger's booking page), or brings a window already on it forward.
 */
export function registerWebPush(): void {
  self.addEventListener('push', (event) => {
    const payload = payloadOf(event.data);
    const url = ownPage(payload.url);
    const icon = inDriverApp(url) ? DRIVER_ICON : SITE_ICON;
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        icon,
        badge: icon,
        data: { url },
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
