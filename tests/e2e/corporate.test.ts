import { describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { CORPORATE_MESSAGES } from '../../src/domain/messages';
import { DEMO_CORPORATE } from '../../src/server/db/seed-data/corporate';
import { DB_NAME } from '../../src/web/offline/db-name';
import { settle, violations } from './axe';
import { API_HEADERS, useServedAppAndBrowser, waitForServiceWorker, type Page } from './harness';

/**
 * The corporate area in Chromium against the real server and its seeded demo passenger
 * (12 bookings, 710000001–012). Sign-in is limited to 10 attempts per email in 15 minutes on
 * a server, so this file signs in 7 times in all.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await suite.browser.newContext({ viewport });
  return context.newPage();
}

/** Signs in on the /login screen the page is on, and dismisses 'Login Successfully'. */
async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Username').fill(DEMO_CORPORATE.email);
  await page.getByLabel('Password').fill(DEMO_CORPORATE.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const alert = page.getByRole('alertdialog', { name: 'Success' });
  await alert.getByText(CORPORATE_MESSAGES.loginSuccess).waitFor(POLL);
  await alert.getByRole('button', { name: 'OK' }).click();
}

/** Visits a protected path signed out, is sent to sign in, signs in and comes back. */
async function visitSignedIn(page: Page, path: '/bookings' | '/my-account'): Promise<void> {
  await page.goto(`${suite.app.url}${path}`);
  await page.waitForURL(`${suite.app.url}/login?redirect=${encodeURIComponent(path)}`, POLL);
  await signIn(page);
  await page.waitForURL(`${suite.app.url}${path}`, POLL);
}

const bookingRows = (page: Page) => page.getByRole('table').locator('tbody tr');

/** What the app holds in IndexedDB for the corporate area (nothing if there is no database). */
async function stored(page: Page): Promise<{ profiles: number; bookings: number; token: string }> {
  return page.evaluate(async (name) => {
    const names = (await indexedDB.databases()).map((info) => info.name);
    if (!names.includes(name)) return { profiles: 0, bookings: 0, token: '' };
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const read = <T>(store: string, what: (s: IDBObjectStore) => IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        const request = what(database.transaction(store).objectStore(store));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const profiles = await read('corporateProfile', (s) => s.getAll());
    const bookings = await read('corporateBookings', (s) => s.count());
    database.close();
    const token = (profiles[0] as { access_token?: string } | undefined)?.access_token ?? '';
    return { profiles: profiles.length, bookings, token };
  }, DB_NAME);
}

/** The value beside `label` in the open details modal. */
async function detail(page: Page, label: string, scope = page.getByRole('dialog')) {
  const term = scope.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
  return ((await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim();
}

async function openDetails(page: Page, bookingNumber: string) {
  await page.getByRole('button', { name: `Details of booking ${bookingNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking Details' });
  await dialog.waitFor();
  return dialog;
}

async function closeDetails(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('the corporate area', () => {
  it('signs in from a protected link, lists the 12 bookings and opens their details', async () => {
    const page = await newPage();
    await page.goto(`${suite.app.url}/bookings`);
    await page.waitForURL(`${suite.app.url}/login?redirect=%2Fbookings`, POLL);
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await page.getByText('To Corporate Account').waitFor();
    expect(await violations(page)).toEqual([]);

    await signIn(page);
    await page.waitForURL(`${suite.app.url}/bookings`, POLL);
    await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
    await expect.poll(() => bookingRows(page).count(), POLL).toBe(12);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Booking Number',
      'Pickup',
      'Destination',
      'Pickup Date',
      'Pickup Time',
      'Vehicle',
      'Payment Method',
      'Booking Amount',
      'Booking Type',
      'Status',
      'Actions',
    ]);
    // Newest first: the seed books them in order, so 012 leads.
    expect(await bookingRows(page).first().getByRole('rowheader').textContent()).toBe('710000012');
    const row = (n: string) =>
      bookingRows(page).filter({ has: page.getByText(n, { exact: true }) });
    const cells = (n: string) => row(n).locator('th, td').allTextContents();
    const returnTrip = await cells('710000002');
    expect(returnTrip.slice(1, 3)).toEqual([
      'Reading Station, RG1 1LZ',
      'London Paddington Station, W2 1HQ',
    ]);
    expect(returnTrip[3]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(returnTrip.slice(4)).toEqual([
      '18:30',
      'Saloon',
      'Pay to driver',
      '£154.00',
      'Quotation',
      // A demo ride in the past has been driven.
      'Completed',
      'Details',
    ]);
    expect((await cells('710000003')).slice(6, 9)).toEqual([
      'Pay by Card',
      '£240.00',
      'Hourly Booking',
    ]);
    await page.getByText('Showing 1–12 of 12').waitFor();
    expect(await violations(page)).toEqual([]);

    // A return: the return time is the return's own, not the pickup time.
    let dialog = await openDetails(page, '710000002');
    expect(await detail(page, 'Pickup Time')).toBe('18:30');
    expect(await detail(page, 'Return Time')).toBe('22:45');
    expect(await detail(page, 'Return Date')).toBe(returnTrip[3]);
    expect(await detail(page, 'Payment Method')).toBe('Pay to driver');
    expect(await dialog.getByRole('region', { name: 'Stops' }).count()).toBe(0);
    await settle(page);
    expect(await violations(page)).toEqual([]);
    await closeDetails(page);

    // A booking with two stops lists each.
    dialog = await openDetails(page, '710000009');
    const stops = dialog.getByRole('region', { name: 'Stops' });
    const first = stops.getByRole('listitem', { name: 'Stop 1' });
    expect(await detail(page, 'Address', first)).toBe('10 Downing Street, SW1A 2AA');
    expect(await detail(page, 'Post Code', first)).toBe('SW1A 2AA');
    expect(await detail(page, 'Street Number', first)).toBe('10');
    const second = stops.getByRole('listitem', { name: 'Stop 2' });
    expect(await detail(page, 'Address', second)).toBe('Victoria Station, SW1V 1JU');
    const extras = dialog.getByRole('region', { name: 'Additional Details' });
    expect(await detail(page, 'Wheelchair', extras)).toBe('Yes');
    await closeDetails(page);

    // A one-way booking shows no return.
    await openDetails(page, '710000001');
    expect(await detail(page, 'Flight Number')).toBe('BA117');
    expect(await page.getByRole('dialog').locator('dt', { hasText: 'Return Time' }).count()).toBe(
      0,
    );
    await page.context().close();
  });

  it('saves a profile edit that a reload and the server both show', async () => {
    const page = await newPage();
    await visitSignedIn(page, '/my-account');
    await page.getByRole('heading', { level: 2, name: 'Edit Profile' }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe(DEMO_CORPORATE.firstName);
    expect(await page.getByLabel('Email').inputValue()).toBe(DEMO_CORPORATE.email);
    expect(await violations(page)).toEqual([]);

    await page.getByLabel('Name').fill('Eleanor Hart-Wells');
    await page.getByLabel('Phone').fill('+44 7700 900999');
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alertdialog', { name: 'Success' });
    await alert.getByText(CORPORATE_MESSAGES.profileUpdated).waitFor(POLL);
    // The success alert closes by itself (the spec's 3 s timer).
    await alert.waitFor({ state: 'detached', timeout: 10_000 });

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Edit Profile' }).waitFor(POLL);
    expect(await page.getByLabel('Name').inputValue()).toBe('Eleanor Hart-Wells');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+44 7700 900999');

    const response = await fetch(`${suite.app.url}${API_BASE}${API_PATHS.checkPassengerLogin}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...API_HEADERS },
      body: JSON.stringify({ email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password }),
    });
    const answer = (await response.json()) as {
      passenger: { passenger_name: string; passenger_contact_no: string };
    };
    expect(answer.passenger.passenger_name).toBe('Eleanor Hart-Wells');
    expect(answer.passenger.passenger_contact_no).toBe('+44 7700 900999');
    await page.context().close();
  });

  it('logs out: the device forgets the token and the bookings, and the visitor goes home', async () => {
    const page = await newPage();
    await visitSignedIn(page, '/bookings');
    await expect.poll(() => bookingRows(page).count(), POLL).toBe(12);
    await expect.poll(() => stored(page), POLL).toMatchObject({ profiles: 1, bookings: 12 });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${suite.app.url}/`, POLL);
    expect(await stored(page)).toEqual({ profiles: 0, bookings: 0, token: '' });
    await page.goto(`${suite.app.url}/bookings`);
    await page.waitForURL(`${suite.app.url}/login?redirect=%2Fbookings`, POLL);
    await page.context().close();
  });

  it('shows the bookings and their details offline after one visit, with when they were fetched', async () => {
    const page = await newPage();
    await visitSignedIn(page, '/bookings');
    await expect.poll(() => bookingRows(page).count(), POLL).toBe(12);
    await waitForServiceWorker(page);
    await expect.poll(() => stored(page), POLL).toMatchObject({ bookings: 12 });

    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => bookingRows(page).count(), POLL).toBe(12);
    expect(page.url()).toBe(`${suite.app.url}/bookings`);
    await page.getByText(/Last updated \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/).waitFor();

    const dialog = await openDetails(page, '710000006');
    await dialog.getByText(/^Last updated /).waitFor();
    expect(await detail(page, 'Return Time')).toBe('19:05');
    await closeDetails(page);

    // Moving to My Account offline keeps the passenger signed in too.
    await page.getByRole('link', { name: 'My Account' }).click();
    await page.getByRole('heading', { level: 2, name: 'Edit Profile' }).waitFor(POLL);
    expect(page.url()).toBe(`${suite.app.url}/my-account`);
    await page.context().close();
  });

  it('wipes the offline copy on the next online visit once the server has revoked the token', async () => {
    const page = await newPage();
    await visitSignedIn(page, '/bookings');
    await expect.poll(() => bookingRows(page).count(), POLL).toBe(12);
    await expect.poll(() => stored(page), POLL).toMatchObject({ profiles: 1, bookings: 12 });
    const { token } = await stored(page);
    expect(token).not.toBe('');

    const revoked = await fetch(`${suite.app.url}${API_BASE}${API_PATHS.passengerLogout}`, {
      method: 'POST',
      headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(200);

    await page.goto(`${suite.app.url}/bookings`);
    await page.waitForURL(`${suite.app.url}/login?redirect=%2Fbookings`, POLL);
    await expect.poll(() => stored(page), POLL).toEqual({ profiles: 0, bookings: 0, token: '' });
    await page.context().close();
  });

  it('on a phone lists bookings as cards and puts the menu in a drawer behind a Corporate Account top bar', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await visitSignedIn(page, '/bookings');
    const cards = page
      .getByRole('list', { name: 'Your bookings, newest first' })
      .getByRole('article');
    await expect.poll(() => cards.count(), POLL).toBe(12);
    expect(await page.getByRole('table').count()).toBe(0);
    // Nothing on the page scrolls sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    const card = page.getByRole('article', { name: 'Booking Number 710000002' });
    expect(await card.locator('dd').allTextContents()).toEqual([
      'Reading Station, RG1 1LZ',
      'London Paddington Station, W2 1HQ',
      expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/),
      '18:30',
      'Saloon',
      'Pay to driver',
      '£154.00',
      'Quotation',
      'Completed',
    ]);
    await openDetails(page, '710000002');
    expect(await detail(page, 'Return Time')).toBe('22:45');
    await closeDetails(page);

    // Starts closed: the top bar and its hamburger show, the links do not.
    await page.getByText('Corporate Account', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'My Account' }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);

    const hamburger = page.getByRole('button', { name: 'Open menu' });
    expect(await hamburger.getAttribute('aria-expanded')).toBe('false');
    await hamburger.click();
    const drawer = page.getByRole('dialog', { name: 'Corporate Account' });
    await drawer.waitFor();
    for (const link of ['Book Now', 'Bookings', 'My Account']) {
      await drawer.getByRole('link', { name: link }).waitFor();
    }
    await drawer.getByRole('button', { name: 'Logout' }).waitFor();
    await settle(page);
    expect(await violations(page)).toEqual([]);

    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // A link in the drawer navigates and closes it.
    await hamburger.click();
    await drawer.getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL(`${suite.app.url}/my-account`, POLL);
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 2, name: 'Edit Profile' }).waitFor(POLL);
    await page.context().close();
  });
});
