import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COMPANY_POSTAL_ADDRESS } from '../../src/domain/company-info';
import { readPopularPick } from '../../src/web/features/booking/api/save-popular-pick';
import { db } from '../../src/web/offline/db';
import {
  demoSettings,
  demoVehicles,
  renderApp,
  settingsLoaded,
  answerCatalogueCalls,
} from './helpers';

/** The sections below the quote card and the fleet page are code loaded on demand: slow to transform on a loaded machine. */
const LAZY_SECTION = { timeout: 15_000 };

function tabNames(): string[] {
  return screen.queryAllByRole('tab').map((tab) => tab.textContent ?? '');
}

describe('quote tabs', () => {
  it('lists GET A QUOTE then Hourly Rate, with Hourly Rate active, when both are allowed', async () => {
    answerCatalogueCalls({
      settings: demoSettings({ HOURLY_RATE_STATUS: 'enable', IS_QUOTATION: 'disable' }),
    });
    const { user } = renderApp('/');
    await settingsLoaded();
    expect(tabNames()).toEqual(['GET A QUOTE', 'Hourly Rate']);
    const hourly = screen.getByRole('tab', { name: 'Hourly Rate' });
    const mileage = screen.getByRole('tab', { name: 'GET A QUOTE' });
    expect(hourly.getAttribute('aria-selected')).toBe('true');
    expect(mileage.getAttribute('aria-selected')).toBe('false');

    await user.click(mileage);
    expect(mileage.getAttribute('aria-selected')).toBe('true');
    expect(hourly.getAttribute('aria-selected')).toBe('false');
  });

  it('shows only GET A QUOTE when HOURLY_RATE_STATUS is not enable', async () => {
    answerCatalogueCalls({ settings: demoSettings({ HOURLY_RATE_STATUS: 'disable' }) });
    renderApp('/');
    await settingsLoaded();
    expect(tabNames()).toEqual(['GET A QUOTE']);
  });

  it('hides GET A QUOTE when IS_QUOTATION is enable', async () => {
    answerCatalogueCalls({ settings: demoSettings({ IS_QUOTATION: 'enable' }) });
    renderApp('/');
    await settingsLoaded();
    expect(tabNames()).toEqual(['Hourly Rate']);
  });

  it('opens on the hourly form, with the mileage form one tab away', async () => {
    answerCatalogueCalls();
    renderApp('/');
    await settingsLoaded();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByLabelText('Duration')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Search' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'GET A QUOTE' }));
    const mileage = screen.getByRole('tabpanel');
    expect(within(mileage).getByRole('combobox', { name: 'Drop-Off' })).toBeTruthy();
    expect(within(mileage).getByRole('button', { name: 'Quote' })).toBeTruthy();
  });
});

describe('home sections', () => {
  it.each([
    ['SHOW_COMPANY_FLEET_VIEW_SECTION', 'Our Fleet'],
    ['SHOW_COMPANY_CONTACT_SECTION', 'Contact Us'],
    ['SHOW_POPULAR_LOCATION_PAGE', 'Popular Locations'],
  ])('shows the section of %s only when it is enable', async (setting, heading) => {
    answerCatalogueCalls();
    const first = renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeTruthy();
    first.unmount();

    answerCatalogueCalls({ settings: demoSettings({ [setting]: 'disable' }) });
    renderApp('/');
    await settingsLoaded();
    // The other sections still render, so the page has finished its work.
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('heading', { level: 2, name: heading })).toBeNull();
  });

  it('has exactly one h1', async () => {
    answerCatalogueCalls();
    renderApp('/');
    await settingsLoaded();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('fleet cards show the image, name, passengers and suitcases of every category', async () => {
    answerCatalogueCalls();
    renderApp('/');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Our Fleet' }, LAZY_SECTION)
    ).closest('section')!;
    const saloon = (await within(section).findByRole('heading', { name: 'Saloon' })).closest(
      'article',
    )!;
    expect(within(saloon).getByText('Up to 4 Passenger')).toBeTruthy();
    expect(within(saloon).getByText('2 large suitcases')).toBeTruthy();
    expect(within(saloon).getByText('2 medium suitcases')).toBeTruthy();
    const image = within(saloon).getByRole('img', { name: 'Saloon' });
    expect(image.getAttribute('src')).toBe('/storage/fleet/saloon.webp');
    expect(image.getAttribute('width')).toBeTruthy();
    expect(image.getAttribute('height')).toBeTruthy();
    expect(within(section).getByText('Up to 6 Passenger')).toBeTruthy();
    expect(within(section).getAllByRole('article')).toHaveLength(2);
  });

  it('loads fleet images lazily below the first screen, and the fleet page its first row at once', async () => {
    const vehicles = ['Saloon', 'Estate', 'MPV', 'Executive', 'Minibus'].map(
      (category_name, index) => ({
        ...demoVehicles[0]!,
        tbms_vid: index + 1,
        category_name,
        vehicle_img: `fleet/${category_name.toLowerCase()}.webp`,
      }),
    );
    answerCatalogueCalls({ vehicles });
    const imagesIn = (section: HTMLElement) =>
      within(section)
        .getAllByRole('img')
        .map((image) => [
          image.getAttribute('alt'),
          image.getAttribute('loading'),
          image.getAttribute('fetchpriority'),
        ]);
    const { user } = renderApp('/');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Our Fleet' }, LAZY_SECTION)
    ).closest('section')!;
    await within(section).findByRole('img', { name: 'Minibus' });
    // Below the quote card: fetched as they near the screen, never ahead of what is on it.
    expect(imagesIn(section)).toEqual([
      ['Saloon', 'lazy', 'auto'],
      ['Estate', 'lazy', 'auto'],
      ['MPV', 'lazy', 'auto'],
      ['Executive', 'lazy', 'auto'],
      ['Minibus', 'lazy', 'auto'],
    ]);

    // On its own page the first row is the largest thing a phone paints.
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Our Fleet',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Our Fleet' }, LAZY_SECTION);
    const page = screen.getByRole('main');
    await within(page).findByRole('img', { name: 'Minibus' });
    expect(imagesIn(page)).toEqual([
      ['Saloon', 'eager', 'high'],
      ['Estate', 'eager', 'high'],
      ['MPV', 'lazy', 'auto'],
      ['Executive', 'lazy', 'auto'],
      ['Minibus', 'lazy', 'auto'],
    ]);
  });

  it('contact cards link the phone and email and show the fixed address', async () => {
    answerCatalogueCalls();
    renderApp('/');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Contact Us' })).closest(
      'section',
    )!;
    expect(
      within(section).getByRole('link', { name: '+44 20 7946 0000' }).getAttribute('href'),
    ).toBe('tel:+442079460000');
    expect(
      within(section).getByRole('link', { name: 'bookings@ridebook.example' }).getAttribute('href'),
    ).toBe('mailto:bookings@ridebook.example');
    expect(within(section).getByText(COMPANY_POSTAL_ADDRESS)).toBeTruthy();
  });

  it('lists popular locations from /ai-addresses without a query', async () => {
    const fetchMock = answerCatalogueCalls();
    renderApp('/');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Popular Locations' })
    ).closest('section')!;
    expect(
      await within(section).findByRole('button', {
        name: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      }),
    ).toBeTruthy();
    const call = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((url) => url.pathname === '/api/v1/ai-addresses');
    expect(call?.searchParams.has('q')).toBe(false);
  });

  it('keeps a picked popular location as the popularPick draft', async () => {
    await db.drafts.clear();
    answerCatalogueCalls();
    const { user } = renderApp('/');
    const place = await screen.findByRole('button', {
      name: "London King's Cross Station, London N1 9AL",
    });
    await user.click(place);
    expect(
      await screen.findByText(
        "London King's Cross Station, London N1 9AL is saved for your quote.",
      ),
    ).toBeTruthy();
    expect(place.getAttribute('aria-pressed')).toBe('true');
    const pick = await readPopularPick();
    expect(pick).toMatchObject({ id: 12, address: "London King's Cross Station, London N1 9AL" });
  });

  it('keeps a picked popular location while the device is offline', async () => {
    await db.drafts.clear();
    answerCatalogueCalls();
    const { user } = renderApp('/');
    const place = await screen.findByRole('button', {
      name: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
    });
    onlineManager.setOnline(false);
    try {
      await user.click(place);
      expect(
        await screen.findByText(
          'Heathrow Airport Terminal 5, Hounslow TW6 2GA is saved for your quote.',
        ),
      ).toBeTruthy();
      expect(await readPopularPick()).toMatchObject({ id: 11 });
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('leaves a section out, without an error on screen and without refetching in a loop, when its data fails to load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = answerCatalogueCalls({
      vehicles: { status: 500, body: { success: false, message: 'Something went wrong' } },
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 2, name: 'Contact Us' });
    expect(log).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { level: 2, name: 'Our Fleet' })).toBeNull();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const vehicleCalls = fetchMock.mock.calls.filter(([url]) =>
      String(url).includes('/fetch_vehicles'),
    );
    expect(vehicleCalls).toHaveLength(1);
  });
});

describe('first load on a slow link', () => {
  it('asks for the fleet, the operators and the popular places without waiting for the settings', async () => {
    const fetchMock = answerCatalogueCalls({ settings: 'never' });
    renderApp('/');
    await screen.findByText('Please wait while loading content');
    await waitFor(() => {
      const paths = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/v1/settings-flat',
          '/api/v1/fetch_vehicles',
          '/api/v1/fetch_companies',
          '/api/v1/ai-addresses',
        ]),
      );
    });
  });
});
