import { describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { REQUEST_MESSAGES } from '../../src/domain/console-requests';
import { SUBMISSION_MESSAGES } from '../../src/domain/messages';
import { addDays, todayInLondon } from '../../src/domain/uk-time';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { noViolations } from './axe';
import { readOutbox } from './booking-api';
import { API_HEADERS, useServedAppAndBrowser, type Page } from './harness';

/**
 * The console's Requests and Mail (issue 33) in Chromium against the real server: a visitor's
 * Contact Us message is answered from Requests and the reply leaves through the outbox and is
 * on the Mail page; Book this opens New booking filled in from a Quote Now request and links
 * the booking to it. Every page and dialog is axe-clean, and used by keyboard alone.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };
/** Mail leaves through the outbox's background pass a few seconds after the change. */
const MAIL_POLL = { timeout: 20_000, interval: 250 };
const admin = DEMO_OPERATORS.find((operator) => operator.role === 'admin')!;

async function newPage(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Focuses `locator`'s element and presses Enter: a keyboard user's click. */
async function press(page: Page, locator: ReturnType<Page['getByRole']>): Promise<void> {
  await locator.waitFor(POLL);
  await locator.focus();
  await page.keyboard.press('Enter');
}

async function signInByKeyboard(page: Page): Promise<void> {
  await page.goto(`${suite.app.url}/operator/login`);
  await page.getByLabel('Email').waitFor(POLL);
  await page.getByLabel('Email').focus();
  await page.keyboard.type(admin.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(admin.password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor(POLL);
}

/** Opens a console page from its navigation link, by keyboard. */
async function openFromNav(page: Page, name: 'Requests' | 'Mail'): Promise<void> {
  await press(page, page.getByRole('link', { name, exact: true }));
  await page.getByRole('heading', { level: 1, name }).waitFor(POLL);
}

describe('the console’s Requests and Mail', () => {
  it('answers a Contact Us message: the reply is in the outbox and on the Mail page', async () => {
    const visitor = await newPage();
    const email = `ada.${Date.now()}@example.com`;
    await visitor.goto(`${suite.app.url}/contactus`);
    await visitor.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor(POLL);
    await visitor.getByLabel('First Name', { exact: true }).fill('Ada');
    await visitor.getByLabel('Last Name', { exact: true }).fill('Lovelace');
    await visitor.getByLabel('Email', { exact: true }).fill(email);
    await visitor.getByLabel('Query Reason', { exact: true }).selectOption('Lost Item');
    await visitor
      .getByLabel('Additional Comments', { exact: true })
      .fill('Umbrella left in the car');
    await visitor.getByRole('button', { name: 'SUBMIT' }).click();
    await visitor
      .getByRole('alertdialog', { name: SUBMISSION_MESSAGES.formSubmittedTitle })
      .waitFor(POLL);
    await visitor.context().close();

    const page = await newPage();
    await signInByKeyboard(page);
    await openFromNav(page, 'Requests');
    const card = page.getByRole('article', { name: 'Contact Us request from Ada Lovelace' });
    await card.getByText('Umbrella left in the car').waitFor(POLL);
    await noViolations(page);

    await press(page, card.getByRole('button', { name: 'Reply to Ada Lovelace' }));
    const dialog = page.getByRole('dialog', { name: 'Reply to Ada Lovelace' });
    await dialog.waitFor(POLL);
    // An empty reply is refused under its field, and nothing is sent.
    await press(page, dialog.getByRole('button', { name: 'Send reply' }));
    await dialog.getByText(REQUEST_MESSAGES.replyRequired).waitFor(POLL);
    await noViolations(page);
    await dialog.getByLabel('Your reply').focus();
    await page.keyboard.type('We found your umbrella. Collect it at the office any day.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText(`Your reply to ${email} is on its way.`).waitFor(POLL);
    await card.getByText('Replied', { exact: true }).waitFor(POLL);
    await card.getByText('We found your umbrella. Collect it at the office any day.').waitFor();
    await card.getByText(new RegExp(`^${admin.name}, `)).waitFor();

    await expect
      .poll(async () => {
        const sent = await readOutbox(suite.app.dataDir);
        return sent
          .filter((mail) => mail.to === email && mail.subject === 'Re: your message')
          .map((mail) => mail.text.includes('We found your umbrella.'));
      }, MAIL_POLL)
      .toEqual([true]);

    await openFromNav(page, 'Mail');
    const row = page
      .getByRole('row')
      .filter({ hasText: email })
      .filter({ hasText: 'Re: your message' });
    await row.getByText('Sent', { exact: true }).waitFor(MAIL_POLL);
    await noViolations(page);
    await press(
      page,
      row.getByRole('button', { name: `Send again: Re: your message, to ${email}` }),
    );
    await page.getByRole('status').getByText(`A copy to ${email} is queued`).waitFor(POLL);
    await page.context().close();
  });

  it('Book this opens New booking filled in from a Quote Now request and links the booking', async () => {
    const pickupDate = addDays(todayInLondon(new Date()), 3);
    const sent = await fetch(`${suite.app.url}${API_BASE}${API_PATHS.sendInstantEmail}`, {
      method: 'POST',
      headers: { ...API_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({
        pickup_address: 'Reading Station, RG1 1LZ',
        dropoff_address: 'Heathrow Airport Terminal 5, TW6 2GA',
        pickup_date: pickupDate,
        pickup_time: '10:00',
        passenger_email: 'grace.hopper@example.co.uk',
        passenger_phone: '+44 7700 900123',
        passenger_name: 'Grace Hopper',
        additional_info: 'Two child seats, please',
        passengers: 3,
        luggages: 2,
      }),
    });
    expect(sent.status).toBe(200);

    const page = await newPage();
    await signInByKeyboard(page);
    await openFromNav(page, 'Requests');
    const card = page.getByRole('article', { name: 'Quote Now request from Grace Hopper' });
    await press(page, card.getByRole('link', { name: 'Book this for Grace Hopper' }));
    await page.getByRole('heading', { level: 1, name: 'New booking' }).waitFor(POLL);
    await page.getByText(/From Quote Now request \d+ by Grace Hopper/).waitFor(POLL);
    const pickup = page.getByRole('combobox', { name: 'Pickup address' });
    expect(await pickup.inputValue()).toBe('Reading Station, RG1 1LZ');
    expect(await page.getByRole('combobox', { name: 'Drop-off address' }).inputValue()).toBe(
      'Heathrow Airport Terminal 5, TW6 2GA',
    );
    expect(await page.getByLabel('Pickup date').inputValue()).toBe(pickupDate);
    const hour = page.getByLabel('Pickup hour');
    expect(await hour.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text)).toBe('10');
    expect(await page.getByLabel('Pickup minute').inputValue()).toBe('00');
    expect(await page.getByLabel('Passengers').inputValue()).toBe('3');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Grace Hopper');
    expect(await page.getByLabel('Email').inputValue()).toBe('grace.hopper@example.co.uk');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+44 7700 900123');
    await noViolations(page);

    await press(page, page.getByRole('button', { name: 'Get prices' }));
    const vehicles = page.getByRole('radiogroup', { name: 'Vehicle' });
    await vehicles.waitFor(POLL);
    await vehicles.getByRole('radio').first().check();
    await press(page, page.getByRole('button', { name: 'Create booking' }));
    await page.waitForURL(/\/operator\/bookings\/\d+$/, POLL);
    const bookingNumber = /\/(\d+)$/.exec(new URL(page.url()).pathname)![1]!;

    // The booking names the request it was made from, and leads back to it.
    await press(page, page.getByRole('link', { name: /^Quote Now request \d+ by Grace Hopper$/ }));
    await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor(POLL);
    await page.getByText(`The request booking ${bookingNumber} was made from.`).waitFor(POLL);
    const booked = page.getByRole('article', { name: 'Quote Now request from Grace Hopper' });
    await booked.getByRole('link', { name: bookingNumber }).waitFor(POLL);
    await booked.getByText('Closed', { exact: true }).waitFor();
    expect(await booked.getByRole('link', { name: /Book this/ }).count()).toBe(0);
    expect(await page.getByRole('article').count()).toBe(1);
    await noViolations(page);
    await page.context().close();
  });
});
