import { describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { priceDetailsResponseSchema } from '../../src/contract/quotes';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { addDays, todayInLondon } from '../../src/domain/uk-time';
import { settle, violations } from './axe';
import { API_HEADERS, useServedAppAndBrowser, type Page } from './harness';

/**
 * The Prices page in Chromium against the real server (issue 33): the manager raises the
 * saloon's base fare by £10, sees today's price and the new one with why in Try a quote, saves,
 * and a public quote for its saloon is £10 dearer; Restore puts the price back.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };
const manager = DEMO_OPERATORS.find((operator) => operator.role === 'manager')!;
const admin = DEMO_OPERATORS.find((operator) => operator.role === 'admin')!;
const COMPANY = manager.company!;
const PICKUP = 'Heathrow Airport Terminal 5';
const DROPOFF = 'Gatwick Airport South Terminal';
const DAY = addDays(todayInLondon(new Date()), 10);

/** The public price of the company's saloon, in pence, as the results page is given it. */
async function publicSaloonPence(): Promise<number> {
  const res = await fetch(`${suite.app.url}${API_BASE}${API_PATHS.calculateDistancePrice}`, {
    method: 'POST',
    headers: { ...API_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({
      pickup: PICKUP,
      dropoff: DROPOFF,
      pickup_date: DAY,
      pickup_hour: '10am',
      pickup_min: '15',
      passengers: '1',
      select_option: 'one_way',
    }),
  });
  expect(res.status).toBe(200);
  const details = priceDetailsResponseSchema.parse(await res.json()).price_details;
  const saloon = details.find((d) => d.company_name === COMPANY && d.vehicle_type === 'Saloon');
  if (!saloon) throw new Error('No saloon offer from the company');
  return Math.round(saloon.final_price * 100);
}

async function signIn(page: Page, who: { email: string; password: string } = manager) {
  await page.goto(`${suite.app.url}/operator/login?next=/operator/prices`);
  await page.getByLabel('Email').waitFor(POLL);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Prices' }).waitFor(POLL);
}

describe('the Prices page', () => {
  it('raises the saloon base fare by £10 with a preview, saves it for public quotes, and restores it', async () => {
    const before = await publicSaloonPence();
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    await page.getByLabel('Vehicle category').selectOption({ label: 'Saloon' });
    const base = page.getByLabel('Base fare (£)');
    const oldBase = Number(await base.inputValue());
    await base.fill(String(oldBase + 10));

    await page.getByLabel('Pickup', { exact: true }).fill(PICKUP);
    await page.getByLabel('Drop-off').fill(DROPOFF);
    await page.getByLabel('Pickup date').fill(DAY);
    await page.getByLabel('Pickup hour').selectOption('11pm');
    await page.getByLabel('Pickup minute').selectOption('10');
    await page.getByRole('button', { name: 'Try a quote' }).click();
    const today = page.getByRole('region', { name: "Today's price" });
    const changed = page.getByRole('region', { name: 'With your changes' });
    await today
      .getByText('pickup 23:10 is inside 22:00–06:00', { exact: false })
      .first()
      .waitFor(POLL);
    await expect
      .poll(() =>
        changed
          .getByText(/miles: base fare £/)
          .first()
          .textContent(),
      )
      .toContain(`base fare £${(oldBase + 10).toFixed(2)}`);
    await settle(page);
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save Saloon card' }).click();
    await page.getByText('The Saloon card is saved.').waitFor(POLL);
    // A day journey: no uplift on the fare, so exactly £10.
    expect(await publicSaloonPence()).toBe(before + 1000);

    await page.getByRole('button', { name: /^Restore version 1$/ }).click();
    await page.getByText('Version 1 is restored.').waitFor(POLL);
    expect(await publicSaloonPence()).toBe(before);
    await context.close();
  });

  it("shows the admin every company's prices, the zones and the bank holidays, accessibly", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, admin);
    await page.getByLabel('Company').selectOption({ label: 'Northern Star Chauffeurs' });
    await page.getByRole('heading', { level: 2, name: 'Zones' }).waitFor(POLL);
    await page.getByText('Heathrow Airport (LHR):').waitFor(POLL);
    // The zones drawn on the route sketch, each named to a screen reader.
    const sketch = page.getByRole('img', { name: /^Zones on a sketch of Great Britain/ });
    expect(await sketch.getAttribute('aria-label')).toMatch(
      /Heathrow Airport \(LHR\), [\d.]+ km, airport/,
    );
    expect(await sketch.locator('[data-zone]').count()).toBeGreaterThan(1);
    await page.getByRole('heading', { level: 2, name: 'Bank holidays' }).waitFor(POLL);
    await page.getByRole('button', { name: 'Save Saloon card' }).waitFor(POLL);
    await settle(page);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
