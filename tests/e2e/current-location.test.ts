import { describe, expect, it } from 'vitest';
import { CURRENT_LOCATION_TEXT } from '../../src/domain/booking-form';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { addDays, todayInLondon } from '../../src/domain/uk-time';
import { readOutbox } from './booking-api';
import { useServedAppAndBrowser, type Page } from './harness';
import { createQuoteSteps } from './quote-steps';

/**
 * "Use my current location" on a phone: the location button fills in the hourly pickup with a
 * place a driver can find, and that place, not "Current location", is what gets booked.
 */

const suite = useServedAppAndBrowser();
const { POLL, cards } = createQuoteSteps(suite);

/** Between Heathrow's terminals. */
const AT_HEATHROW = { latitude: 51.47, longitude: -0.4543 };

/** Mail is sent by a background pass a few seconds after the booking commits. */
const MAIL_POLL = { timeout: 20_000, interval: 250 };

/** The value beside a label of the result page's booking details, e.g. 'Pickup Address'. */
async function resultValue(page: Page, label: string): Promise<string> {
  const term = page.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
  return (
    (await term.first().locator('xpath=following-sibling::dd[1]').textContent()) ?? ''
  ).trim();
}

describe('a passenger booking an hourly hire from where they stand', () => {
  it('fills the pickup with the nearest known place, and books and mails that place', async () => {
    const context = await suite.browser.newContext({
      viewport: { width: 390, height: 844 },
      geolocation: AT_HEATHROW,
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto(suite.app.url);
    const form = page.getByRole('tabpanel', { name: 'Hourly Rate' });
    const pickup = form.getByRole('combobox', { name: 'Pick-Up', exact: true });
    await pickup.waitFor(POLL);

    await form.getByRole('button', { name: 'Use my current location' }).click();
    await expect.poll(() => pickup.inputValue(), POLL).toMatch(/^Near Heathrow .*TW6 \d[A-Z]{2}$/);
    const place = await pickup.inputValue();
    await form
      .getByText(`Pickup set to your location: ${place} — check it before you quote`)
      .waitFor(POLL);

    await form.getByLabel('Pick up Date').fill(addDays(todayInLondon(new Date()), 3));
    await form.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${suite.app.url}/quotationview`, POLL);
    await cards(page).first().getByRole('button', { name: 'Book Now' }).click();
    await page.waitForURL(`${suite.app.url}/personalDetailView`, POLL);

    const details = page.getByRole('form', { name: 'Personal details' });
    await details.getByLabel('First Name').fill('Nadia');
    await details.getByLabel('Last Name').fill('Rahman');
    await details.getByLabel('Email').fill('nadia.rahman@example.com');
    await details.getByLabel('Number', { exact: true }).fill('+44 7700 900777');
    await details.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${suite.app.url}/paymentview`, POLL);
    await page.getByRole('button', { name: BOOKING_MESSAGES.payInCar }).click();

    await page.getByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou }).waitFor(POLL);
    expect(await resultValue(page, 'Booking Type')).toBe(BOOKING_MESSAGES.hourlyBooking);
    expect(await resultValue(page, 'Pickup Address')).toBe(place);
    expect(await page.locator('body').textContent()).not.toContain(CURRENT_LOCATION_TEXT);
    const reference = await resultValue(page, 'Reference ID');

    // The operator is told where to send the driver: the place and the position on a map.
    const notices = async () =>
      (await readOutbox(suite.app.dataDir)).filter(
        (mail) => mail.file.includes('operator-new-booking') && mail.text.includes(reference),
      );
    await expect.poll(async () => (await notices()).length, MAIL_POLL).toBe(1);
    const [notice] = await notices();
    expect(notice?.text).toContain(`Pickup: ${place}`);
    expect(notice?.text).toContain('Pickup map position: 51.47000, -0.45430');
    expect(notice?.text).toContain(
      'https://www.google.com/maps/search/?api=1&query=51.47000%2C-0.45430',
    );
    expect(notice?.text).not.toContain(CURRENT_LOCATION_TEXT);
    await context.close();
  });
});
