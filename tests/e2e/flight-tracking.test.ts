import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DRIVERS, DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { smsOutboxDir } from '../../src/server/services/texts/sms-transport';
import { hour24To12 } from '../../src/domain/time';
import { londonDateAndMinute, londonTimeOfDay } from '../../src/domain/uk-time';
import { fakeFlight, startFakeAeroApi } from '../server/fakes/aeroapi';
import { consoleSignedIn, guestBookingWith, manageLinkFor } from './driver-journey';
import { useServedAppAndBrowser, type Page } from './harness';

/**
 * Issue 35's acceptance, in Chromium on the real server and its real clock, with FlightAware
 * played by a local server speaking AeroAPI v4: a guest's Heathrow pickup carrying BA117 is
 * delayed 50 minutes; at the next look the console's board, the passenger's page, a text and
 * the driver's app all have the new meet time. The dispatcher then walks the job On the way
 * and Arrived, and the passenger gets exactly one text for each, with the registration and
 * the booking page's link.
 */
const KEY = 'aeroapi-e2e-key';
const env: Record<string, string> = {
  FLIGHTAWARE_API_KEY: KEY,
  FLIGHT_POLL_FAR_SECONDS: '2',
  FLIGHT_POLL_NEAR_SECONDS: '2',
};
let aero: Awaited<ReturnType<typeof startFakeAeroApi>>;
// Before the served app starts (hooks run in order): it is given the fake's address.
beforeAll(async () => {
  aero = await startFakeAeroApi(KEY);
  env.FLIGHTAWARE_API_BASE_URL = aero.baseUrl;
});
afterAll(async () => aero?.close());
const suite = useServedAppAndBrowser(env);

const POLL = { timeout: 20_000 };
const COMPANY = 'Heathrow Executive Cars';
const EMAIL = 'sam.okoro@example.co.uk';
const dispatcher = DEMO_OPERATORS.find((o) => o.role === 'dispatcher' && o.company === COMPANY)!;
const james = DEMO_DRIVERS.find((driver) => driver.name === 'James Okafor')!;
const MINUTE = 60_000;

/** Four hours ahead on a quarter hour, kept clear of midnight so the flight lands that day. */
function pickupTime(): Date {
  let at = Math.ceil((Date.now() + 4 * 3_600_000) / (15 * MINUTE)) * 15 * MINUTE;
  if (londonDateAndMinute(new Date(at)).minuteOfDay < 90) at += 90 * MINUTE;
  return new Date(at);
}

/** A guest's pay-in-car booking from Heathrow T5 with BA117 (texts on by default). */
async function bookHeathrowPickup(base: string, pickup: Date): Promise<string> {
  const { date, minuteOfDay } = londonDateAndMinute(pickup);
  const form = {
    pickup: 'Heathrow Airport Terminal 5',
    dropoff: 'London Paddington Station',
    pickup_date: date,
    pickup_hour: hour24To12(Math.floor(minuteOfDay / 60)),
    pickup_min: String(minuteOfDay % 60).padStart(2, '0'),
    passengers: '1',
    select_option: 'one_way',
    pickup_fight_number: 'BA117',
  };
  return guestBookingWith(
    base,
    COMPANY,
    { firstName: 'Sam', surname: 'Okoro', email: EMAIL },
    { form, number: '07911 123456' },
  );
}

/** The text files written for an event (DATA_DIR/outbox/sms/<id>-<event>.txt), read. */
async function textsFor(event: string): Promise<string[]> {
  const dir = smsOutboxDir(suite.app.dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const mine = names.filter((name) => name.endsWith(`-${event}.txt`));
  return Promise.all(mine.map((name) => readFile(path.join(dir, name), 'utf8')));
}

/** The board's row of the booking, its pickup time cell's text. */
async function boardPickupCell(page: Page, number: string): Promise<string> {
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: number }) });
  return (await row.getByRole('cell').nth(1).textContent()) ?? '';
}

describe('a flight tracked from booking to the meet', () => {
  it('follows BA117 delayed 50 minutes on every screen, then texts On the way and Arrived once each', async () => {
    const pickup = pickupTime();
    const landing = new Date(pickup.getTime() - 45 * MINUTE);
    aero.add(fakeFlight('BA117', 'LHR', landing));
    const number = await bookHeathrowPickup(suite.app.url, pickup);
    const booked = londonTimeOfDay(pickup);

    const office = await consoleSignedIn(suite, dispatcher);
    await expect
      .poll(() => boardPickupCell(office, number), POLL)
      .toContain(`BA117 · Scheduled · Meet ${booked}`);

    // The dispatcher confirms the job and gives it to James.
    await office.goto(`${suite.app.url}/operator/bookings/${number}`);
    const steps = office.getByRole('group', { name: 'Next steps' });
    await steps.getByRole('button', { name: 'Confirm' }).click();
    await steps.getByRole('button', { name: 'Assign driver' }).click();
    const assign = office.getByRole('dialog', { name: 'Assign driver' });
    await assign
      .getByLabel('Driver')
      .selectOption({ label: `James Okafor (${james.registration})` });
    await assign.getByRole('button', { name: 'Assign' }).click();
    await assign.waitFor({ state: 'detached', ...POLL });

    // FlightAware says 50 minutes late: at the next look the meet time moves 50 minutes.
    const due = londonTimeOfDay(new Date(landing.getTime() + 50 * MINUTE));
    const meet = londonTimeOfDay(new Date(pickup.getTime() + 50 * MINUTE));
    aero.update('BA117', {
      estimated_on: new Date(landing.getTime() + 50 * MINUTE).toISOString(),
      status: 'En Route / Delayed',
    });
    const flight = office.getByRole('region', { name: 'Flight' });
    await expect.poll(() => flight.textContent(), POLL).toContain('Delayed 50 min');
    expect(await flight.textContent()).toContain(`Meet time`);
    await office.goto(`${suite.app.url}/operator/bookings`);
    await expect
      .poll(() => boardPickupCell(office, number), POLL)
      .toContain(`BA117 · Delayed 50 min · Meet ${meet}`);

    // The passenger's page, and their text.
    const link = await manageLinkFor(suite.app.dataDir, EMAIL, number);
    const passenger = await (await suite.browser.newContext()).newPage();
    await passenger.goto(`${suite.app.url}${link.pathname}${link.search}`);
    const theirs = passenger.getByRole('region', { name: 'Your flight' });
    await theirs.getByText(`your driver will meet you at ${meet}.`).waitFor(POLL);
    expect(await theirs.textContent()).toContain('Delayed 50 min');
    await expect.poll(() => textsFor('pickup_moved'), POLL).toHaveLength(1);
    expect((await textsFor('pickup_moved'))[0]).toContain(
      `Your flight is now due at ${due}; your driver will meet you at ${meet}.`,
    );

    // James's app shows the new time.
    const phone = await (
      await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    ).newPage();
    await phone.goto(`${suite.app.url}/driver/login`);
    await phone.getByLabel('Email').fill(james.login!.email);
    await phone.getByLabel('Password').fill(james.login!.password);
    await phone.keyboard.press('Enter');
    const card = phone.getByRole('article', { name: new RegExp(`Job ${number}$`) });
    await expect.poll(() => card.textContent(), POLL).toContain(`Meet at${meet}`);

    // The dispatcher walks it On the way and Arrived: one text each, car and link in it.
    await office.goto(`${suite.app.url}/operator/bookings/${number}`);
    for (const step of ['On the way', 'Arrived']) {
      await steps.getByRole('button', { name: step }).click();
      await expect.poll(() => steps.getByRole('button', { name: step }).count(), POLL).toBe(0);
    }
    for (const event of ['driver_on_the_way', 'driver_arrived']) {
      await expect.poll(() => textsFor(event), POLL).toHaveLength(1);
      const [text] = await textsFor(event);
      expect(text).toContain(`registration ${james.registration}`);
      expect(text).toContain(`/manage-booking/${number}?token=`);
    }
  });
});
