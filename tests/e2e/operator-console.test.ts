import { describe, expect, it } from 'vitest';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { addDays, todayInLondon } from '../../src/domain/uk-time';
import { settle, violations } from './axe';
import { useServedAppAndBrowser, type Page } from './harness';

/**
 * The operator console in Chromium against the real server and its seeded demo accounts:
 * every screen and dialog axe-clean, and the board's rows reachable by keyboard.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };
const priya = DEMO_OPERATORS.find((operator) => operator.name === 'Priya Shah')!;

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await suite.browser.newContext({ viewport });
  return context.newPage();
}

async function noViolations(page: Page): Promise<void> {
  await settle(page);
  expect(await violations(page)).toEqual([]);
}

describe('the operator console', () => {
  it('signs in, takes a phone booking, and every screen and dialog is accessible', async () => {
    const page = await newPage();
    await page.goto(`${suite.app.url}/operator/bookings?view=upcoming`);
    await page.getByRole('heading', { level: 1, name: /Sign in/ }).waitFor(POLL);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/operator/bookings?view=upcoming');
    await noViolations(page);

    await page.getByLabel('Email').fill(priya.email);
    await page.getByLabel('Password').fill(priya.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor(POLL);
    expect(new URL(page.url()).search).toBe('?view=upcoming');
    await page.getByRole('button', { name: 'All' }).click();
    await page.getByRole('table', { name: 'Bookings, by pickup time' }).waitFor(POLL);
    await noViolations(page);

    // Tab from the search box reaches the table's region, then the first booking's reference.
    await page.getByLabel('Search').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      tag: document.activeElement?.tagName,
      href: document.activeElement?.getAttribute('href'),
    }));
    expect(focused.tag).toBe('A');
    expect(focused.href).toMatch(/^\/operator\/bookings\/\d+$/);

    await page.getByRole('link', { name: 'New booking' }).click();
    await page.getByRole('heading', { level: 1, name: 'New booking' }).waitFor(POLL);
    await noViolations(page);
    await page.getByLabel('Pickup address').fill('Reading Station, RG1 1LZ');
    await page.getByLabel('Drop-off address').fill('Heathrow Airport Terminal 5, TW6 2GA');
    await page.getByLabel('Pickup date').fill(addDays(todayInLondon(new Date()), 3));
    await page.getByLabel('Pickup hour').selectOption({ label: '10' });
    await page.getByLabel('Pickup minute').selectOption('00');
    await page.getByRole('button', { name: 'Get prices' }).click();
    const vehicles = page.getByRole('radiogroup', { name: 'Vehicle' });
    await vehicles.waitFor(POLL);
    await noViolations(page);
    await vehicles
      .getByLabel(/Heathrow Executive Cars/)
      .first()
      .check();
    await page.getByLabel('Name', { exact: true }).fill('Eleanor Hart');
    await page.getByLabel('Email').fill('eleanor.hart@example.co.uk');
    await page.getByLabel('Phone').fill('+44 7700 900456');
    await page.getByLabel('On account').check();
    await page.getByRole('button', { name: 'Create booking' }).click();
    await page.getByRole('heading', { level: 1, name: /^Booking \d+$/ }).waitFor(POLL);
    await page.getByRole('heading', { level: 2, name: 'History' }).waitFor(POLL);
    await noViolations(page);

    // Confirmed from the start: the next steps are Assign driver and Cancel booking.
    const steps = page.getByRole('group', { name: 'Next steps' });
    await expect
      .poll(() => steps.getByRole('button').allTextContents(), POLL)
      .toEqual(['Assign driver', 'Cancel booking']);

    const cancel = steps.getByRole('button', { name: 'Cancel booking' });
    await cancel.click();
    const cancelDialog = page.getByRole('dialog', { name: 'Cancel this booking' });
    await cancelDialog.waitFor(POLL);
    await expect
      .poll(
        () => cancelDialog.getByLabel('Reason').evaluate((el) => el === document.activeElement),
        POLL,
      )
      .toBe(true);
    await noViolations(page);
    await page.keyboard.press('Escape');
    await cancelDialog.waitFor({ state: 'detached', ...POLL });
    await expect.poll(() => cancel.evaluate((b) => b === document.activeElement), POLL).toBe(true);

    await steps.getByRole('button', { name: 'Assign driver' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign driver' });
    await assign.getByLabel('Driver').waitFor(POLL);
    await noViolations(page);
    const expired = assign.getByRole('option', { name: /licence expired/ });
    expect(await expired.isDisabled()).toBe(true);
    await assign.getByLabel('Driver').selectOption({ label: 'James Okafor (LB71 XKE)' });
    expect(await assign.getByLabel('Vehicle registration').inputValue()).toBe('LB71 XKE');
    await assign.getByRole('button', { name: 'Assign' }).click();
    await assign.waitFor({ state: 'detached', ...POLL });
    await expect
      .poll(() => steps.getByRole('button').allTextContents(), POLL)
      .toEqual(['Assign driver', 'On the way', 'Cancel booking']);

    await page.getByRole('link', { name: 'Drivers' }).click();
    await page.getByRole('table', { name: 'Drivers' }).waitFor(POLL);
    await noViolations(page);
    await page.getByRole('button', { name: 'Add driver' }).click();
    await page.getByRole('dialog', { name: 'Add driver' }).getByLabel('Name').waitFor(POLL);
    await noViolations(page);
    await page.keyboard.press('Escape');

    // On a tablet held upright the board fits: the table scrolls inside its own region.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByRole('link', { name: 'Bookings' }).click();
    await page.getByRole('table', { name: 'Bookings, by pickup time' }).waitFor(POLL);
    await noViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      820,
    );
    await page.context().close();
  });
});
