import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, CORPORATE_MESSAGES } from '../../src/domain/messages';
import { DEMO_CORPORATE } from '../../src/server/db/seed-data/corporate';
import { ROUTES } from '../../src/web/config/routes';
import { settle, violations } from './axe';
import { useServedAppAndBrowser, type Page } from './harness';
import { createQuoteSteps } from './quote-steps';

const suite = useServedAppAndBrowser();
const { openQuoteTab, cards, quoteHeathrowToGatwick } = createQuoteSteps(suite);

/** axe needs a page of an explicit context (it refuses suite.browser.newPage()). */
async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await suite.browser.newContext({ viewport });
  return context.newPage();
}

/** Waits on the page settle within this, not vitest's one-second default. */
const POLL = { timeout: 10_000 };

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };

/**
 * Where each route of the route table is checked with axe: here or in accessibility.test.ts
 * (the home page, Our Fleet, Sign In, Contact Us and the quote flow) unless it says otherwise. A route added to ROUTES fails the first test below until it is listed here.
 */
const ROUTE_CHECKS: Record<string, string> = {
  [ROUTES.home]: 'wide and phone, with the open menu',
  [ROUTES.bookNow]: 'redirects home',
  [ROUTES.bookTrip]: 'wide and phone, both tabs, suggestions, return leg and stops',
  [ROUTES.quotation]: 'wide and phone, list and grid, the change-search popup, options',
  [ROUTES.personalDetails]: 'phone with a field error; wide in booking.test.ts',
  [ROUTES.payment]: 'phone with the details shown; wide in booking.test.ts',
  [ROUTES.stripeCheckout]: 'shows the payment step (checked as /paymentview)',
  [ROUTES.checkout]: 'shows the payment step (checked as /paymentview)',
  [ROUTES.quoteNow]: 'wide and phone, empty and with errors; sent in submissions.test.ts',
  [ROUTES.ourFleet]: 'wide and phone',
  [ROUTES.contactUs]: 'wide, and phone with errors; sent and offline in submissions.test.ts',
  [ROUTES.forgotPassword]: 'wide and phone; each step in booking.test.ts',
  [ROUTES.paymentSuccess]: 'phone confirmed and not confirmed, wide not confirmed',
  [ROUTES.paymentSuccessView]: 'phone',
  [ROUTES.paymentCancel]: 'phone; wide with a booking in booking.test.ts',
  [ROUTES.bookings]: 'corporate.test.ts: wide, phone, details modal, drawer',
  [ROUTES.myAccount]: 'phone; wide in corporate.test.ts',
  [ROUTES.login]: 'wide and phone, with the failed sign-in notice',
  [ROUTES.privacyPolicy]: 'phone and wide',
  [ROUTES.terms]: 'phone and wide',
  [ROUTES.manageBooking]: 'phone and wide; with the 404 alert in manage-booking.test.ts',
  [ROUTES.manageBookingDetail]:
    'manage-booking.test.ts: wide (Pending, Driver assigned, Cancelled, change review, cancel dialog, offline) and phone',
};

/** Paths that only send the visitor elsewhere when there is no booking or no sign-in. */
const REDIRECTS: [string, string][] = [
  [ROUTES.bookNow, '/'],
  [ROUTES.quotation, '/'],
  [ROUTES.personalDetails, '/'],
  [ROUTES.payment, '/'],
  [ROUTES.stripeCheckout, '/'],
  [ROUTES.checkout, '/'],
  [ROUTES.bookings, `/login?redirect=${encodeURIComponent(ROUTES.bookings)}`],
  [ROUTES.myAccount, `/login?redirect=${encodeURIComponent(ROUTES.myAccount)}`],
];

/** Screens reached by a link alone, each with its h1, on a phone and on a wide screen. */
const DIRECT: [string, string, ('phone' | 'wide')[]][] = [
  [ROUTES.ourFleet, 'Our Fleet', ['phone']],
  [ROUTES.login, 'Sign In', ['phone']],
  [ROUTES.quoteNow, 'Quote Now', ['wide']],
  [ROUTES.forgotPassword, 'Forgot Password', ['phone', 'wide']],
  // No session and no booking: nothing is confirmed.
  [ROUTES.paymentSuccessView, 'No booking found', ['phone']],
  [ROUTES.privacyPolicy, 'Privacy Policy', ['phone', 'wide']],
  [ROUTES.terms, 'Terms and Conditions', ['phone', 'wide']],
  [ROUTES.manageBooking, 'Manage your booking', ['phone', 'wide']],
  [ROUTES.paymentCancel, BOOKING_MESSAGES.paymentCanceledTitle, ['phone']],
  // A card payment the server does not know: the 'not confirmed' alert and Try again.
  [
    `${ROUTES.paymentSuccess}?session_id=cs_test_unknown`,
    'We could not confirm',
    ['phone', 'wide'],
  ],
];

describe('accessibility of every route (axe-core, WCAG 2.1 AA)', () => {
  it('lists an axe check for every route of the route table', () => {
    expect(Object.keys(ROUTE_CHECKS).sort()).toEqual([...new Set(Object.values(ROUTES))].sort());
  });

  it.each([
    ['a phone', 'phone', PHONE],
    ['a wide screen', 'wide', WIDE],
  ] as const)(
    'the screens reached by a link have no violations on %s',
    async (_name, width, viewport) => {
      const page = await newPage(viewport);
      for (const [path, heading, widths] of DIRECT) {
        if (!widths.includes(width)) continue;
        await page.goto(`${suite.app.url}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor(POLL);
        await settle(page);
        expect(await violations(page), path).toEqual([]);
      }
      await page.context().close();
    },
  );

  it('the paths with nothing of their own to show send the visitor to a checked screen', async () => {
    const page = await newPage(PHONE);
    for (const [path, target] of REDIRECTS) {
      await page.goto(`${suite.app.url}${path}`);
      await page.waitForURL(`${suite.app.url}${target}`, POLL);
    }
    await page.context().close();
  });

  it('the forms show their errors without violations on a phone', async () => {
    const page = await newPage(PHONE);

    // The home quote form sent with no addresses.
    const form = await openQuoteTab(page, 'GET A QUOTE');
    await form.getByRole('button', { name: 'Quote', exact: true }).click();
    await expect.poll(() => form.locator('[aria-invalid="true"]').count(), POLL).toBeGreaterThan(0);
    expect(await violations(page), 'home').toEqual([]);

    for (const [path, name, submit] of [
      [ROUTES.contactUs, 'Contact Us', 'SUBMIT'],
      [ROUTES.quoteNow, 'Quote Now', 'SEND'],
    ] as const) {
      await page.goto(`${suite.app.url}${path}`);
      const sent = page.getByRole('form', { name });
      await sent.getByRole('button', { name: submit }).click();
      await expect
        .poll(() => sent.locator('[aria-invalid="true"]').count(), POLL)
        .toBeGreaterThan(0);
      expect(await violations(page), path).toEqual([]);
    }

    // A failed sign-in's notice, then the account screen of the demo passenger.
    await page.goto(`${suite.app.url}${ROUTES.myAccount}`);
    await page.getByLabel('Username').fill(DEMO_CORPORATE.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const notice = page.getByRole('alertdialog');
    await notice.getByText(CORPORATE_MESSAGES.invalidCredentials).waitFor(POLL);
    await settle(page);
    expect(await violations(page), 'failed sign-in').toEqual([]);
    await notice.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Password').fill(DEMO_CORPORATE.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByRole('alertdialog', { name: 'Success' })
      .getByRole('button', { name: 'OK' })
      .click();
    await page.waitForURL(`${suite.app.url}${ROUTES.myAccount}`, POLL);
    await page.getByRole('heading', { level: 2, name: 'Edit Profile' }).waitFor(POLL);
    expect(await violations(page), ROUTES.myAccount).toEqual([]);
    await page.context().close();
  });

  it('the booking steps after the quote have no violations on a phone, to the confirmation', async () => {
    const page = await newPage(PHONE);
    await quoteHeathrowToGatwick(page);
    await cards(page).first().getByRole('button', { name: 'Book Now' }).click();

    await page.waitForURL(`${suite.app.url}${ROUTES.personalDetails}`, POLL);
    const details = page.getByRole('form', { name: 'Personal details' });
    await details.getByLabel('First Name').fill('Priya');
    await details.getByLabel('Last Name').fill('Shah');
    await details.getByLabel('Email').fill('not an email');
    await details.getByLabel('Number', { exact: true }).fill('+44 7700 900654');
    await details.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => details.getByLabel('Email').getAttribute('aria-invalid'), POLL)
      .toBe('true');
    expect(await violations(page), ROUTES.personalDetails).toEqual([]);
    await details.getByLabel('Email').fill('priya.shah@example.com');
    await details.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL(`${suite.app.url}${ROUTES.payment}`, POLL);
    await page.getByRole('button', { name: 'Show Detail' }).click();
    await page.getByRole('cell', { name: 'priya.shah@example.com' }).waitFor(POLL);
    expect(await violations(page), ROUTES.payment).toEqual([]);
    // The payment step's other names show the same screen (the same component).
    for (const path of [ROUTES.stripeCheckout, ROUTES.checkout]) {
      await page.goto(`${suite.app.url}${path}`);
      await page.getByRole('cell', { name: 'priya.shah@example.com' }).waitFor(POLL);
    }

    await page.getByRole('button', { name: BOOKING_MESSAGES.payByCard }).click();
    await page.waitForURL(/\/test-checkout\//, POLL);
    await page.getByText('TEST MODE — no real card is charged').waitFor();
    expect(await violations(page), 'test checkout').toEqual([]);
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.waitForURL(/\/payment-success\?session_id=/, POLL);
    await page.getByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou }).waitFor(POLL);
    await page.getByText(BOOKING_MESSAGES.emailSent).waitFor();
    expect(await violations(page), ROUTES.paymentSuccess).toEqual([]);
    await page.context().close();
  });

  it('the embedding demo and the app in its frame have no violations', async () => {
    const page = await newPage(WIDE);
    await page.goto(`${suite.app.url}/embed-demo.html`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Popular Locations' }).waitFor(POLL);
    // axe reads the frame's document as well as the host page's.
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });
});
