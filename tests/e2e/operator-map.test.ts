import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { DEMO_DRIVERS, DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { noViolations } from './axe';
import { guestBookingWith, manageLinkFor, sessionApi } from './driver-journey';
import { useServedAppAndBrowser, type Page } from './harness';

/**
 * Drivers on the map (issue 34) in Chromium on the real server: the passenger's page shows the
 * car on its way; a dispatcher sees their driver on the job, on the sketch and in the table,
 * moving live as the phone sends positions; by keyboard alone they open the job and download
 * its trail as GPX. axe-clean throughout.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };
const PASSENGER = 'rowan.hughes@example.co.uk';
const COMPANY = 'Heathrow Executive Cars';
const dispatcher = DEMO_OPERATORS.find((o) => o.role === 'dispatcher' && o.company === COMPANY)!;
const james = DEMO_DRIVERS.find((driver) => driver.name === 'James Okafor')!;

/** A guest's pay-in-car booking from Paddington to Heathrow, priced by James's company. */
function bookingOfTheCompany(): Promise<string> {
  return guestBookingWith(suite.app.url, COMPANY, {
    firstName: 'Rowan',
    surname: 'Hughes',
    email: PASSENGER,
  });
}

/** The dispatcher gives James the booking and sets him on his way, as the console does. */
async function jamesOnHisWay(number: string) {
  const office = await sessionApi(suite.app.url, API_PATHS.operatorLogin, dispatcher);
  const drivers = (await office('GET', API_PATHS.operatorDrivers)) as {
    data: { id: number; name: string }[];
  };
  const driverId = drivers.data.find((driver) => driver.name === james.name)!.id;
  await office('POST', `/operator/jobs/${number}/status`, { status: 'confirmed' });
  await office('POST', `/operator/jobs/${number}/assign`, {
    driver_id: driverId,
    vehicle_registration: james.registration,
  });
  await office('POST', `/operator/jobs/${number}/status`, { status: 'en_route' });
}

/**
 * The passenger's phone on their booking's page: "Your driver", with the car and how far it is
 * (the ETA from the server's distance provider, or "on the way" until it has one).
 */
async function passengerSeesTheCar(number: string): Promise<void> {
  const address = await manageLinkFor(suite.app.dataDir, PASSENGER, number);
  const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${suite.app.url}${address.pathname}${address.search}`);
  const panel = page.getByRole('region', { name: 'Your driver' });
  await panel.waitFor(POLL);
  expect(await panel.getByRole('status').textContent()).toMatch(
    /^(About \d+ min away|Your driver is on the way)\.$/,
  );
  expect(await panel.textContent()).toContain(james.registration);
  await panel.getByRole('img', { name: /James’s car/ }).waitFor(POLL);
  await noViolations(page);
  await context.close();
}

/** Presses Tab until the focused element matches `matches` (at most `limit` presses). */
async function tabTo(page: Page, matches: () => boolean, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await page.evaluate(matches)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

describe('Drivers on the map', () => {
  it('shows the driver live, and opens the job and its GPX trail by keyboard', async () => {
    const number = await bookingOfTheCompany();
    await jamesOnHisWay(number);
    const phone = await sessionApi(suite.app.url, API_PATHS.driverLogin, james.login!);
    const sendPosition = (lat: number, lng: number) =>
      phone('POST', API_PATHS.driverLocation, {
        lat,
        lng,
        accuracy: 8,
        at: new Date().toISOString(),
      });
    await sendPosition(51.5154, -0.1755);
    await passengerSeesTheCar(number);

    const context = await suite.browser.newContext({
      viewport: { width: 1366, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/operator/login`);
    await page.getByLabel('Email').waitFor(POLL);
    await page.getByLabel('Email').fill(dispatcher.email);
    await page.getByLabel('Password').fill(dispatcher.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor(POLL);

    // The console's navigation offers the map to a dispatcher; by keyboard.
    const navLink = page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Drivers on the map' });
    await navLink.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Drivers on the map' }).waitFor(POLL);
    const table = page.getByRole('table', { name: 'Drivers on duty or on a job' });
    const row = table.getByRole('row').filter({ hasText: james.name });
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain(`${number}On the way`);
    expect(await row.textContent()).toContain('51.5154, -0.1755 (± 8 m)');
    // No Google key in the demo: the sketch of Britain names the driver.
    await page.getByRole('img', { name: /James Okafor, job/ }).waitFor(POLL);
    await page.getByText('The map updates as drivers move.').waitFor(POLL);
    await noViolations(page);

    // The phone moves on: the table follows within seconds, without a reload.
    await sendPosition(51.4934, -0.2237);
    await expect
      .poll(() => row.textContent(), { timeout: 5_000 })
      .toContain('51.4934, -0.2237 (± 8 m)');

    // Tab into the table's region, then on to the job's link, the table's first; Enter opens it.
    await tabTo(page, () => document.activeElement?.getAttribute('role') === 'region');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(number);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Booking ${number}` }).waitFor(POLL);

    // The job's trail: both positions, the GPX a real link, downloaded by keyboard.
    const trail = page.getByRole('region', { name: 'Trail' });
    await trail.getByText(/^2 positions, from /).waitFor(POLL);
    await noViolations(page);
    const gpx = trail.getByRole('link', { name: 'Download GPX' });
    expect(await gpx.getAttribute('download')).toBe(`trail-${number}.gpx`);
    await gpx.focus();
    const [download] = await Promise.all([
      page.waitForEvent('download', POLL),
      page.keyboard.press('Enter'),
    ]);
    expect(download.suggestedFilename()).toBe(`trail-${number}.gpx`);
    // The browser is remote (one Chromium for the run): the file comes back as a copy.
    const dir = mkdtempSync(join(tmpdir(), 'ridebook-gpx-'));
    const saved = join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    const file = await readFile(saved, 'utf8');
    rmSync(dir, { recursive: true, force: true });
    expect(file).toContain('<gpx');
    expect(file.match(/<trkpt /g)).toHaveLength(2);
    await context.close();
  });
});
