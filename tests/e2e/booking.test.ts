import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, ACCOUNT_MESSAGES } from '../../src/domain/messages';
import { settle, violations } from './axe';
import { readOutbox, registerPassenger } from './booking-api';
import { useServedAppAndBrowser, type Page } from './harness';
import { createQuoteSteps } from './quote-steps';

const suite = useServedAppAndBrowser();
const { POLL, newVisitorPage, cards, quoteHeathrowToGatwick } = createQuoteSteps(suite);

/** Mail is sent by a background pass a few seconds after the booking commits. */
const MAIL_POLL = { timeout: 20_000, interval: 250 };

/** Quotes Heathrow T5 to Gatwick and books the first card: the personal details step. */
async function chooseVehicle(page: Page): Promise<string> {
  await quoteHeathrowToGatwick(page);
  const first = cards(page).first();
  const price =
    (await first
      .getByText(/^£[\d,]+\.\d{2}$/)
      .first()
      .textContent()) ?? '';
  await first.getByRole('button', { name: 'Book Now' }).click();
  await page.waitForURL(`${suite.app.url}/personalDetailView`);
  await page.getByRole('heading', { level: 1, name: 'Personal Details' }).waitFor();
  return price;
}

function details(page: Page) {
  return page.getByRole('form', { name: 'Personal details' });
}

/** The value beside a label of the result page's booking details, e.g. 'Reference ID'. */
async function resultValue(page: Page, label: string): Promise<string> {
  const term = page.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
  return (
    (await term.first().locator('xpath=following-sibling::dd[1]').textContent()) ?? ''
  ).trim();
}

async function expectConfirmed(page: Page): Promise<string> {
  await page.getByRole('heading', { level: 1, name: BOOKING_MESSAGES.thankYou }).waitFor(POLL);
  await page.getByText(BOOKING_MESSAGES.quoteConfirmed).waitFor();
  await page.getByText(BOOKING_MESSAGES.emailSent).waitFor();
  const reference = await resultValue(page, 'Reference ID');
  expect(reference).toMatch(/^\d{9}$/);
  return reference;
}

/** Confirmation mails the server wrote for one booking reference. */
async function confirmationsFor(reference: string) {
  const mails = await readOutbox(suite.app.dataDir);
  return mails.filter(
    (mail) => mail.file.includes('booking-confirmation') && mail.text.includes(reference),
  );
}

describe('a visitor booking a vehicle', () => {
  it('books as a guest, pays in the car, sees the confirmation and gets one email', async () => {
    const { page } = await newVisitorPage();
    const price = await chooseVehicle(page);
    const form = details(page);
    await expect(form.getByRole('radio', { name: 'Guest' }).isChecked()).resolves.toBe(true);
    await form.getByLabel('First Name').fill('Amelia');
    await form.getByLabel('Last Name').fill('Clarke');
    await form.getByLabel('Email').fill('amelia.clarke@example.com');
    await form.getByLabel('Number', { exact: true }).fill('+44 7700 900123');
    // The pickup is Heathrow, so the flight field shows; a train-like text only warns.
    const flight = form.getByLabel('Flight Number / Train Station / Sea Port / Ferry Name');
    await flight.fill('BA283');
    expect(await violations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL(`${suite.app.url}/paymentview`);
    await page.getByRole('cell', { name: 'amelia.clarke@example.com' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: BOOKING_MESSAGES.payInCar }).click();

    const reference = await expectConfirmed(page);
    expect(await violations(page)).toEqual([]);
    expect(await resultValue(page, 'Payment Method')).toBe('Pay in Car');
    expect(await resultValue(page, 'Booking Type')).toBe('Normal Booking');
    expect(await resultValue(page, 'Pickup Address')).toContain('Heathrow');
    // ROUND_OFF is yes in the demo: whole pounds, the price the card showed.
    const total = await resultValue(page, 'Total Booking Amount');
    expect(Number(total.replace(/[£,]/g, ''))).toBe(Number(price.replace(/[£,]/g, '')));

    // A reload shows the same booking and never makes another.
    await page.reload();
    expect(await expectConfirmed(page)).toBe(reference);
    await expect.poll(async () => (await confirmationsFor(reference)).length, MAIL_POLL).toBe(1);
    const [mail] = await confirmationsFor(reference);
    expect(mail?.to).toContain('amelia.clarke@example.com');
    expect(mail?.attachments.some((name) => name.endsWith('.ics'))).toBe(true);
    // Nothing typed freely reaches the address given (issue 30): the operator's copy has it.
    expect(mail?.text).not.toContain('BA283');
    expect(mail?.text).not.toContain('Amelia');
    const notice = (await readOutbox(suite.app.dataDir)).find(
      (copy) => copy.file.includes('operator-new-booking') && copy.text.includes(reference),
    );
    expect(notice?.text).toContain('BA283');
    expect(notice?.text).toContain('Amelia Clarke');

    // Everything of the booking is forgotten: the payment step now sends the visitor home.
    await page.goto(`${suite.app.url}/paymentview`);
    await page.waitForURL(`${suite.app.url}/`);
  });

  it('registers a new client who pays by card through the test checkout', async () => {
    const { page } = await newVisitorPage();
    await chooseVehicle(page);
    const form = details(page);
    await form.getByRole('radio', { name: 'New Client' }).check();
    await form.getByLabel('First Name').fill('Harry');
    await form.getByLabel('Surname').fill('Patel');
    await form.getByLabel('Email').fill('harry.patel@example.com');
    await form.getByLabel('Number', { exact: true }).fill('+44 7700 900789');
    await form.getByLabel('Password').fill('long enough secret 42');
    // The spec's checks, in order, before anything is sent.
    await form.getByRole('button', { name: 'Next' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(BOOKING_MESSAGES.privacyRequired).waitFor();
    await settle(page);
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await form.getByLabel('I accept the Privacy Policy').check();
    await form.getByLabel('I accept the Terms and Conditions').check();
    await form.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL(`${suite.app.url}/paymentview`);
    await page.getByRole('button', { name: BOOKING_MESSAGES.payByCard }).click();
    await page.waitForURL(/\/test-checkout\//, POLL);
    await page.getByText('TEST MODE — no real card is charged').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Pay £/ }).click();

    await page.waitForURL(/\/payment-success\?session_id=/, POLL);
    const reference = await expectConfirmed(page);
    expect(await resultValue(page, 'Payment Method')).toBe('Pay by Card');
    await page.reload();
    expect(await expectConfirmed(page)).toBe(reference);
    await expect.poll(async () => (await confirmationsFor(reference)).length, MAIL_POLL).toBe(1);
  });

  it('lets an existing client sign in at the details step', async () => {
    await registerPassenger(suite.app.url, 'olivia.bennett@example.com', 'rainy day in leeds 7');
    const { page } = await newVisitorPage();
    await chooseVehicle(page);
    const form = details(page);
    await form.getByRole('radio', { name: 'Existing Client' }).check();
    await form.getByLabel('Email').fill('olivia.bennett@example.com');
    await form.getByLabel('Password').fill('not the password');
    await form.getByRole('button', { name: 'Next' }).click();
    const dialog = page.getByRole('alertdialog', { name: BOOKING_MESSAGES.signInFailedTitle });
    await dialog.getByText(BOOKING_MESSAGES.emailNotFound).waitFor();
    await dialog.getByRole('link', { name: 'Forgot Password?' }).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();

    await form.getByLabel('Password').fill('rainy day in leeds 7');
    await form.getByRole('button', { name: 'Next' }).click();
    await page.getByText(BOOKING_MESSAGES.emailFound).waitFor();
    await page.waitForURL(`${suite.app.url}/paymentview`);
    // The account's own names and mobile, not dashes.
    const table = page.getByRole('table', { name: 'Personal Details' });
    await table.getByRole('cell', { name: 'Olivia', exact: true }).waitFor(POLL);
    await table.getByRole('cell', { name: 'Bennett', exact: true }).waitFor();
    await table.getByRole('cell', { name: '+44 7700 900456', exact: true }).waitFor();
    await page.getByRole('button', { name: BOOKING_MESSAGES.payInCar }).click();
    await expectConfirmed(page);
  });

  it("refuses a new client's too-short password on Next, under the field, not at payment", async () => {
    const { page } = await newVisitorPage();
    await chooseVehicle(page);
    const form = details(page);
    await form.getByRole('radio', { name: 'New Client' }).check();
    await form.getByText(/^At least 8 characters/).waitFor();
    await form.getByLabel('First Name').fill('Ivy');
    await form.getByLabel('Email').fill('ivy.short@example.com');
    await form.getByLabel('Number', { exact: true }).fill('+44 7700 900111');
    await form.getByLabel('Password').fill('abc');
    await form.getByLabel('I accept the Privacy Policy').check();
    await form.getByLabel('I accept the Terms and Conditions').check();
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByText(ACCOUNT_MESSAGES.passwordTooShort).waitFor(POLL);
    expect(page.url()).toBe(`${suite.app.url}/personalDetailView`);
    await form.getByLabel('Password').fill('password123');
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByText(ACCOUNT_MESSAGES.passwordTooCommon).waitFor(POLL);
    expect(page.url()).toBe(`${suite.app.url}/personalDetailView`);
  });

  it('books a new client who gives a registered email as usual, revealing nothing', async () => {
    const email = 'noah.registered@example.com';
    await registerPassenger(suite.app.url, email, 'first owner secret 11');
    const { page } = await newVisitorPage();
    await chooseVehicle(page);
    const form = details(page);
    await form.getByRole('radio', { name: 'New Client' }).check();
    await form.getByLabel('First Name').fill('Noah');
    await form.getByLabel('Surname').fill('Jones');
    await form.getByLabel('Email').fill(email);
    // The same hint for every email: nothing is asked about this one.
    await form.getByRole('button', { name: 'Sign in as an Existing client' }).waitFor();
    await form.getByLabel('Number', { exact: true }).fill('+44 7700 900222');
    await form.getByLabel('Password').fill('another long secret 9');
    await form.getByLabel('I accept the Privacy Policy').check();
    await form.getByLabel('I accept the Terms and Conditions').check();
    await form.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${suite.app.url}/paymentview`);
    await page.getByRole('button', { name: BOOKING_MESSAGES.payInCar }).click();
    await expectConfirmed(page);
  });

  it('comes back from a cancelled card payment with the booking still there', async () => {
    const { page } = await newVisitorPage();
    await chooseVehicle(page);
    const form = details(page);
    await form.getByLabel('First Name').fill('Noah');
    await form.getByLabel('Last Name').fill('Evans');
    await form.getByLabel('Email').fill('noah.evans@example.com');
    await form.getByLabel('Number', { exact: true }).fill('+44 7700 900321');
    await form.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${suite.app.url}/paymentview`);
    await page.getByRole('button', { name: BOOKING_MESSAGES.payByCard }).click();
    await page.waitForURL(/\/test-checkout\//, POLL);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL(`${suite.app.url}/payment-cancel`, POLL);
    await page
      .getByRole('heading', { level: 1, name: BOOKING_MESSAGES.paymentCanceledTitle })
      .waitFor();
    await page.getByText(BOOKING_MESSAGES.paymentCanceled).waitFor();
    await page.getByText(BOOKING_MESSAGES.paymentCanceledHelp).waitFor();
    expect(await violations(page)).toEqual([]);
    // The drafts are kept: the payment step opens again with the same passenger.
    await page.goto(`${suite.app.url}/paymentview`);
    await page.getByRole('cell', { name: 'noah.evans@example.com' }).waitFor(POLL);
  });

  it('resets a forgotten password with the emailed code, then signs in with it', async () => {
    await registerPassenger(suite.app.url, 'george.hughes@example.com', 'old password of mine');
    const { page } = await newVisitorPage();
    await chooseVehicle(page);
    const form = details(page);
    await form.getByRole('radio', { name: 'Existing Client' }).check();
    await form.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL(`${suite.app.url}/forgot_password`);
    await page.getByRole('button', { name: 'Send Reset Code' }).waitFor();
    expect(await violations(page)).toEqual([]);

    await page.getByLabel('Email').fill('george.hughes@example.com');
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await page.getByText(ACCOUNT_MESSAGES.codeSent).waitFor(POLL);
    let code = '';
    await expect
      .poll(async () => {
        const mails = (await readOutbox(suite.app.dataDir)).filter(
          (mail) =>
            mail.file.includes('reset-code') && mail.to.includes('george.hughes@example.com'),
        );
        code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
        return code;
      }, MAIL_POLL)
      .toMatch(/^\d{6}$/);

    await page.getByLabel('Reset Code').fill(code);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByText(ACCOUNT_MESSAGES.codeVerified).waitFor(POLL);
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('New Password').fill('a brand new passphrase');
    await page.getByLabel('Confirm Password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(ACCOUNT_MESSAGES.resetDone).waitFor(POLL);
    await page.waitForURL(`${suite.app.url}/personalDetailView`, POLL);

    const back = details(page);
    await back.getByRole('radio', { name: 'Existing Client' }).check();
    await back.getByLabel('Email').fill('george.hughes@example.com');
    await back.getByLabel('Password').fill('a brand new passphrase');
    await back.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${suite.app.url}/paymentview`, POLL);
  });
});
