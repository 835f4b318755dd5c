import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { COMPANY_POSTAL_ADDRESS, PRODUCT_BLURB, PRODUCT_NAME } from '../../src/domain/company-info';
import { settingsQueryOptions } from '../../src/web/api/get-settings';
import {
  demoSettings,
  mainNav,
  renderApp,
  settingsLoaded,
  answerCatalogueCalls,
  testQueryClient,
  preloadPages,
} from './helpers';

preloadPages('/paymentview');

const HOME_TITLE = 'Taxis and airport transfers across the UK';

/** The API paths the app has fetched so far, in order. */
function requestedPaths(fetchSpy: ReturnType<typeof answerCatalogueCalls>): string[] {
  return fetchSpy.mock.calls.map(([input]) =>
    new URL(String(input), 'http://localhost').pathname.replace(API_BASE, ''),
  );
}

function linkNames(container: HTMLElement): string[] {
  return within(container)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('navbar', () => {
  it('lists Home, Our Fleet, Urgent Booking, Corporate Account and Contact Us when all are enabled', async () => {
    answerCatalogueCalls();
    renderApp('/');
    const nav = await mainNav();
    expect(linkNames(nav)).toEqual([
      'Home',
      'Our Fleet',
      'Urgent Booking',
      'Corporate Account',
      'Contact Us',
    ]);
    expect(within(nav).getByRole('link', { name: 'Urgent Booking' }).getAttribute('href')).toBe(
      '/quoteView',
    );
    expect(within(nav).getByRole('link', { name: 'Corporate Account' }).getAttribute('href')).toBe(
      '/bookings',
    );
    expect(within(nav).getByRole('link', { name: 'Our Fleet' }).getAttribute('href')).toBe(
      '/ourfleet',
    );
  });

  it.each([
    ['NAVBAR_OUR_FLEET_PAGE', 'Our Fleet'],
    ['NAVBAR_URGENT_BOOKING_PAGE', 'Urgent Booking'],
    ['CORPORATE_LOGIN', 'Corporate Account'],
  ])('leaves out the link when %s is not enable', async (setting, label) => {
    answerCatalogueCalls({ settings: demoSettings({ [setting]: 'disable' }) });
    renderApp('/');
    const nav = await mainNav();
    const names = linkNames(nav);
    expect(names).not.toContain(label);
    expect(names).toContain('Home');
    expect(names).toContain('Contact Us');
  });

  it('is not shown when SHOW_NAVBAR_PAGE is not enable, and neither is the menu toggle', async () => {
    answerCatalogueCalls({ settings: demoSettings({ SHOW_NAVBAR_PAGE: 'disable' }) });
    renderApp('/');
    await settingsLoaded();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });

  it.each([
    '/login',
    '/bookings',
    '/my-account',
    '/payment-success',
    '/paymentSuccessView',
    '/payment-cancel',
  ])('is hidden on %s while the header stays', async (path) => {
    answerCatalogueCalls();
    renderApp(path);
    await settingsLoaded();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('is shown on the booking flow pages', async () => {
    answerCatalogueCalls();
    renderApp('/paymentview');
    expect(await mainNav()).toBeTruthy();
  });
});

describe('header', () => {
  it('shows the company name and the contact phone as a tel: link', async () => {
    answerCatalogueCalls();
    renderApp('/');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: PRODUCT_NAME }).getAttribute('href')).toBe('/');
    const phone = await within(header).findByRole('link', { name: '+44 20 7946 0000' });
    expect(phone.getAttribute('href')).toBe('tel:+442079460000');
  });
});

describe('mobile sidebar', () => {
  it('opens a drawer with the same links from the Open menu button and closes on navigation', async () => {
    answerCatalogueCalls({ settings: demoSettings({ CORPORATE_LOGIN: 'disable' }) });
    const { user, router } = renderApp('/');
    await mainNav();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    const menu = within(drawer).getByRole('navigation', { name: 'Menu' });
    expect(linkNames(menu)).toEqual(['Home', 'Our Fleet', 'Urgent Booking', 'Contact Us']);

    await user.click(within(menu).getByRole('link', { name: 'Contact Us' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contactus'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
  });

  it('closes with Escape', async () => {
    answerCatalogueCalls();
    const { user } = renderApp('/');
    await mainNav();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('footer', () => {
  it('shows the blurb, operator names, phone, email, fixed address and a copyright line', async () => {
    answerCatalogueCalls();
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(PRODUCT_BLURB)).toBeTruthy();
    expect(await within(footer).findByText('Heathrow Cars Ltd')).toBeTruthy();
    expect(within(footer).getByText('Capital Chauffeurs')).toBeTruthy();
    expect(
      within(footer).getByRole('link', { name: '+44 20 7946 0000' }).getAttribute('href'),
    ).toBe('tel:+442079460000');
    expect(
      within(footer).getByRole('link', { name: 'bookings@ridebook.example' }).getAttribute('href'),
    ).toBe('mailto:bookings@ridebook.example');
    expect(within(footer).getByText(COMPANY_POSTAL_ADDRESS)).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Manage booking' }).getAttribute('href')).toBe(
      '/manage-booking',
    );
    const year = new Date().getFullYear();
    expect(
      within(footer).getByText(`© ${year} ${PRODUCT_NAME}. All rights reserved.`),
    ).toBeTruthy();
  });

  it('is not shown when SHOW_FOOTER_PAGE is not enable', async () => {
    answerCatalogueCalls({ settings: demoSettings({ SHOW_FOOTER_PAGE: 'disable' }) });
    renderApp('/');
    await mainNav();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});

describe('loading overlay', () => {
  it('reads "Please wait while loading content" while the first settings load runs', async () => {
    answerCatalogueCalls({ settings: 'never' });
    renderApp('/');
    const overlay = await screen.findByText('Please wait while loading content');
    expect(overlay.closest('[role="status"]')?.textContent).toBe(
      'Please wait while loading content',
    );
    expect(overlay.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
  });

  it('goes away once settings arrive', async () => {
    answerCatalogueCalls();
    renderApp('/');
    await screen.findByText('Please wait while loading content');
    await waitFor(() => expect(screen.queryByText('Please wait while loading content')).toBeNull());
  });

  it('draws nothing of the home page under it (not even hidden)', async () => {
    const fetchSpy = answerCatalogueCalls({ settings: 'never' });
    renderApp('/');
    await screen.findByText('Please wait while loading content');
    // The fleet and places are asked for meanwhile, but no heading or form is drawn (even
    // hidden) under the fallback settings, to be drawn again under the operator's.
    await waitFor(() => expect(requestedPaths(fetchSpy)).toContain(API_PATHS.fetchVehicles));
    expect(screen.queryByRole('heading', { name: HOME_TITLE, hidden: true })).toBeNull();
    expect(screen.queryByRole('tab', { hidden: true })).toBeNull();
  });

  it('keeps the home page shown after settings fail, without asking for them again and again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchSpy = answerCatalogueCalls({
      settings: { status: 500, body: { success: false, message: 'Something went wrong' } },
    });
    renderApp('/');
    await settingsLoaded();
    expect(await screen.findByRole('heading', { name: HOME_TITLE })).toBeTruthy();
    // Parts mounted after the first paint may retry the failed load once; a page that hid its
    // parts while it ran would mount them again, retry again, and never settle.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settingsCalls = requestedPaths(fetchSpy).filter(
      (path) => path === API_PATHS.settingsFlat,
    );
    expect(settingsCalls.length).toBeLessThanOrEqual(2);
    expect(screen.getByRole('heading', { name: HOME_TITLE })).toBeTruthy();
    expect(screen.queryByText('Please wait while loading content')).toBeNull();
  });

  it('gives way to defaults, with the failure logged, when settings cannot load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerCatalogueCalls({
      settings: { status: 500, body: { success: false, message: 'Something went wrong' } },
    });
    renderApp('/');
    const nav = await mainNav();
    expect(screen.queryByText('Please wait while loading content')).toBeNull();
    expect(linkNames(nav)).toEqual(['Home', 'Contact Us']);
    expect(log).toHaveBeenCalled();
  });

  it('is not shown when settings are already cached', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(settingsQueryOptions().queryKey, demoSettings());
    answerCatalogueCalls({ settings: 'never' });
    renderApp('/', { queryClient });
    expect(await mainNav()).toBeTruthy();
    expect(screen.queryByText('Please wait while loading content')).toBeNull();
  });
});
