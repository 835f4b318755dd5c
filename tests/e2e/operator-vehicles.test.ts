import { describe, expect, it } from 'vitest';
import { OPERATOR_MESSAGES } from '../../src/domain/messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { noViolations } from './axe';
import { useServedAppAndBrowser, type Page } from './harness';

/**
 * The console's Vehicles page (issue 34) in Chromium on the real server: a manager adds a
 * vehicle by keyboard alone, its documents flagged as the server judges them; the page, its
 * dialog and the drivers page with their vehicles' flags are axe-clean.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };
const manager = DEMO_OPERATORS.find((operator) => operator.role === 'manager')!;
const dispatcher = DEMO_OPERATORS.find(
  (operator) => operator.role === 'dispatcher' && operator.company === manager.company,
)!;

async function newPage(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${suite.app.url}/operator/login`);
  await page.getByLabel('Email').waitFor(POLL);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor(POLL);
}

/** The label of the control that has focus (its own text for a button). */
async function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active) return '';
    const label = active.id ? document.querySelector(`label[for="${active.id}"]`) : null;
    return (
      label?.textContent ??
      active.getAttribute('aria-label') ??
      active.textContent ??
      ''
    ).trim();
  });
}

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const ukDate = (iso: string) => iso.split('-').reverse().join('/');

describe('the console vehicles', () => {
  it('lets a manager add a vehicle by keyboard, flags its documents, and every screen is axe-clean', async () => {
    const page = await newPage();
    await signIn(page, manager);
    await page.getByRole('link', { name: 'Vehicles' }).click();
    await page.getByRole('heading', { level: 1, name: 'Vehicles' }).waitFor(POLL);
    const table = page.getByRole('table', { name: 'Vehicles' });
    await table.waitFor(POLL);
    // The demo fleet: James Okafor's Mercedes is in date.
    await table.getByRole('rowheader', { name: 'LB71 XKE' }).waitFor(POLL);
    await noViolations(page);

    // Keyboard alone: to Add vehicle, open it, and fill the form in its order.
    const add = page.getByRole('button', { name: 'Add vehicle' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add vehicle' });
    await dialog.getByLabel('Registration').waitFor(POLL);
    await expect.poll(() => focusedLabel(page), POLL).toBe('Registration');
    await noViolations(page);
    const typed: [string, string][] = [
      ['Registration', 'kb26 kbd'],
      ['Make', 'Kia'],
      ['Model', 'Niro'],
      ['Colour', 'White'],
    ];
    for (const [label, text] of typed) {
      expect(await focusedLabel(page)).toBe(label);
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    expect(await focusedLabel(page)).toBe('Seats');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Vehicle category');
    await dialog.getByLabel('Vehicle category').selectOption({ label: 'Saloon' });
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('PHV vehicle licence number');
    await page.keyboard.type('HEC-V-9999');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('PHV vehicle licence expiry');
    // A date control takes its digits in the browser's own order: filled, as a person picks it.
    await dialog.getByLabel('PHV vehicle licence expiry').fill(inDays(300));
    await dialog.getByLabel('MOT expiry').fill(inDays(12));
    await dialog.getByLabel('Insurance expiry').fill(inDays(-1));
    await dialog.getByLabel('Registration').press('Enter');
    await page.getByRole('status').getByText('KB26 KBD is saved.').waitFor(POLL);
    await dialog.waitFor({ state: 'detached', ...POLL });

    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'KB26 KBD' }) });
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain('Kia Niro, White');
    expect(await row.getByText(ukDate(inDays(12))).count()).toBe(1);
    await row.getByText('Expires in 12 days').waitFor(POLL);
    await row.getByText('Expired', { exact: true }).waitFor(POLL);
    await noViolations(page);

    // The drivers page flags a usual vehicle's document nearing expiry (Sophie Turner's MOT).
    await page.getByRole('link', { name: 'Drivers', exact: true }).click();
    const drivers = page.getByRole('table', { name: 'Drivers' });
    await drivers.waitFor(POLL);
    const sophie = drivers.getByRole('row').filter({ hasText: 'Sophie Turner' });
    await sophie.getByText(/^MOT: Expires in \d+ days$/).waitFor(POLL);
    await drivers
      .getByRole('button', { name: /^Invite to the driver app: / })
      .first()
      .waitFor(POLL);
    await noViolations(page);
    await page.context().close();
  });

  it('refuses the page to a dispatcher, as the server refuses their changes', async () => {
    const page = await newPage();
    await signIn(page, dispatcher);
    expect(await page.getByRole('link', { name: 'Vehicles' }).count()).toBe(0);
    await page.goto(`${suite.app.url}/operator/vehicles`);
    await page.getByRole('heading', { level: 1, name: 'Vehicles' }).waitFor(POLL);
    await page.getByText(OPERATOR_MESSAGES.onlyRoles(['admin', 'manager'])).waitFor(POLL);
    await noViolations(page);
    await page.context().close();
  });
});
