import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerWebPush } from '../../sw/web-push';

/**
 * The service worker's notifications (sw/web-push.ts, issues 34 and 35), over a stand-in for
 * its global scope: a push shows the server's message, and a press on it opens the page it
 * names, the passenger's booking page as the driver's job.
 */
const ORIGIN = 'https://ridebook.example';

type Listener = (event: unknown) => void;

/** A window the worker can see: where it is, and what was done to it. */
function aWindow(path: string) {
  return { url: `${ORIGIN}${path}`, focus: vi.fn(async () => undefined), navigate: vi.fn() };
}

function workerScope(windows: ReturnType<typeof aWindow>[] = []) {
  const listeners = new Map<string, Listener>();
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  vi.stubGlobal('self', scope);
  registerWebPush();
  /** Fires an event at the worker and waits for what it asked to be waited for. */
  async function fire(type: string, event: object) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (work: Promise<unknown>) => waits.push(work) });
    await Promise.all(waits);
  }
  return {
    scope,
    push: (message: unknown) =>
      fire('push', { data: { json: () => message, text: () => JSON.stringify(message) } }),
    press: (data: unknown) => fire('notificationclick', { notification: { close: vi.fn(), data } }),
  };
}

const BOOKING = {
  title: 'Booking 710000042',
  body: 'James has arrived.',
  url: '/manage-booking/710000042',
};

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('the service worker’s notifications', () => {
  it('shows a passenger’s message with the site’s icon and the booking page to open', async () => {
    const worker = workerScope();
    await worker.push(BOOKING);
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith('Booking 710000042', {
      body: 'James has arrived.',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: `${ORIGIN}/manage-booking/710000042` },
    });
  });

  it('opens the booking page when pressed, or brings a window already on it forward', async () => {
    const url = `${ORIGIN}/manage-booking/710000042`;
    const driverApp = aWindow('/driver/');
    const opening = workerScope([driverApp]);
    await opening.press({ url });
    // The driver app's window is not taken over for a passenger's page.
    expect(opening.scope.clients.openWindow).toHaveBeenCalledWith(url);
    expect(driverApp.navigate).not.toHaveBeenCalled();

    const page = aWindow('/manage-booking/710000042');
    const focusing = workerScope([aWindow('/book-now'), page]);
    await focusing.press({ url });
    expect(page.focus).toHaveBeenCalledOnce();
    expect(focusing.scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('takes the driver app’s window to a job, and never opens another site', async () => {
    const app = aWindow('/driver/');
    const worker = workerScope([app]);
    await worker.push({ title: 'New job offered', body: '10:15', url: '/driver/jobs/710000011' });
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith(
      'New job offered',
      expect.objectContaining({ icon: '/icons/driver-icon-192.png' }),
    );
    await worker.press({ url: `${ORIGIN}/driver/jobs/710000011` });
    expect(app.navigate).toHaveBeenCalledWith(`${ORIGIN}/driver/jobs/710000011`);

    const elsewhere = workerScope();
    await elsewhere.press({ url: 'https://evil.example/phish' });
    expect(elsewhere.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/driver/`);
  });
});
