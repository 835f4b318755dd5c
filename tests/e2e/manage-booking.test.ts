import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { managedBookingResponseSchema } from '../../src/contract/manage-booking';
import { API_BASE, API_PATHS, MANAGE_TOKEN_HEADER } from '../../src/contract/paths';
import { POLICY_MESSAGES } from '../../src/domain/booking-policy';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { addDays } from '../../src/domain/uk-time';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { postApi, quotedBooking, weekAheadForm } from '../support/priced-journey';
import { noViolations } from './axe';
import { readOutbox } from './booking-api';
import { API_HEADERS, useServedAppAndBrowser, waitForServiceWorker, type Page } from './harness';
import { createQuoteSteps } from './quote-steps';

/**
 * The passenger's own booking (issue 22) in Chromium against the real server: opened from the
 * confirmation mail's link and by Reference ID and Email, followed through the operator's
 * confirmation and assignment, changed (a difference paid through the test checkout),
 * cancelled with a refund, read again offline, by keyboard, and axe-clean throughout.
 */
const suite = useServedAppAndBrowser();
const { newVisitorPage, cards, quoteHeathrowToGatwick } = createQuoteSteps(suite);
const POLL = { timeout: 15_000 };
/** Mail leaves through the outbox's background pass a few seconds after the change. */
const MAIL_POLL = { timeout: 20_000, interval: 250 };
const admin = DEMO_OPERATORS.find((operator) => operator.role === 'admin')!;

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await suite.browser.newContext({ viewport, locale: 'en-GB' });
  return context.newPage();
}

/** The value beside `label` in a description list inside `scope`. */
async function valueIn(scope: Locator, label: string): Promise<string> {
  const term = scope.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
  return (
    (await term.first().locator('xpath=following-sibling::dd[1]').textContent()) ?? ''
  ).trim();
}

/** The booking page's status line, e.g. 'Status:Pending'. */
function statusLine(page: Page): Promise<string> {
  return page
    .getByRole('region', { name: 'Status' })
    .getByText('Status:', { exact: true })
    .locator('xpath=..')
    .textContent()
    .then((text) => text ?? '');
}

/** A guest books the first vehicle from Heathrow T5 to Gatwick, paying by card at the test checkout. */
async function guestBooksPayingByCard(email: string): Promise<string> {
  const { page } = await newVisitorPage();
  await quoteHeathrowToGatwick(page);
  await cards(page).first().getByRole('button', { name: 'Book Now' }).click();
  const form = page.getByRole('form', { name: 'Personal details' });
  await form.getByLabel('First Name').waitFor(POLL);
  await form.getByLabel('First Name').fill('Imogen');
  await form.getByLabel('Last Name').fill('Walsh');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Number', { exact: true }).fill('+44 7700 900654');
  await form.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: BOOKING_MESSAGES.payByCard }).click();
  await page.waitForURL(/\/test-checkout\//, POLL);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/payment-success\?session_id=/, POLL);
  await page.getByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou }).waitFor(POLL);
  const reference = await valueIn(page.locator('main'), 'Reference ID');
  await page.context().close();
  return reference;
}

/** A guest's pay-in-car booking made through the API, a week ahead; its reference. */
async function guestBooksThroughTheApi(email: string): Promise<string> {
  const quoted = await quotedBooking(
    suite.app.url,
    weekAheadForm('London Paddington Station', 'Heathrow Airport Terminal 5'),
  );
  const answer = (await postApi(suite.app.url, API_PATHS.booking, {
    ...quoted,
    registrationData: {
      firstName: 'Rowan',
      surname: 'Hughes',
      email,
      number: '+44 7700 900321',
      password: '',
      privacyAccepted: false,
      termsAccepted: false,
    },
    payment_method: 'car',
    selected_passenger: 'guest_login',
  })) as { data: { booking: { booking_number: string } } };
  return answer.data.booking.booking_number;
}

/** The "Manage your booking" link of the newest mail to `email` about `reference`. */
async function manageLinkFor(email: string, reference: string): Promise<string> {
  const link = async () => {
    const mails = (await readOutbox(suite.app.dataDir)).filter(
      (mail) => mail.to.includes(email) && mail.subject.includes(reference),
    );
    const found = mails
      .map((mail) => /https?:\/\/\S+\/manage-booking\/[^\s?]+\?token=[\w-]+/.exec(mail.text)?.[0])
      .filter(Boolean);
    return found.at(-1) ?? '';
  };
  await expect.poll(link, MAIL_POLL).toMatch(new RegExp(`/manage-booking/${reference}\\?token=`));
  return link();
}

/** The operator console's API as the platform's admin: a session cookie, like the console. */
async function adminApi() {
  const login = await fetch(`${suite.app.url}${API_BASE}${API_PATHS.operatorLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...API_HEADERS },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${suite.app.url}${API_BASE}${path}`, {
      method,
      headers: {
        ...API_HEADERS,
        cookie,
        ...(body === undefined
          ? {}
          : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: unknown };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
  };
}

/** The operator confirms the booking and assigns a driver of its company; the driver's first name. */
async function operatorConfirmsAndAssigns(reference: string): Promise<string> {
  const api = await adminApi();
  const bookingPath = API_PATHS.operatorBooking.replace(':booking_number', reference);
  const { data: booking } = (await api.get(bookingPath)) as { data: { company_id: number } };
  await api.post(API_PATHS.operatorBookingStatus.replace(':booking_number', reference), {
    status: 'confirmed',
  });
  const { data: drivers } = (await api.get(API_PATHS.operatorDrivers)) as {
    data: {
      id: number;
      name: string;
      company_id: number;
      active: boolean;
      licence_state: string;
      vehicle_registration: string;
    }[];
  };
  const driver = drivers.find(
    (d) => d.company_id === booking.company_id && d.active && d.licence_state !== 'expired',
  )!;
  await api.post(API_PATHS.operatorBookingAssign.replace(':booking_number', reference), {
    driver_id: driver.id,
    vehicle_registration: driver.vehicle_registration,
  });
  return driver.name.split(' ')[0]!;
}

/** What the server says about the booking now, read with the mail link's token. */
async function serverView(reference: string, token: string) {
  const response = await fetch(
    `${suite.app.url}${API_BASE}${API_PATHS.manageBooking.replace(':booking_number', reference)}`,
    { headers: { ...API_HEADERS, [MANAGE_TOKEN_HEADER]: token } },
  );
  return managedBookingResponseSchema.parse(await response.json()).booking;
}

const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (Shift+Tab with `back`) until `target` has focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await target.waitFor(POLL);
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) return;
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
}

describe('the passenger manages their booking', () => {
  it('from the mail link: the status and driver, changes, a paid difference, cancellation, the receipt, and offline', async () => {
    const email = `imogen.${randomUUID().slice(0, 8)}@example.com`;
    const reference = await guestBooksPayingByCard(email);
    const link = await manageLinkFor(email, reference);
    const token = new URL(link).searchParams.get('token')!;

    // A device of its own, as the passenger's phone would be: the link is all it has.
    const page = await newPage();
    // The link as mailed: its origin is the site's (PUBLIC_URL), where checkout also returns.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: `Booking ${reference}` }).waitFor(POLL);
    await expect.poll(() => statusLine(page), POLL).toBe('Status:Pending');
    // The token has left the address bar (and so any Referer and the history).
    await expect.poll(() => new URL(page.url()).search, POLL).toBe('');
    expect(new URL(page.url()).pathname).toBe(`/manage-booking/${reference}`);
    await noViolations(page);

    // The operator confirms and assigns; the page, reloaded, reads with the token it kept.
    const firstName = await operatorConfirmsAndAssigns(reference);
    await page.reload();
    await expect.poll(() => statusLine(page), POLL).toBe('Status:Driver assigned');
    const driver = page.getByRole('region', { name: 'Driver' });
    await driver.getByText(`Your driver: ${firstName}`).waitFor(POLL);
    expect(await valueIn(driver, 'Registration')).not.toBe('');
    const timeline = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await expect.poll(() => timeline.count(), POLL).toBe(3);
    expect(await timeline.last().textContent()).toMatch(
      /^\w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} — Driver assigned — /,
    );
    await noViolations(page);

    // A new flight number: saved without pricing again.
    const form = page.getByRole('form', { name: 'Change booking' });
    await form.getByLabel('Flight / train / ferry number').fill('BA2490');
    await form.getByRole('button', { name: 'Review changes' }).click();
    const review = page.getByRole('region', { name: 'Review your changes' });
    await review.waitFor(POLL);
    expect(await valueIn(review, 'Difference')).toBe('£0.00');
    expect(await valueIn(review, 'Current price')).toBe(await valueIn(review, 'New price'));
    await noViolations(page);
    await review.getByRole('button', { name: 'Confirm changes' }).click();
    await page.getByText('Your booking has been changed.').waitFor(POLL);
    const journey = page.getByRole('region', { name: 'Journey' });
    await expect.poll(() => valueIn(journey, 'Flight / train / ferry number'), POLL).toBe('BA2490');
    expect(await statusLine(page)).toBe('Status:Driver assigned');

    // The pickup a day later, with a baby seat: priced again, the difference paid by card.
    const date = form.getByLabel('Pickup date');
    const movedTo = addDays(await date.inputValue(), 1);
    await date.fill(movedTo);
    await form.getByLabel('Baby seats').fill('1');
    await form.getByRole('button', { name: 'Review changes' }).click();
    await review.waitFor(POLL);
    const pounds = (text: string) => Number(text.replace(/[^\d.]/g, ''));
    const [before, after, difference] = await Promise.all([
      valueIn(review, 'Current price'),
      valueIn(review, 'New price'),
      valueIn(review, 'Difference'),
    ]);
    expect(difference).toMatch(/^\+£[\d,]+\.\d{2}$/);
    expect(pounds(difference)).toBeCloseTo(pounds(after) - pounds(before), 2);
    await review.getByRole('button', { name: 'Confirm changes' }).click();
    await page.waitForURL(/\/test-checkout\//, POLL);
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.waitForURL(new RegExp(`/manage-booking/${reference}`), POLL);
    await page.getByText('The difference is paid and your booking has been changed.').waitFor(POLL);
    await expect.poll(() => new URL(page.url()).search, POLL).toBe('');
    const journeyNow = page.getByRole('region', { name: 'Journey' });
    expect(await valueIn(journeyNow, 'Pickup date')).toBe(
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${movedTo}T00:00:00Z`)),
    );
    expect(await valueIn(page.getByRole('region', { name: 'Extras' }), 'Baby seats')).toBe('1');
    // The form now starts from the changed booking.
    expect(await form.getByLabel('Pickup date').inputValue()).toBe(movedTo);
    const price = page.getByRole('region', { name: 'Price and payment' });
    expect(await valueIn(price, 'Total')).toBe(after);
    await expect
      .poll(
        () =>
          price.getByRole('list', { name: 'Payments and refunds' }).getByRole('listitem').count(),
        POLL,
      )
      .toBe(2);

    // Cancelling: the dialog says what the server says it will cost, word for word.
    const terms = (await serverView(reference, token)).cancellation!;
    const cancel = page.getByRole('button', { name: 'Cancel booking' });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}` });
    await dialog.waitFor(POLL);
    await dialog.getByText(terms.message, { exact: true }).waitFor(POLL);
    await noViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...POLL });
    await expect.poll(() => hasFocus(cancel), POLL).toBe(true);

    await cancel.click();
    await dialog.getByLabel('Reason').fill('Plans changed');
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    await dialog.waitFor({ state: 'detached', ...POLL });
    const notice = page.getByText(
      /^Your booking is cancelled\. Refund of £[\d,]+\.\d{2}: (Refunded|Pending)$/,
    );
    await notice.waitFor(POLL);
    expect(await notice.textContent()).toContain(`Refund of £${terms.refund.toFixed(2)}`);
    await expect.poll(() => statusLine(page), POLL).toBe('Status:Cancelled');
    await page.getByText(POLICY_MESSAGES.alreadyCancelled).waitFor(POLL);
    await noViolations(page);

    // The receipt: fetched with the token (a link could not carry it) and saved as a real PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download', POLL),
      page.getByRole('button', { name: 'Download receipt (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${reference}.pdf`);
    // Read through the download's stream: the browser is shared over a connection, which
    // gives no local path.
    const bytes = new Uint8Array(await buffer(await download.createReadStream()));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(reference);

    // Offline, a reload shows the copy this device kept, and says how old it is.
    await waitForServiceWorker(page);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Booking ${reference}` }).waitFor(POLL);
    await page
      .getByText(/^You are offline\. This is the copy of your booking saved on this device\./)
      .waitFor(POLL);
    await page.getByText(/^Last updated \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/).waitFor(POLL);
    expect(await statusLine(page)).toBe('Status:Cancelled');
    await noViolations(page);
    await page.context().close();
  });

  it('finds a booking by Reference ID and Email, keyboard only, on a phone', async () => {
    const email = `rowan.${randomUUID().slice(0, 8)}@example.com`;
    const reference = await guestBooksThroughTheApi(email);
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${suite.app.url}/manage-booking`);
    await page.getByRole('heading', { level: 1, name: 'Manage your booking' }).waitFor(POLL);
    await noViolations(page);

    const referenceField = page.getByLabel('Reference ID');
    await tabTo(page, referenceField);
    await page.keyboard.type('999999999');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: POLICY_MESSAGES.notFound });
    await alert.waitFor(POLL);
    expect(await referenceField.inputValue()).toBe('999999999');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await noViolations(page);

    await tabTo(page, referenceField, { back: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(reference);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Booking ${reference}` }).waitFor(POLL);
    expect(new URL(page.url()).pathname).toBe(`/manage-booking/${reference}`);
    await expect.poll(() => statusLine(page), POLL).toBe('Status:Pending');
    await noViolations(page);

    // The cancel dialog by keyboard: focus moves in, Escape closes it and gives focus back.
    const cancel = page.getByRole('button', { name: 'Cancel booking' });
    await tabTo(page, cancel);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}` });
    await dialog.getByText('Nothing to pay', { exact: true }).waitFor(POLL);
    await expect
      .poll(
        () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
        POLL,
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...POLL });
    await expect.poll(() => hasFocus(cancel), POLL).toBe(true);

    // A change by keyboard: type, review, confirm.
    const phone = page.getByLabel('Contact number');
    await tabTo(page, phone);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('+44 7700 900999');
    await tabTo(page, page.getByRole('button', { name: 'Review changes' }));
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: 'Review your changes' });
    await heading.waitFor(POLL);
    await expect.poll(() => hasFocus(heading), POLL).toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'Confirm changes' }));
    await page.keyboard.press('Enter');
    await page.getByText('Your booking has been changed.').waitFor(POLL);
    expect(await valueIn(page.getByRole('region', { name: 'Passenger' }), 'Contact number')).toBe(
      '+44 7700 900999',
    );
    await page.context().close();
  });
});
