import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { CORPORATE_MESSAGES } from '../../src/domain/messages';
import { readCachedBookings, readSession } from '../../src/web/features/corporate/lib/session';
import { afterLoginPath } from '../../src/web/features/corporate/lib/redirect';
import { renderApp, preloadPages } from './helpers';
import {
  answerCorporateCalls,
  corporateBooking,
  passenger,
  REFUSED,
  signedIn,
  signedOut,
  TOKEN,
} from './corporate-fixtures';

preloadPages('/bookings', '/login', '/my-account');

beforeEach(async () => {
  await signedOut();
});

type Rendered = ReturnType<typeof renderApp>;

function loginQuery(router: Rendered['router']): string | null {
  return new URLSearchParams(router.state.location.search).get('redirect');
}

async function signInThroughTheForm({ user }: Rendered, email = passenger.passenger_email) {
  await user.type(await screen.findByLabelText('Username'), email);
  await user.type(screen.getByLabelText('Password'), 'Thames-Valley-2026');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

async function alertSays(title: string, message: string): Promise<HTMLElement> {
  const alert = await screen.findByRole('alertdialog', { name: title });
  expect(within(alert).getByText(message)).toBeTruthy();
  return alert;
}

describe('the guard of the corporate screens', () => {
  it('sends a signed-out visitor to sign in, keeping the path and page they asked for', async () => {
    const calls = answerCorporateCalls();
    const { router } = renderApp('/bookings?page=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(loginQuery(router)).toBe('/bookings?page=3');
    expect(calls.callsTo(API_PATHS.passengerValidateToken)).toHaveLength(0);
  });

  it('clears a token the server refuses, with its cached bookings, and asks to sign in again', async () => {
    await signedIn({ cached: [corporateBooking()] });
    const calls = answerCorporateCalls({ validate: REFUSED });
    const { router } = renderApp('/my-account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(loginQuery(router)).toBe('/my-account');
    expect(calls.callsTo(API_PATHS.passengerValidateToken)[0]?.authorization).toBe(
      `Bearer ${TOKEN}`,
    );
    expect(await readSession()).toBeNull();
    expect((await readCachedBookings(passenger.passenger_id)).bookings).toEqual([]);
    expect(screen.queryByLabelText('Name')).toBeNull();
  });

  it('signs out when the bookings call itself refuses the token', async () => {
    await signedIn({ cached: [corporateBooking()] });
    answerCorporateCalls({ bookings: REFUSED });
    const { router } = renderApp('/bookings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(loginQuery(router)).toBe('/bookings');
    expect(await readSession()).toBeNull();
    expect((await readCachedBookings(passenger.passenger_id)).bookings).toEqual([]);
  });

  it('trusts the stored session offline and shows the saved bookings with when they were fetched', async () => {
    const fetchedAt = Date.UTC(2026, 10, 21, 17, 40);
    await signedIn({
      cached: [corporateBooking({ booking_number: '710000004' })],
      fetchedAt,
    });
    answerCorporateCalls({ validate: 'network-error', bookings: 'network-error' });
    const { user, router } = renderApp('/bookings');

    const cell = await screen.findByRole('rowheader', { name: '710000004' });
    expect(cell).toBeTruthy();
    expect(router.state.location.pathname).toBe('/bookings');
    const when = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(fetchedAt);
    expect(screen.getByText(new RegExp(`Last updated ${when}`))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Details of booking 710000004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(within(dialog).getByText(`Last updated ${when}`)).toBeTruthy();
    expect(await readSession()).not.toBeNull();
  });

  it('says when My Account shows the details this device saved, offline', async () => {
    await signedIn();
    const saved = (await readSession())!.savedAt!;
    answerCorporateCalls({ validate: 'network-error', bookings: 'network-error' });
    renderApp('/my-account');
    await screen.findByRole('heading', { level: 2, name: 'Edit Profile' });
    const when = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(saved);
    const status = screen.getByText(new RegExp(`Last updated ${when}`));
    expect(status.closest('[role="status"]')).toBeTruthy();
  });

  it('says nothing of a saved copy on My Account when the server was asked', async () => {
    await signedIn();
    answerCorporateCalls();
    renderApp('/my-account');
    await screen.findByRole('heading', { level: 2, name: 'Edit Profile' });
    expect(screen.queryByText(/Last updated/)).toBeNull();
  });

  it('keeps what the server sent for offline reading', async () => {
    await signedIn();
    answerCorporateCalls({ bookings: [corporateBooking({ booking_number: '710000012' })] });
    renderApp('/bookings');
    await screen.findByRole('rowheader', { name: '710000012' });
    expect(screen.queryByText(/Last updated/)).toBeNull();
    await waitFor(async () =>
      expect(
        (await readCachedBookings(passenger.passenger_id)).bookings.map((b) => b.booking_number),
      ).toEqual(['710000012']),
    );
  });
});

describe('signing in', () => {
  it('stores the session and returns to the screen the guard came from', async () => {
    const calls = answerCorporateCalls();
    const rendered = renderApp('/login?redirect=%2Fmy-account');
    await signInThroughTheForm(rendered);
    const alert = await alertSays('Success', CORPORATE_MESSAGES.loginSuccess);
    expect(await readSession()).toEqual({
      token: TOKEN,
      passenger,
      savedAt: expect.any(Number) as number,
    });
    expect(calls.callsTo(API_PATHS.checkPassengerLogin)[0]?.body).toEqual({
      email: passenger.passenger_email,
      password: 'Thames-Valley-2026',
    });
    await rendered.user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/my-account'));
    expect(await screen.findByLabelText('Name')).toBeTruthy();
  });

  it.each(['//evil.example/bookings', 'https://evil.example/', '/login?redirect=%2Fbookings'])(
    'ignores the redirect %s and goes to the bookings',
    async (redirect) => {
      answerCorporateCalls();
      const rendered = renderApp(`/login?redirect=${encodeURIComponent(redirect)}`);
      await signInThroughTheForm(rendered);
      const alert = await alertSays('Success', CORPORATE_MESSAGES.loginSuccess);
      await rendered.user.click(within(alert).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/bookings'));
    },
  );

  it('accepts only paths of this site as the redirect', () => {
    const origin = 'https://ridebook.example';
    expect(afterLoginPath('/my-account', origin)).toBe('/my-account');
    expect(afterLoginPath('/bookings?page=2#top', origin)).toBe('/bookings?page=2#top');
    for (const unsafe of [
      null,
      '',
      'bookings',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/bookings',
      'javascript:alert(1)',
      '/login',
      '/LOGIN/',
    ]) {
      expect(afterLoginPath(unsafe, origin)).toBe('/bookings');
    }
  });

  it('says the credentials are wrong on a 401 and keeps the typed username', async () => {
    answerCorporateCalls({
      login: { status: 401, body: { success: false, message: 'nope' } },
    });
    const rendered = renderApp('/login');
    await signInThroughTheForm(rendered, 'typo@example.co.uk');
    const alert = await alertSays('Error', CORPORATE_MESSAGES.invalidCredentials);
    await rendered.user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe(
      'typo@example.co.uk',
    );
    expect(rendered.router.state.location.pathname).toBe('/login');
    expect(await readSession()).toBeNull();
  });

  it.each([
    ['no connection', 'network-error' as const],
    ['a server failure', { status: 500, body: { success: false, message: 'Something' } }],
    ['too many attempts', { status: 429, body: { success: false, message: 'Too many' } }],
  ])('says an error occurred on %s', async (_case, reply) => {
    answerCorporateCalls({ login: reply });
    const rendered = renderApp('/login');
    await signInThroughTheForm(rendered);
    await alertSays('Error', CORPORATE_MESSAGES.requestFailed);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe(
      passenger.passenger_email,
    );
  });

  it("offers 'Forgot Password?', leading to the reset page", async () => {
    answerCorporateCalls();
    const { user, router } = renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Forgot Password?' });
    expect(link.getAttribute('href')).toBe('/forgot_password');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot_password'));
  });

  it('names the missing field and sends nothing', async () => {
    const calls = answerCorporateCalls();
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Enter your username/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), passenger.passenger_email);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(calls.callsTo(API_PATHS.checkPassengerLogin)).toHaveLength(0);
    const username = screen.getByLabelText('Username');
    expect(username.getAttribute('type')).toBe('email');
    expect(username.getAttribute('autocomplete')).toBe('username');
    expect(screen.getByText('To Corporate Account')).toBeTruthy();
  });
});

describe('signing out', () => {
  it.each([
    ['the server answers', { body: { success: true } }],
    ['the server cannot be reached', 'network-error' as const],
  ])('clears the session and goes home when %s', async (_case, reply) => {
    await signedIn({ cached: [corporateBooking()] });
    const calls = answerCorporateCalls({ logout: reply, bookings: [corporateBooking()] });
    const { user, router } = renderApp('/bookings');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.callsTo(API_PATHS.passengerLogout)[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(await readSession()).toBeNull();
    expect((await readCachedBookings(passenger.passenger_id)).bookings).toEqual([]);
  });
});

describe('the corporate sidebar', () => {
  it('links the logo home and lists Book Now, Bookings, My Account and Logout', async () => {
    await signedIn();
    answerCorporateCalls({ bookings: [] });
    renderApp('/my-account');
    const nav = await screen.findByRole('navigation', { name: 'Corporate account' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Book Now', '/book-now'],
      ['Bookings', '/bookings'],
      ['My Account', '/my-account'],
    ]);
    expect(within(nav).getByRole('link', { name: 'My Account' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    const homeLinks = screen.getAllByRole('link', { name: 'RideBook UK' });
    expect(homeLinks.length).toBeGreaterThanOrEqual(2);
    expect(homeLinks.every((link) => link.getAttribute('href') === '/')).toBe(true);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
