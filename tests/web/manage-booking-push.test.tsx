import { createHash } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { PASSENGER_PUSH_TEXTS } from '../../src/domain/passenger-push';
import { clearSession } from '../../src/web/features/corporate/lib/session';
import { db } from '../../src/web/offline/db';
import { preloadPages, renderApp } from './helpers';
import {
  answerManageCalls,
  BOOKING_NUMBER,
  MANAGE_TOKEN,
  managedBooking,
  type SeenRequest,
} from './manage-booking-fixtures';

preloadPages('/manage-booking/1');

const PAGE = `/manage-booking/${BOOKING_NUMBER}?token=${MANAGE_TOKEN}`;
/** A VAPID public key as the server gives it (base64url, 65 bytes). */
const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example/send/eleanor-phone';
const SUBSCRIPTION_JSON = {
  endpoint: ENDPOINT,
  keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
};
const digest = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

/** The server's copy of the booking, following phones as POST and DELETE leave them. */
function pushServer(initial: string[] = []) {
  let subscribed = initial;
  const current = () => ({
    body: {
      success: true,
      booking: managedBooking('driver_assigned', {
        push: { public_key: KEY, available: true, subscribed },
      }),
    },
  });
  return answerManageCalls({
    booking: current,
    push: (request: SeenRequest) => {
      const { endpoint } = request.body as { endpoint: string };
      subscribed = request.method === 'POST' ? [digest(endpoint)] : [];
      return current();
    },
  });
}

/** A browser with Push: its service worker's registration, subscription and permission. */
function browserWithPush(options: { subscribed?: boolean; permission?: NotificationPermission }) {
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => true),
  };
  const subscribe = vi.fn(async () => subscription);
  const registration = {
    pushManager: {
      getSubscription: async () => (options.subscribed ? subscription : null),
      subscribe,
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    configurable: true,
  });
  Object.defineProperty(window, 'PushManager', { value: class {}, configurable: true });
  const requestPermission = vi.fn(async () => options.permission ?? 'granted');
  Object.defineProperty(window, 'Notification', {
    value: { permission: options.subscribed ? 'granted' : 'default', requestPermission },
    configurable: true,
  });
  return { subscribe, subscription, requestPermission };
}

beforeEach(async () => {
  await db.managedBookings.clear();
  await clearSession();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
  Reflect.deleteProperty(navigator, 'userAgent');
});

describe('notifications on the booking page (issue 35)', () => {
  it('subscribes this phone with the booking’s key, says it is on, and turns it off', async () => {
    const { subscribe } = browserWithPush({});
    const server = pushServer();
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Notifications' });
    await user.click(within(section).getByRole('button', { name: 'Notify me on this phone' }));
    await within(section).findByText(PASSENGER_PUSH_TEXTS.on);

    const [options] = subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(server.to(API_PATHS.manageBookingPushSubscription, 'POST').map((r) => r.body)).toEqual([
      SUBSCRIPTION_JSON,
    ]);

    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    await within(section).findByRole('button', { name: 'Notify me on this phone' });
    expect(server.to(API_PATHS.manageBookingPushSubscription, 'DELETE').map((r) => r.body)).toEqual(
      [{ endpoint: ENDPOINT }],
    );
    expect(within(section).queryByText(PASSENGER_PUSH_TEXTS.on)).toBeNull();
  });

  it('shows a phone already following the booking as on', async () => {
    browserWithPush({ subscribed: true });
    pushServer([digest(ENDPOINT)]);
    renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Notifications' });
    await within(section).findByText(PASSENGER_PUSH_TEXTS.on);
    expect(within(section).getByRole('button', { name: 'Turn off' })).toBeTruthy();
  });

  it('shows another phone’s following as off on this one', async () => {
    browserWithPush({ subscribed: true });
    pushServer([digest('https://push.example/send/another-phone')]);
    renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Notifications' });
    expect(
      await within(section).findByRole('button', { name: 'Notify me on this phone' }),
    ).toBeTruthy();
    expect(within(section).queryByText(PASSENGER_PUSH_TEXTS.on)).toBeNull();
  });

  it('says how to allow notifications when the browser blocks them', async () => {
    const { subscribe } = browserWithPush({ permission: 'denied' });
    const server = pushServer();
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Notifications' });
    await user.click(within(section).getByRole('button', { name: 'Notify me on this phone' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert').textContent).toBe(PASSENGER_PUSH_TEXTS.blocked),
    );
    expect(subscribe).not.toHaveBeenCalled();
    expect(server.to(API_PATHS.manageBookingPushSubscription, 'POST')).toEqual([]);
  });

  it('tells an iPhone’s browser to use the Home Screen instead of offering a button', async () => {
    Object.defineProperty(navigator, 'userAgent', {
      value:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      configurable: true,
    });
    pushServer();
    renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(section).getByText(PASSENGER_PUSH_TEXTS.homeScreenOnly)).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('offers nothing where the browser has no Push', async () => {
    pushServer();
    renderApp(PAGE);
    await screen.findByRole('region', { name: 'Text messages' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('offers nothing once the booking is over', async () => {
    browserWithPush({});
    answerManageCalls({
      booking: () => ({
        body: {
          success: true,
          booking: managedBooking('completed', {
            push: { public_key: KEY, available: false, subscribed: [] },
          }),
        },
      }),
    });
    renderApp(PAGE);
    await screen.findByRole('region', { name: 'Text messages' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });
});
