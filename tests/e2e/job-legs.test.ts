import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { addDays } from '../../src/domain/uk-time';
import { formatDay } from '../../src/web/lib/format-day';
import { postApi, quotedBooking, weekAheadForm } from '../support/priced-journey';
import { useServedAppAndBrowser, type Page } from './harness';

/**
 * Issue 32 in Chromium against the real server: a return trip is two jobs — listed under their
 * own dates, given different drivers, the outward leg completed while the return waits — and
 * the passenger cancels the return journey alone, told its refund first.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };
const admin = DEMO_OPERATORS.find((operator) => operator.role === 'admin')!;

/** A guest's pay-in-car booking of Heathrow T5 → Oxford, back from Oxford three days later. */
async function returnTripBooked(): Promise<{ number: string; token: string; back: string }> {
  const outward = weekAheadForm('Heathrow Airport Terminal 5', 'Oxford Station, OX1 1HS');
  const back = addDays(outward.pickup_date, 3);
  const form = {
    ...outward,
    select_option: 'return',
    return_date: back,
    return_hour: '6pm',
    return_min: '00',
  };
  const quoted = await quotedBooking(suite.app.url, form as typeof outward);
  const answer = (await postApi(suite.app.url, API_PATHS.booking, {
    ...quoted,
    registrationData: {
      firstName: 'Rosa',
      surname: 'Legg',
      email: 'rosa.legg@example.co.uk',
      number: '+44 7700 900321',
    },
    payment_method: 'car',
    selected_passenger: 'guest_login',
  })) as { data: { booking: { booking_number: string }; manage_token: string } };
  return { number: answer.data.booking.booking_number, token: answer.data.manage_token, back };
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
    await jobRow(page, `${number}-R`).waitFor(POLL);
    const outwardRow = jobRow(page, number);
    const returnRow = jobRow(page, `${number}-R`);
    expect(await outwardRow.getByRole('cell').nth(0).textContent()).toBe('Outward');
    expect(await returnRow.getByRole('cell').nth(0).textContent()).toBe('Return');
    expect(await returnRow.textContent()).toContain(formatDay(back));

    // The return leg's page: the booking opened on that leg.
    await returnRow.getByRole('link', { name: `${number}-R` }).click();
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
    await change.getByLabel('Pickup time').fill('20:30');
    await change.getByRole('button', { name: 'Review changes' }).click();
    const review = passenger.getByRole('region', { name: 'Review your changes' });
    await review.getByText('New price').waitFor(POLL);
    await review.getByRole('button', { name: 'Confirm changes' }).click();
    await passenger.getByText('Your booking has been changed.').waitFor(POLL);
    await expect.poll(async () => back2.textContent(), POLL).toContain('20:30');
    expect(await back2.textContent()).toContain('Pending');

    await passenger.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = passenger.getByRole('dialog', { name: `Cancel booking ${number}` });
    // The outward journey is over: cancelling now is the return journey's, and says so.
    await dialog
      .getByText('Your outward journey is over: this cancels your return journey.')
      .waitFor(POLL);
    // Paid in the car: nothing to refund, and the dialog says so before anything happens.
    await dialog.getByText('Nothing to pay').waitFor(POLL);
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    await dialog.waitFor({ state: 'detached', ...POLL });
    await expect.poll(async () => back2.textContent(), POLL).toContain('Cancelled');

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
