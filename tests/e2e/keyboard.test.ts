import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import {
  BOOKING_MESSAGES,
  CORPORATE_MESSAGES,
  SUBMISSION_MESSAGES,
} from '../../src/domain/messages';
import { DEMO_CORPORATE } from '../../src/server/db/seed-data/corporate';
import { useServedAppAndBrowser, type Page } from './harness';
import { suggestionAddress } from './quote-steps';

/**
 * Every flow by keyboard alone: Tab and Shift+Tab to reach a control, Enter, Space, the arrow
 * keys and Escape to use it, and typing into what has focus. No clicks, and nothing is filled
 * or focused from outside the page.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await suite.browser.newContext({ viewport, locale: 'en-GB' });
  return context.newPage();
}

const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, and checks that the focus is
 * visible there: the browser matches :focus-visible and paints an outline or a ring.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  await target.waitFor(POLL);
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) {
      await expectVisibleFocus(target);
      return;
    }
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
}

async function expectVisibleFocus(target: Locator) {
  const focus = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      focusVisible: el.matches(':focus-visible'),
      painted:
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none',
    };
  });
  expect(focus, String(target)).toEqual({ focusVisible: true, painted: true });
}

/** Where focus is: inside the open dialog (role dialog or alertdialog) or not. */
const focusInDialog = (page: Page) =>
  page.evaluate(() =>
    Boolean(document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')),
  );

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect.poll(() => field.inputValue(), POLL).toBe(text);
}

/** Tabs to an address combobox, types, and picks the first suggestion with Arrow Down, Enter. */
async function pickAddress(page: Page, box: Locator, typed: string, suggestion: string) {
  await tabTo(page, box);
  await page.keyboard.type(typed);
  const listbox = page.locator(`[id="${await box.getAttribute('aria-controls')}"]`);
  await expect
    .poll(() => suggestionAddress(listbox.getByRole('option').first()), POLL)
    .toBe(suggestion);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => box.getAttribute('aria-activedescendant'), POLL).toBeTruthy();
  await page.keyboard.press('Enter');
  await expect.poll(() => box.inputValue(), POLL).toBe(suggestion);
  await expect.poll(() => box.getAttribute('aria-expanded'), POLL).toBe('false');
}

/**
 * A date at least two days ahead whose day and month are the same number (e.g. 12 December):
 * its digits type the same whichever order the browser's date field shows (dd/mm/yyyy or
 * mm/dd/yyyy, which follows Chromium's own locale, not the page's). ISO for the field's value.
 */
function sameDayAndMonthAhead(): { iso: string; typed: string } {
  for (let days = 2; ; days += 1) {
    const date = new Date(Date.now() + days * 24 * 3600 * 1000);
    if (date.getUTCDate() !== date.getUTCMonth() + 1) continue;
    const iso = date.toISOString().slice(0, 10);
    const [year, month, day] = iso.split('-');
    return { iso, typed: `${day}${month}${year}` };
  }
}

describe('keyboard only', () => {
  it('skips to the main content, and the phone menu drawer traps focus and closes on Escape', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(suite.app.url);
    await page.getByRole('heading', { name: 'Popular Locations' }).waitFor(POLL);

    // The first Tab reaches the skip link, which shows, and Enter moves focus to the main.
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await tabTo(page, skip, { max: 1 });
    await page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(page.getByRole('main')), POLL).toBe(true);

    const toggle = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, toggle, { back: true });
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Our Fleet' }).waitFor(POLL);
    await expect.poll(() => focusInDialog(page), POLL).toBe(true);
    // The page behind is hidden from the accessibility tree now: find the toggle by its markup.
    expect(await page.locator('button[aria-label="Open menu"]').getAttribute('aria-expanded')).toBe(
      'true',
    );
    // Focus goes round inside the drawer, forwards and backwards, and never behind it.
    const stops = (await drawer.locator('a[href], button').count()) + 1;
    for (let press = 0; press < stops * 2; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    for (let press = 0; press < stops; press += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', ...POLL });
    await expect.poll(() => hasFocus(toggle), POLL).toBe(true);
    await expectVisibleFocus(toggle);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // A link chosen with Enter navigates and closes the drawer.
    await page.keyboard.press('Space');
    const fleet = drawer.getByRole('link', { name: 'Our Fleet' });
    await tabTo(page, fleet);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.app.url}/ourfleet`, POLL);
    await drawer.waitFor({ state: 'hidden', ...POLL });
    await page.context().close();
  });

  it('quotes on the home form, chooses a vehicle, gives details and books, paying in the car', async () => {
    const page = await newPage();
    await page.goto(suite.app.url);
    // Hourly Rate is the tab active on arrival: the arrow keys move to GET A QUOTE.
    const hourly = page.getByRole('tab', { name: 'Hourly Rate' });
    await expect.poll(() => hourly.getAttribute('aria-selected'), POLL).toBe('true');
    await tabTo(page, hourly);
    await page.keyboard.press('ArrowLeft');
    const mileageTab = page.getByRole('tab', { name: 'GET A QUOTE' });
    await expect.poll(() => mileageTab.getAttribute('aria-selected'), POLL).toBe('true');
    expect(await hasFocus(mileageTab)).toBe(true);

    const form = page.getByRole('tabpanel', { name: 'GET A QUOTE' });
    await pickAddress(
      page,
      form.getByRole('combobox', { name: 'Pick-Up', exact: true }),
      'Heathrow Terminal 5',
      'Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA',
    );
    await pickAddress(
      page,
      form.getByRole('combobox', { name: 'Drop-Off', exact: true }),
      'Gatwick',
      'Gatwick Airport (LGW), Crawley RH6 0NP',
    );
    // Two passengers, a week ahead at 14:35, by typing into the selects and the date.
    const passengers = form.getByLabel('Passengers', { exact: true });
    await tabTo(page, passengers);
    await page.keyboard.type('2');
    await expect.poll(() => passengers.inputValue(), POLL).toBe('2');
    const date = sameDayAndMonthAhead();
    const pickupDate = form.getByLabel('Pick up Date');
    await tabTo(page, pickupDate);
    await page.keyboard.type(date.typed);
    await expect.poll(() => pickupDate.inputValue(), POLL).toBe(date.iso);
    const hour = form.getByLabel('Hour', { exact: true });
    await tabTo(page, hour);
    await page.keyboard.type('14');
    await expect.poll(() => hour.inputValue(), POLL).toBe('2pm');
    const minute = form.getByLabel('Min', { exact: true });
    await tabTo(page, minute);
    await page.keyboard.type('35');
    await expect.poll(() => minute.inputValue(), POLL).toBe('35');
    await tabTo(page, form.getByRole('button', { name: 'Quote', exact: true }));
    await page.keyboard.press('Enter');

    await page.waitForURL(`${suite.app.url}/quotationview`, POLL);
    const cards = page.getByRole('region', { name: 'Vehicles' }).getByRole('article');
    await cards.first().waitFor(POLL);
    await tabTo(page, cards.first().getByRole('button', { name: 'Book Now' }), { max: 60 });
    await page.keyboard.press('Enter');

    await page.waitForURL(`${suite.app.url}/personalDetailView`, POLL);
    const details = page.getByRole('form', { name: 'Personal details' });
    const guest = details.getByRole('radio', { name: 'Guest' });
    await tabTo(page, guest);
    expect(await guest.isChecked()).toBe(true);
    // Next with nothing filled in: a dialog says what is missing, Enter closes it, focus is back.
    const next = details.getByRole('button', { name: 'Next' });
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    const problem = page.getByRole('alertdialog');
    await problem.waitFor(POLL);
    await expect.poll(() => focusInDialog(page), POLL).toBe(true);
    await page.keyboard.press('Enter');
    await problem.waitFor({ state: 'detached', ...POLL });
    await expect.poll(() => hasFocus(next), POLL).toBe(true);
    expect(page.url()).toBe(`${suite.app.url}/personalDetailView`);

    await tabTo(page, guest, { back: true, max: 60 });
    await typeInto(page, details.getByLabel('First Name'), 'Amelia');
    await typeInto(page, details.getByLabel('Last Name'), 'Clarke');
    await typeInto(page, details.getByLabel('Email'), 'amelia.keys@example.com');
    await typeInto(page, details.getByLabel('Number', { exact: true }), '+44 7700 900123');
    await typeInto(
      page,
      details.getByLabel('Flight Number / Train Station / Sea Port / Ferry Name'),
      'BA283',
    );
    await tabTo(page, next);
    await page.keyboard.press('Enter');

    await page.waitForURL(`${suite.app.url}/paymentview`, POLL);
    await page.getByRole('cell', { name: 'amelia.keys@example.com' }).waitFor(POLL);
    await tabTo(page, page.getByRole('button', { name: BOOKING_MESSAGES.payInCar }));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou }).waitFor(POLL);
    const reference = page
      .locator('dt')
      .filter({ hasText: /^Reference ID$/ })
      .first()
      .locator('xpath=following-sibling::dd[1]');
    expect((await reference.textContent())?.trim()).toMatch(/^\d{9}$/);
    // Back home by keyboard too.
    await tabTo(page, page.getByRole('link', { name: 'Back to Home' }), { max: 80 });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.app.url}/`, POLL);
    await page.context().close();
  });

  it('signs in to the corporate area, opens a booking and closes it with Escape', async () => {
    const page = await newPage();
    await page.goto(`${suite.app.url}/bookings`);
    await page.waitForURL(`${suite.app.url}/login?redirect=%2Fbookings`, POLL);
    await typeInto(page, page.getByLabel('Username'), DEMO_CORPORATE.email);
    await typeInto(page, page.getByLabel('Password'), DEMO_CORPORATE.password);
    // Enter in the password field submits the form.
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alertdialog', { name: 'Success' });
    await alert.getByText(CORPORATE_MESSAGES.loginSuccess).waitFor(POLL);
    await expect.poll(() => focusInDialog(page), POLL).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.app.url}/bookings`, POLL);

    const details = page.getByRole('button', { name: 'Details of booking 710000002' });
    await tabTo(page, details, { max: 80 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Booking Details' });
    await dialog.waitFor(POLL);
    await expect.poll(() => focusInDialog(page), POLL).toBe(true);
    await dialog.getByText('22:45').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...POLL });
    await expect.poll(() => hasFocus(details), POLL).toBe(true);

    // Space opens it as well; the Close button, reached by Tab, closes it.
    await page.keyboard.press('Space');
    await dialog.waitFor(POLL);
    await tabTo(page, dialog.getByRole('button', { name: 'Close' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', ...POLL });
    await expect.poll(() => hasFocus(details), POLL).toBe(true);
    await page.context().close();
  });

  it('sends a contact message', async () => {
    const page = await newPage();
    await page.goto(`${suite.app.url}/contactus`);
    const form = page.getByRole('form', { name: 'Contact Us' });
    await form.waitFor(POLL);
    await typeInto(page, form.getByLabel('First Name', { exact: true }), 'Ada');
    await typeInto(page, form.getByLabel('Last Name', { exact: true }), 'Lovelace');
    await typeInto(
      page,
      form.getByLabel('Email', { exact: true }),
      `ada-${randomUUID()}@example.com`,
    );
    await typeInto(page, form.getByLabel('Telephone', { exact: true }), '07700900456');
    const reason = form.getByLabel('Query Reason', { exact: true });
    await tabTo(page, reason);
    await page.keyboard.type('Lost');
    await expect.poll(() => reason.inputValue(), POLL).toBe('Lost Item');
    await typeInto(page, form.getByLabel('Booking Number', { exact: true }), '100234');
    await typeInto(page, form.getByLabel('Additional Comments', { exact: true }), 'Umbrella');
    await tabTo(page, form.getByRole('button', { name: 'SUBMIT' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: SUBMISSION_MESSAGES.formSubmittedTitle });
    await dialog.getByText(SUBMISSION_MESSAGES.formSubmitted).waitFor(POLL);
    await expect.poll(() => focusInDialog(page), POLL).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...POLL });
    await expect.poll(() => form.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    await page.context().close();
  });

  it('sends a quote request', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${suite.app.url}/quoteView`);
    const form = page.getByRole('form', { name: 'Quote Now' });
    await form.waitFor(POLL);
    await pickAddress(
      page,
      form.getByRole('combobox', { name: 'Pick up' }),
      'Paddington',
      'London Paddington Station, W2 1HQ',
    );
    await pickAddress(
      page,
      form.getByRole('combobox', { name: 'Drop Off' }),
      'Heathrow Terminal 5',
      'Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA',
    );
    const date = sameDayAndMonthAhead();
    const dateField = form.getByLabel('Date', { exact: true });
    await tabTo(page, dateField);
    await page.keyboard.type(date.typed);
    await expect.poll(() => dateField.inputValue(), POLL).toBe(date.iso);
    const time = form.getByLabel('Time', { exact: true });
    await tabTo(page, time);
    await page.keyboard.type('1430');
    await expect.poll(() => time.inputValue(), POLL).toBe('14:30');
    await typeInto(
      page,
      form.getByLabel('Email', { exact: true }),
      `grace-${randomUUID()}@example.com`,
    );
    await typeInto(page, form.getByLabel('Telephone', { exact: true }), '07700900123');
    await typeInto(page, form.getByLabel('Passenger', { exact: true }), '3');
    await typeInto(page, form.getByLabel('Passenger Name', { exact: true }), 'Grace Hopper');
    await tabTo(page, form.getByRole('button', { name: 'SEND' }));
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText(SUBMISSION_MESSAGES.quoteSent).waitFor(POLL);
    await page.context().close();
  });
});
