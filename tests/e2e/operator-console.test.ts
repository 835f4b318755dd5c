import { describe, expect, it } from 'vitest';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { addDays, todayInLondon } from '../../src/domain/uk-time';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { noViolations } from './axe';
import { readOutbox } from './booking-api';
import { useServedAppAndBrowser, type Page } from './harness';
import { createQuoteSteps } from './quote-steps';

/**
 * The operator console in Chromium against the real server and its seeded demo accounts:
 * every screen and dialog axe-clean, and the board's rows reachable by keyboard.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };
const priya = DEMO_OPERATORS.find((operator) => operator.name === 'Priya Shah')!;
const admin = DEMO_OPERATORS.find((operator) => operator.role === 'admin')!;
const { newVisitorPage, cards, quoteHeathrowToGatwick } = createQuoteSteps(suite);
/** Mail leaves through the outbox's background pass a few seconds after the change. */
const MAIL_POLL = { timeout: 20_000, interval: 250 };

/** Signs in on /operator/login with the keyboard only. */
async function signInByKeyboard(page: Page, who: { email: string; password: string }) {
  await page.goto(`${suite.app.url}/operator/login`);
  await page.getByLabel('Email').waitFor(POLL);
  await page.getByLabel('Email').focus();
  await page.keyboard.type(who.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(who.password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor(POLL);
}

/** A guest books the first vehicle from Heathrow T5 to Gatwick on the public site, paying in the car. */
async function guestBooksOnTheSite(): Promise<string> {
  const { page } = await newVisitorPage();
  await quoteHeathrowToGatwick(page);
  await cards(page).first().getByRole('button', { name: 'Book Now' }).click();
  const form = page.getByRole('form', { name: 'Personal details' });
  await form.getByLabel('First Name').waitFor(POLL);
  await form.getByLabel('First Name').fill('Imogen');
  await form.getByLabel('Last Name').fill('Walsh');
  await form.getByLabel('Email').fill('imogen.walsh@example.com');
  await form.getByLabel('Number', { exact: true }).fill('+44 7700 900654');
  await form.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: BOOKING_MESSAGES.payInCar }).click();
  await page.getByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou }).waitFor(POLL);
  const term = page.locator('dt').filter({ hasText: /^Reference ID$/ });
  const reference = (
    (await term.first().locator('xpath=following-sibling::dd[1]').textContent()) ?? ''
  ).trim();
  const status = page.locator('dt').filter({ hasText: /^Status$/ });
  expect(await status.first().locator('xpath=following-sibling::dd[1]').textContent()).toBe(
    'Pending',
  );
  await page.context().close();
  return reference;
}

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await suite.browser.newContext({ viewport });
  return context.newPage();
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
    await page.getByRole('combobox', { name: 'Pickup address' }).fill('Reading Station, RG1 1LZ');
    await page
      .getByRole('combobox', { name: 'Drop-off address' })
      .fill('Heathrow Airport Terminal 5, TW6 2GA');
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
    // Their usual vehicle, one of the company's records (issue 34).
    const vehicle = assign.getByLabel('Vehicle', { exact: true });
    expect(await vehicle.locator('option:checked').textContent()).toMatch(/^LB71 XKE, /);
    await assign.getByRole('button', { name: 'Assign' }).click();
    await assign.waitFor({ state: 'detached', ...POLL });
    await expect
      .poll(() => steps.getByRole('button').allTextContents(), POLL)
      .toEqual(['Assign driver', 'On the way', 'Cancel booking']);

    await page.getByRole('link', { name: 'Drivers', exact: true }).click();
    await page.getByRole('table', { name: 'Drivers' }).waitFor(POLL);
    await noViolations(page);
    await page.getByRole('button', { name: 'Add driver' }).click();
    await page.getByRole('dialog', { name: 'Add driver' }).getByLabel('Name').waitFor(POLL);
    await noViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Add driver' }).waitFor({ state: 'detached', ...POLL });

    // Deactivate and Reactivate by keyboard: focus stays on the button as its label changes.
    const deactivate = page.getByRole('button', { name: /^Deactivate / }).first();
    const driverName = ((await deactivate.getAttribute('aria-label')) ?? '').replace(
      'Deactivate ',
      '',
    );
    const focusedLabel = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    await deactivate.focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel, POLL).toBe(`Reactivate ${driverName}`);
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel, POLL).toBe(`Deactivate ${driverName}`);

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

  it('follows a guest booking from the site to Completed, by keyboard, with the passenger mailed', async () => {
    // The admin's board is open before the booking exists; it must show up there by itself.
    const board = await newPage();
    await signInByKeyboard(board, admin);
    await board.getByRole('button', { name: 'Needs action' }).click();
    // Earlier tests may have left no pending booking: then the board says so instead of a table.
    await board
      .getByRole('table', { name: 'Bookings, by pickup time' })
      .or(board.getByText('No bookings match these filters.'))
      .waitFor(POLL);

    const reference = await guestBooksOnTheSite();
    const row = board
      .getByRole('row')
      .filter({ has: board.getByRole('link', { name: reference }) });
    await row.waitFor({ timeout: 15_000 });
    await row.getByText('New', { exact: true }).waitFor();
    const company = (await row.getByRole('cell').allTextContents()).find((text) =>
      DEMO_OPERATORS.some((o) => o.company === text),
    )!;
    await board.context().close();

    // The company's dispatcher finds it by Search and walks it through, keyboard only.
    const dispatcher = DEMO_OPERATORS.find((o) => o.company === company)!;
    const page = await newPage();
    await signInByKeyboard(page, dispatcher);
    await page.getByLabel('Search').focus();
    await page.keyboard.type(reference);
    const link = page.getByRole('link', { name: reference, exact: true });
    await expect.poll(() => page.getByRole('table').getByRole('row').count(), POLL).toBe(2);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Booking ${reference}` }).waitFor(POLL);
    await noViolations(page);

    const steps = page.getByRole('group', { name: 'Next steps' });
    const press = async (name: string) => {
      const button = steps.getByRole('button', { name, exact: true });
      await button.waitFor(POLL);
      await button.focus();
      await page.keyboard.press('Enter');
    };
    await press('Confirm');
    await expect
      .poll(() => steps.getByRole('button').allTextContents(), POLL)
      .toEqual(['Assign driver', 'Cancel booking']);
    await press('Assign driver');
    const assign = page.getByRole('dialog', { name: 'Assign driver' });
    const driverSelect = assign.getByLabel('Driver');
    await driverSelect.waitFor(POLL);
    const usable = (await driverSelect.locator('option:not([disabled])').allTextContents()).filter(
      (text) => /\(/.test(text),
    );
    await driverSelect.selectOption({ label: usable[0]! });
    const driverName = usable[0]!.replace(/ \(.*$/, '');
    // The usual vehicle's registration leads its option: "LB71 XKE, Mercedes-Benz E-Class, Black".
    const chosenVehicle = assign.getByLabel('Vehicle', { exact: true }).locator('option:checked');
    const registration = ((await chosenVehicle.textContent()) ?? '').split(',')[0]!;
    expect(registration).not.toBe('Choose a vehicle');
    await assign.getByRole('button', { name: 'Assign' }).focus();
    await page.keyboard.press('Enter');
    await assign.waitFor({ state: 'detached', ...POLL });
    for (const step of ['On the way', 'Arrived', 'Passenger on board', 'Complete']) {
      await press(step);
      // Complete asks first; On the way too while the pickup is more than 12 hours away.
      const ask = page.getByRole('dialog');
      const pressed = steps.getByRole('button', { name: step, exact: true });
      await expect
        .poll(async () => (await ask.count()) > 0 || (await pressed.count()) === 0, POLL)
        .toBe(true);
      if (step === 'Complete') expect(await ask.count()).toBe(1);
      if ((await ask.count()) > 0) {
        if (step === 'Complete') await noViolations(page);
        await ask.getByRole('button', { name: step, exact: true }).focus();
        await page.keyboard.press('Enter');
        await ask.waitFor({ state: 'detached', ...POLL });
      }
      if (step !== 'Complete') {
        await expect
          .poll(() => steps.getByRole('button', { name: step, exact: true }).count(), POLL)
          .toBe(0);
      }
    }
    await expect.poll(() => steps.getByRole('button').count(), POLL).toBe(0);
    const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect.poll(() => history.count(), POLL).toBe(7);
    const lines = await history.allTextContents();
    expect(lines[0]).toMatch(/Booked as Pending — by Passenger/);
    const moves = [
      'Pending → Confirmed',
      'Confirmed → Driver assigned',
      'Driver assigned → On the way',
      'On the way → Arrived',
      'Arrived → Passenger on board',
      'Passenger on board → Completed',
    ];
    moves.forEach((move, index) => {
      expect(lines[index + 1]).toContain(`${move} — by ${dispatcher.name}`);
    });
    expect(lines[2]).toContain(`Driver: ${driverName}, ${registration}`);
    await noViolations(page);

    // The passenger heard of the booking, its confirmation, the driver and, at the end, the
    // receipt (issue 22), and nothing else.
    const mailsFor = async () =>
      (await readOutbox(suite.app.dataDir)).filter(
        (mail) => mail.to.includes('imogen.walsh@example.com') && mail.subject.includes(reference),
      );
    await expect.poll(async () => (await mailsFor()).length, MAIL_POLL).toBe(4);
    const mails = await mailsFor();
    const receipt = mails.find((mail) => /Your receipt/.test(mail.subject))!;
    expect(receipt.attachments).toContain(`receipt-${reference}.pdf`);
    const confirmed = mails.find((mail) => /is confirmed/.test(mail.subject))!;
    expect(confirmed.attachments.some((name) => name.endsWith('.ics'))).toBe(true);
    const driverMail = mails.find((mail) => /Your driver/.test(mail.subject))!;
    expect(driverMail.text).toContain(`Your driver is ${driverName.split(' ')[0]}`);
    expect(driverMail.text).toContain(registration);

    // Another company's dispatcher cannot open it by its address.
    const stranger = DEMO_OPERATORS.find((o) => o.role === 'dispatcher' && o.company !== company)!;
    const other = await newPage();
    await signInByKeyboard(other, stranger);
    await other.goto(`${suite.app.url}/operator/bookings/${reference}`);
    await other.getByText(/Booking not found/).waitFor(POLL);
    expect(await other.getByRole('group', { name: 'Next steps' }).count()).toBe(0);
    await other.context().close();
    await page.context().close();
  });
});
