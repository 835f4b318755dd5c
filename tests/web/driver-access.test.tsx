import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { DRIVER_APP_MESSAGES } from '../../src/domain/driver-app-messages';
import { answerDriverCalls, clearPresses, driverJob, driverMe } from './driver-fixtures';
import { preloadPages, renderApp } from './helpers';

preloadPages('/driver/set-password', '/driver/');

beforeEach(clearPresses);

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

describe('setting the password from an invitation', () => {
  it('names whose link it is, checks the rules, then signs the driver in to My jobs', async () => {
    const server = answerDriverCalls({ me: null });
    const { user, router } = renderApp(`/driver/set-password?token=${TOKEN}`);
    expect(
      await screen.findByText(
        'RideBook Driver, for Callum Fraser (callum.fraser@northern-star.example)',
        {},
        // The first screen of the file loads Chakra and the app's chunk.
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(server.to(API_PATHS.driverInvitation, 'GET').map((r) => r.query.get('token'))).toEqual([
      TOKEN,
    ]);
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText(/at least/i, { selector: '[id$="-error"]' })).toBeTruthy();
    expect(server.to(API_PATHS.driverSetPassword)).toHaveLength(0);
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.click(screen.getByLabelText('New password'));
    await user.paste('Northern-Star-Roads-26');
    await user.click(screen.getByLabelText('Confirm new password'));
    await user.paste('Northern-Star-Roads-26');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My jobs' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/driver/');
    expect(server.to(API_PATHS.driverSetPassword, 'POST').map((r) => r.body)).toEqual([
      { token: TOKEN, password: 'Northern-Star-Roads-26' },
    ]);
  });

  it('shows the server’s words for a used link, with the way to sign in', async () => {
    answerDriverCalls({
      me: null,
      invitation: () => ({
        status: 410,
        body: { success: false, message: 'This link has already been used to set a password.' },
      }),
    });
    renderApp(`/driver/set-password?token=${TOKEN}`);
    expect(
      await screen.findByText('This link has already been used to set a password.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe(
      '/driver/login',
    );
  });

  it('says a link without its token is not complete', async () => {
    answerDriverCalls({ me: null });
    renderApp('/driver/set-password');
    expect(await screen.findByText(DRIVER_APP_MESSAGES.invitationMissing)).toBeTruthy();
  });
});

describe('while a job is under way', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'wakeLock');
  });

  it('keeps the screen on, and takes the lock again when the app is back on screen', async () => {
    const released: (() => void)[] = [];
    const request = vi.fn(async () => {
      const sentinel = { released: false, release: vi.fn(async () => undefined) };
      released.push(() => (sentinel.released = true));
      return sentinel;
    });
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    answerDriverCalls({
      jobs: () => ({
        today: [driverJob({ status: 'en_route', next_statuses: ['arrived'] })],
        upcoming: [],
      }),
    });
    renderApp('/driver/');
    await waitFor(() => expect(request).toHaveBeenCalledWith('screen'));
    // The browser lets it go when the page is hidden; back on screen, it is asked for again.
    act(() => released.forEach((release) => release()));
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
  });

  it('does not hold the screen when no job is under way', async () => {
    const request = vi.fn();
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    answerDriverCalls();
    renderApp('/driver/');
    await screen.findByRole('article', { name: '14:30 Job 710000011' });
    expect(request).not.toHaveBeenCalled();
  });
});

describe('notifications', () => {
  const KEY =
    'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(window, 'PushManager');
    Reflect.deleteProperty(window, 'Notification');
  });

  it('offers nothing without a push key from the server', async () => {
    answerDriverCalls();
    renderApp('/driver/');
    await screen.findByRole('switch', { name: 'On duty' });
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('subscribes through the service worker with the server’s key and sends the subscription', async () => {
    const subscription = {
      options: { applicationServerKey: null },
      toJSON: () => ({
        endpoint: 'https://push.example/send/abc',
        keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
      }),
    };
    const subscribe = vi.fn(async () => subscription);
    const registration = { pushManager: { getSubscription: async () => null, subscribe } };
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
      configurable: true,
    });
    Object.defineProperty(window, 'PushManager', { value: class {}, configurable: true });
    Object.defineProperty(window, 'Notification', {
      value: { permission: 'default', requestPermission: vi.fn(async () => 'granted') },
      configurable: true,
    });
    const server = answerDriverCalls({ me: driverMe({ push_public_key: KEY }) });
    const { user } = renderApp('/driver/');
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText(DRIVER_APP_MESSAGES.notificationsOn)).toBeTruthy();
    const [options] = subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(options.applicationServerKey[0]).toBe(4);
    expect(server.to(API_PATHS.driverPushSubscription, 'POST').map((r) => r.body)).toEqual([
      {
        endpoint: 'https://push.example/send/abc',
        keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
      },
    ]);
  });

  /** A phone subscribed to push: its service worker's registration and subscription. */
  function subscribedPhone() {
    const unsubscribe = vi.fn(async () => true);
    const subscription = { endpoint: 'https://push.example/send/abc', unsubscribe };
    const registration = { pushManager: { getSubscription: async () => subscription } };
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
      configurable: true,
    });
    return { unsubscribe };
  }

  it('has the server forget this phone’s subscription on Sign out, before the session ends', async () => {
    const { unsubscribe } = subscribedPhone();
    const server = answerDriverCalls();
    const { user } = renderApp('/driver/');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: DRIVER_APP_MESSAGES.signInHeading });
    expect(server.to(API_PATHS.driverPushSubscription, 'DELETE').map((r) => r.body)).toEqual([
      { endpoint: 'https://push.example/send/abc' },
    ]);
    const paths = server.requests.map((r) => r.path);
    expect(paths.indexOf(API_PATHS.driverPushSubscription)).toBeLessThan(
      paths.indexOf(API_PATHS.driverLogout),
    );
    // The browser keeps it: whoever signs in next on this phone sends it again.
    expect(unsubscribe).not.toHaveBeenCalled();
  });

  it('drops the subscription in the browser when the server cannot be told, and signs out', async () => {
    const { unsubscribe } = subscribedPhone();
    const server = answerDriverCalls({
      pushSubscription: (request) => (request.method === 'DELETE' ? 'network-error' : undefined),
    });
    const { user } = renderApp('/driver/');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: DRIVER_APP_MESSAGES.signInHeading });
    expect(unsubscribe).toHaveBeenCalledOnce();
    expect(server.to(API_PATHS.driverLogout)).toHaveLength(1);
  });
});
