import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { renderApp, preloadPages } from './helpers';
import { admin, answerOperatorCalls, dispatcher, manager } from './operator-fixtures';

preloadPages('/operator/login', '/operator/bookings');

type Rendered = ReturnType<typeof renderApp>;

async function signIn({ user }: Rendered, password = 'Thames-Valley-2026') {
  await user.type(await screen.findByLabelText('Email'), 'priya@heathrowcars.example');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in to the console', () => {
  it('sends a signed-out visitor to sign in and back to the page and filters they asked for', async () => {
    const server = answerOperatorCalls({ me: null });
    const app = renderApp('/operator/drivers?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: /Sign in/ })).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/operator/login');
    expect(new URLSearchParams(app.router.state.location.search).get('next')).toBe(
      '/operator/drivers?x=1',
    );
    // The passenger site's frame is not here.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    await signIn(app);
    expect(await screen.findByRole('heading', { level: 1, name: 'Drivers' })).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/operator/drivers');
    expect(app.router.state.location.search).toBe('?x=1');
    const [login] = server.to(API_PATHS.operatorLogin, 'POST');
    expect(login?.body).toEqual({
      email: 'priya@heathrowcars.example',
      password: 'Thames-Valley-2026',
    });
    expect(login?.headers.get('x-api-public-key')).toBeTruthy();
  });

  it("shows the server's message for a wrong pair and for too many tries", async () => {
    let tries = 0;
    answerOperatorCalls({
      me: null,
      login: () =>
        ++tries === 1
          ? { status: 401, body: { success: false, message: 'Wrong email or password' } }
          : { status: 429, body: { success: false, message: 'Too many tries. Wait a minute.' } },
    });
    const app = renderApp('/operator/login');
    await signIn(app, 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many tries. Wait a minute.'),
    );
    expect(app.router.state.location.pathname).toBe('/operator/login');
  });

  it('takes /operator to the board, and never to a page off the console after sign-in', async () => {
    answerOperatorCalls({ me: null });
    const app = renderApp('/operator/login?next=//evil.example/x');
    await signIn(app);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/operator/bookings');
  });

  it("goes from /operator to the board and shows the operator's name, role and links", async () => {
    answerOperatorCalls({ me: dispatcher });
    const app = renderApp('/operator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/operator/bookings');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Priya Shah')).toBeTruthy();
    expect(within(header).getByText('Dispatcher, Heathrow Cars Ltd')).toBeTruthy();
    const nav = within(header).getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Bookings' }).getAttribute('href')).toBe(
      '/operator/bookings',
    );
    expect(within(nav).getByRole('link', { name: 'Drivers' }).getAttribute('href')).toBe(
      '/operator/drivers',
    );
  });

  it("names a manager's role and company in the header", async () => {
    answerOperatorCalls({ me: manager });
    renderApp('/operator/bookings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Sam Patel')).toBeTruthy();
    expect(within(header).getByText('Manager, Heathrow Cars Ltd')).toBeTruthy();
  });

  it('signs out through the server and goes to the sign-in page', async () => {
    const server = answerOperatorCalls({ me: admin });
    const app = renderApp('/operator/bookings');
    expect(await screen.findByText('Admin')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Sign in/ })).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/operator/login');
    expect(server.to(API_PATHS.operatorLogout, 'POST')).toHaveLength(1);
  });

  it('notices a session that ends while the board is open and asks to sign in again', async () => {
    const server = answerOperatorCalls({ me: dispatcher });
    const app = renderApp('/operator/bookings?view=today');
    await screen.findByRole('table');
    server.endSession();
    await app.queryClient.refetchQueries({ queryKey: ['operator', 'board'] });
    expect(await screen.findByRole('heading', { level: 1, name: /Sign in/ })).toBeTruthy();
    expect(new URLSearchParams(app.router.state.location.search).get('next')).toBe(
      '/operator/bookings?view=today',
    );
  });
});
