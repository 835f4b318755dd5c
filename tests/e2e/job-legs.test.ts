import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { managedBookingResponseSchema } from '../../src/contract/manage-booking';
import { API_BASE, MANAGE_TOKEN_HEADER } from '../../src/contract/paths';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { formatMoney, pence } from '../../src/domain/money';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { addDays } from '../../src/domain/uk-time';
import { formatDay } from '../../src/web/lib/format-day';
import { readOutbox } from './booking-api';
import { API_HEADERS, useServedAppAndBrowser, type Page } from './harness';
import { createQuoteSteps, suggestionAddress } from './quote-steps';

/**
 * Issue 32 in Chromium against the real server: a guest books a return trip through the site,
 * paying by card; it is two jobs — listed under their own dates, given different drivers, the
 * outward leg completed while the return waits — and the passenger changes the return's time
 * (priced again) and then cancels the return journey alone, told its refund first.
 */
const suite = useServedAppAndBrowser();
const { newVisitorPage, openQuoteTab, chooseAddress, cards, waitForResults } =
  createQuoteSteps(suite);
const POLL = { timeout: 15_000 };
/** Mail leaves through the outbox's background pass a few seconds after the booking. */
const MAIL_POLL = { timeout: 20_000, interval: 250 };
const admin = DEMO_OPERATORS.find((operator) => operator.role === 'admin')!;
const GUEST = 'rosa.legg@example.co.uk';

/** Picks the first suggestion for `typed` in an address combobox; answers the address chosen. */
async function chooseFirst(scope: Locator, label: string, typed: string): Promise<string> {
  const first = scope
    .getByRole('listbox', { name: `${label} suggestions` })
    .getByRole('option')
    .first();
  await scope.getByRole('combobox', { name: label, exact: true }).fill(typed);
  await expect.poll(() => suggestionAddress(first), POLL).toContain(typed);
  const address = await suggestionAddress(first);
  await chooseAddress(scope, label, typed, address);
  return address;
}

/** The value beside `label` in a description list inside `scope`. */
async function valueIn(scope: Locator, label: string): Promise<string> {
  const term = scope.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
  return (
    (await term.first().locator('xpath=following-sibling::dd[1]').textContent()) ?? ''
  ).trim();
}

/**
 * A guest books Heathrow T5 → Oxford on the site, back from Oxford three days later at 18:00,
 * and pays by card at the test checkout. Answers the reference, the manage link's token and
 * the return's day.
 */
async function returnTripBooked(): Promise<{ number: string; token: string; back: string }> {
  const { page } = await newVisitorPage();
  const form = await openQuoteTab(page, 'GET A QUOTE');
  await chooseAddress(
    form,
    'Pick-Up',
    'Heathrow Terminal 5',
    'Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA',
  );
  await chooseFirst(form, 'Drop-Off', 'Oxford Station');
  await form.getByRole('button', { name: 'Add Return' }).click();
  const returnLeg = form.getByRole('group', { name: 'Return Journey' });
  const back = addDays(await form.getByLabel('Pick up Date').inputValue(), 3);
  await returnLeg.getByLabel('Return Date').fill(back);
  await returnLeg.getByLabel('Return Hour').selectOption({ label: '18' });
  await returnLeg.getByLabel('Return Min').selectOption('00');
  await form.getByRole('button', { name: 'Quote', exact: true }).click();
  await waitForResults(page);
  await cards(page).first().getByRole('button', { name: 'Book Now' }).click();
  const details = page.getByRole('form', { name: 'Personal details' });
  await details.getByLabel('First Name').waitFor(POLL);
  await details.getByLabel('First Name').fill('Rosa');
  await details.getByLabel('Last Name').fill('Legg');
  await details.getByLabel('Email').fill(GUEST);
  await details.getByLabel('Number', { exact: true }).fill('+44 7700 900321');
  await details.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: BOOKING_MESSAGES.payByCard }).click();
  await page.waitForURL(/\/test-checkout\//, POLL);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/payment-success\?session_id=/, POLL);
  await page.getByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou }).waitFor(POLL);
  const number = await valueIn(page.locator('main'), 'Reference ID');
  await page.context().close();
  return { number, token: await mailedToken(number), back };
}

/** The token of the "Manage your booking" link mailed to the guest about `number`. */
async function mailedToken(number: string): Promise<string> {
  const token = async () => {
    const mails = (await readOutbox(suite.app.dataDir)).filter(
      (mail) => mail.to.includes(GUEST) && mail.subject.includes(number),
    );
    const links = mails.map(
      (mail) => new RegExp(`/manage-booking/${number}\\?token=([\\w-]+)`).exec(mail.text)?.[1],
    );
    return links.filter(Boolean).at(-1) ?? '';
  };
  await expect.poll(token, MAIL_POLL).not.toBe('');
  return token();
}

/** The passenger's booking as the API answers it now. */
async function managed(number: string, token: string) {
  const res = await fetch(`${suite.app.url}${API_BASE}/manage-booking/${number}`, {
    headers: { ...API_HEADERS, [MANAGE_TOKEN_HEADER]: token },
  });
  expect(res.status).toBe(200);
  return managedBookingResponseSchema.parse(await res.json()).booking;
}

async function newPage(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** The board's row for a job reference. */
function jobRow(page: Page, ref: string) {
  return page
    .getByRole('table', { name: 'Bookings, by pickup time' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: ref, exact: true }) });
}

/** Gives a leg the n-th driver the Assign dialog offers. */
async function assignDriver(page: Page, leg: string, index: number): Promise<string> {
  const card = page.getByRole('region', { name: new RegExp(`^${leg} leg`) });
  await card.getByRole('button', { name: 'Assign driver' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign driver' });
  const select = dialog.getByLabel('Driver');
  await select.waitFor(POLL);
  const options = await select
    .locator('option:not([value=""]):not([disabled])')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  await select.selectOption(options[index]!);
  const name = ((await select.locator('option:checked').textContent()) ?? '').split(' (')[0]!;
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await dialog.waitFor({ state: 'detached', ...POLL });
  return name;
}

async function press(page: Page, leg: string, button: string) {
  const group = page.getByRole('group', { name: `Next steps for the ${leg} leg` });
  await group.getByRole('button', { name: button }).click();
  // Complete asks first (the pickup, tomorrow, has not come), and so does On the way (more than
  // 12 hours before it).
  if (button === 'Complete' || button === 'On the way') {
    const ask = page.getByRole('dialog');
    await ask.getByRole('button', { name: button, exact: true }).click();
    await ask.waitFor({ state: 'detached', ...POLL });
  }
  await page
    .getByRole('region', { name: new RegExp(`^${leg} leg`, 'i') })
    .getByRole('status')
    .getByText(/is now/)
    .waitFor(POLL);
}

describe('a return trip as two jobs', () => {
  it('is dispatched leg by leg, and the passenger cancels the return journey alone', async () => {
    const { number, token, back } = await returnTripBooked();
    const page = await newPage();
    await page.goto(`${suite.app.url}/operator/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor(POLL);

    // The board: two jobs, each under its own pickup date.
    await page.getByLabel('Search').fill(number);
    // The search has been applied (it is in the address, after its debounce) and the board shows
    // this booking's two jobs only: a click before then races the search's own navigation.
    await page.waitForURL(new RegExp(`[?&]q=${number}`), POLL);
    const rows = page.getByRole('table', { name: 'Bookings, by pickup time' }).getByRole('row');
    await expect.poll(() => rows.count(), POLL).toBe(3);
    await jobRow(page, `${number}-R`).waitFor(POLL);
    const outwardRow = jobRow(page, number);
    const returnRow = jobRow(page, `${number}-R`);
    expect(await outwardRow.getByRole('cell').nth(0).textContent()).toBe('Outward');
    expect(await returnRow.getByRole('cell').nth(0).textContent()).toBe('Return');
    expect(await returnRow.textContent()).toContain(formatDay(back));

    // The return leg's page: the booking opened on that leg.
    await returnRow.getByRole('link', { name: `${number}-R` }).click();
    await page.waitForURL(new RegExp(`/operator/bookings/${number}\\?leg=return`), POLL);
    await page.getByRole('heading', { level: 3, name: `Return leg — ${number}-R` }).waitFor(POLL);
    await press(page, 'outward', 'Confirm');
    await press(page, 'return', 'Confirm');
    const first = await assignDriver(page, 'Outward', 0);
    const second = await assignDriver(page, 'Return', 1);
    expect(first).not.toBe(second);
    for (const step of ['On the way', 'Arrived', 'Passenger on board', 'Complete']) {
      await press(page, 'outward', step);
    }
    const returnCard = page.getByRole('region', { name: `Return leg — ${number}-R` });
    expect(await returnCard.textContent()).toContain('Driver assigned');
    expect(await returnCard.textContent()).toContain(second);

    // The passenger: each journey on their page; the return cancelled alone, its refund stated.
    const passenger = await newPage();
    await passenger.goto(`${suite.app.url}/manage-booking/${number}?token=${token}`);
    const journeys = passenger.getByRole('region', { name: 'Your journeys' });
    await journeys.waitFor(POLL);
    expect(await journeys.getByRole('region').count()).toBe(2);
    const back2 = journeys.getByRole('region', { name: `Return journey — ${number}-R` });

    // The return journey's time moved, priced again: only that leg goes back to the operator.
    const change = passenger.getByRole('form', { name: 'Change booking' });
    await change.getByLabel('Return journey').check();
    await expect.poll(() => change.getByLabel('Pickup time').inputValue(), POLL).toBe('18:00');
    await change.getByLabel('Pickup time').fill('19:30');
    await change.getByRole('button', { name: 'Review changes' }).click();
    const review = passenger.getByRole('region', { name: 'Review your changes' });
    await review.getByText('New price').waitFor(POLL);
    await review.getByRole('button', { name: 'Confirm changes' }).click();
    await passenger.getByText('Your booking has been changed.').waitFor(POLL);
    await expect.poll(async () => back2.textContent(), POLL).toContain('19:30');
    expect(await back2.textContent()).toContain('Pending');

    // Paid by card: the return journey's share of the price, stated before anything happens.
    const before = await managed(number, token);
    const share = Math.floor(Math.round(before.booking.booking.total_booking_amount * 100) / 2);
    expect(Math.round(before.cancellation!.refund * 100)).toBe(share);
    await passenger.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = passenger.getByRole('dialog', { name: `Cancel booking ${number}` });
    // The outward journey is over: cancelling now is the return journey's, and says so.
    await dialog
      .getByText('Your outward journey is over: this cancels your return journey.')
      .waitFor(POLL);
    await dialog
      .getByText(formatMoney(pence(share)), { exact: false })
      .first()
      .waitFor(POLL);
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    await dialog.waitFor({ state: 'detached', ...POLL });
    await expect.poll(async () => back2.textContent(), POLL).toContain('Cancelled');
    const after = await managed(number, token);
    expect(after.jobs.map((job) => job.status)).toEqual(['completed', 'cancelled']);
    expect(after.status).toBe('completed');
    expect(Math.round(after.paid_amount * 100)).toBe(
      Math.round(before.booking.booking.total_booking_amount * 100) - share,
    );

    // The board: the outward leg Completed, the return Cancelled.
    await page.goto(`${suite.app.url}/operator/bookings?q=${number}`);
    await jobRow(page, `${number}-R`).waitFor(POLL);
    await expect
      .poll(async () => [await outwardRow.textContent(), await returnRow.textContent()], POLL)
      .toEqual([expect.stringContaining('Completed'), expect.stringContaining('Cancelled')]);
    await passenger.context().close();
    await page.context().close();
  });
});
