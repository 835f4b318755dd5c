import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/domain/messages';
import { CONSOLE_ACCOUNT_MESSAGES } from '../../src/domain/console-account-messages';
import { OPERATOR_MESSAGES } from '../../src/domain/messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { noViolations } from './axe';
import { readOutbox } from './booking-api';
import { useServedAppAndBrowser, type Page } from './harness';

/**
 * Issue 33's Accounts in Chromium against the real server: a manager adds a dispatcher, who
 * sets a password from the invitation in the outbox and signs in; every screen and dialog is
 * axe-clean and worked by keyboard alone.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };
/** Mail leaves through the outbox's background pass a few seconds after the change. */
const MAIL_POLL = { timeout: 20_000, interval: 250 };
const manager = DEMO_OPERATORS.find((operator) => operator.role === 'manager')!;
const admin = DEMO_OPERATORS.find((operator) => operator.role === 'admin')!;
const NEWCOMER = { name: 'Nia Green', email: 'nia.green@heathrow-executive.example' };
const PASSWORD = 'Kestrel over the Thames';

async function newPage(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const focusedIs = (page: Page, selector: Parameters<Page['getByRole']>) =>
  page.getByRole(...selector).evaluate((element) => element === document.activeElement);

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

/** The set-password link of the invitation mailed to `email`, as a path on the served app. */
async function invitationPath(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await readOutbox(suite.app.dataDir)).find(
        (m) => m.to === email && m.subject === 'Set your password for the operator console',
      );
      link = /https?:\/\/\S+\/operator\/set-password\?token=[A-Za-z0-9_-]+/.exec(
        mail?.text ?? '',
      )?.[0];
      return link !== undefined;
    }, MAIL_POLL)
    .toBe(true);
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

describe('console accounts', () => {
  it('a manager adds a dispatcher by keyboard, who sets a password from the invitation and signs in', async () => {
    const page = await newPage();
    await signInByKeyboard(page, manager);
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Accounts' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor(POLL);
    const table = page.getByRole('table', { name: 'Accounts' });
    await table.getByRole('rowheader', { name: 'Priya Shah' }).waitFor(POLL);
    await noViolations(page);

    // Add account, by keyboard: the dialog opens on its first field.
    await page.getByRole('button', { name: 'Add account' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.waitFor(POLL);
    await expect.poll(() => focusedIs(page, ['textbox', { name: 'Name' }]), POLL).toBe(true);
    await noViolations(page);
    await page.keyboard.type(NEWCOMER.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(NEWCOMER.email);
    await page.keyboard.press('Tab');
    // A native select takes the option's first letters.
    await page.keyboard.type('Dis');
    expect(await dialog.getByLabel('Role').inputValue()).toBe('dispatcher');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => focusedIs(page, ['button', { name: 'Add account and send invitation' }]), POLL)
      .toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', ...POLL });
    await page.getByText(`${NEWCOMER.name} is added.`).waitFor(POLL);
    const row = table.getByRole('row').filter({ hasText: NEWCOMER.email });
    await row.getByText('Invited').waitFor(POLL);
    await row
      .getByRole('button', { name: `Send the invitation again to ${NEWCOMER.name}` })
      .waitFor(POLL);
    await noViolations(page);

    // Change role's dialog, opened and closed by keyboard.
    await row.getByRole('button', { name: `Change role of ${NEWCOMER.name}` }).focus();
    await page.keyboard.press('Enter');
    const roleDialog = page.getByRole('dialog', { name: `Change role of ${NEWCOMER.name}` });
    await roleDialog.getByLabel('Role').waitFor(POLL);
    await noViolations(page);
    await page.keyboard.press('Escape');
    await roleDialog.waitFor({ state: 'detached', ...POLL });

    // The invitation's link, from the mail the outbox sent.
    const path = await invitationPath(NEWCOMER.email);
    const newcomer = await newPage();
    await newcomer.goto(`${suite.app.url}${path}`);
    await newcomer.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor(POLL);
    await newcomer.getByText(`for ${NEWCOMER.name} (${NEWCOMER.email})`).waitFor(POLL);
    await noViolations(newcomer);

    // The product's password rule, said under the field; then a good password, by keyboard.
    await newcomer.getByLabel('New password', { exact: true }).focus();
    await newcomer.keyboard.type('short');
    await newcomer.keyboard.press('Enter');
    await newcomer.getByText(ACCOUNT_MESSAGES.passwordTooShort).waitFor(POLL);
    await noViolations(newcomer);
    await newcomer.getByLabel('New password', { exact: true }).fill('');
    await newcomer.getByLabel('New password', { exact: true }).focus();
    await newcomer.keyboard.type(PASSWORD);
    await newcomer.keyboard.press('Tab');
    await newcomer.keyboard.type(PASSWORD);
    await newcomer.keyboard.press('Enter');
    await newcomer.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor(POLL);
    await newcomer.getByText(/Dispatcher, Heathrow Executive Cars/).waitFor(POLL);
    // A dispatcher's console has no Accounts, and the page refuses them.
    const newcomerNav = newcomer.getByRole('navigation', { name: 'Console' });
    expect(await newcomerNav.getByRole('link', { name: 'Accounts' }).count()).toBe(0);

    // Signs out and in again with the new password.
    await newcomer.getByRole('button', { name: 'Sign out' }).click();
    await newcomer.getByRole('heading', { level: 1, name: /Sign in/ }).waitFor(POLL);
    await signInByKeyboard(newcomer, { email: NEWCOMER.email, password: PASSWORD });
    await newcomer.goto(`${suite.app.url}/operator/accounts`);
    await newcomer
      .getByText(OPERATOR_MESSAGES.onlyRoles(['admin', 'manager']), { exact: false })
      .waitFor(POLL);

    // The link was used up.
    const again = await newPage();
    await again.goto(`${suite.app.url}${path}`);
    await again.getByText(CONSOLE_ACCOUNT_MESSAGES.invitationUsed).waitFor(POLL);
    await noViolations(again);

    // The manager sees the password set, and deactivating ends the dispatcher's session.
    await page.reload();
    await row.getByText('Active', { exact: true }).waitFor(POLL);
    expect(await row.getByRole('button', { name: /Send the invitation again/ }).count()).toBe(0);
    await row.getByRole('button', { name: `Deactivate ${NEWCOMER.name}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(`${NEWCOMER.name} is deactivated and signed out.`).waitFor(POLL);
    await newcomer.goto(`${suite.app.url}/operator/bookings`);
    await newcomer.getByRole('heading', { level: 1, name: /Sign in/ }).waitFor(POLL);
  });
  it('the admin places a new account in a company, and is told under the field when none is chosen', async () => {
    const page = await newPage();
    await signInByKeyboard(page, admin);
    await page.goto(`${suite.app.url}/operator/accounts`);
    const table = page.getByRole('table', { name: 'Accounts' });
    // Every company's accounts, the admin's own among them, which offers no change.
    await table.getByRole('rowheader', { name: 'Tom Reid' }).waitFor(POLL);
    const own = table.getByRole('row').filter({ hasText: admin.email });
    await own.getByText('This is you').waitFor(POLL);

    await page.getByRole('button', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.getByLabel('Name').fill('Omar Hale');
    await dialog.getByLabel('Email').fill('omar.hale@thames-valley.example');
    await dialog.getByLabel('Role').selectOption('manager');
    await dialog.getByRole('button', { name: 'Add account and send invitation' }).click();
    await dialog.getByText('Choose the company').waitFor(POLL);
    await expect
      .poll(
        () => dialog.getByLabel('Company').evaluate((el) => el === document.activeElement),
        POLL,
      )
      .toBe(true);
    await noViolations(page);
    await dialog.getByLabel('Company').selectOption({ label: 'Thames Valley Private Hire' });
    await dialog.getByRole('button', { name: 'Add account and send invitation' }).click();
    await dialog.waitFor({ state: 'detached', ...POLL });
    const row = table.getByRole('row').filter({ hasText: 'omar.hale@thames-valley.example' });
    await row.getByText('Thames Valley Private Hire').waitFor(POLL);
    await row.getByText('Manager', { exact: true }).waitFor(POLL);

    // The same email again is refused under the field.
    await page.getByRole('button', { name: 'Add account' }).click();
    await dialog.getByLabel('Name').fill('Omar Again');
    await dialog.getByLabel('Email').fill('OMAR.HALE@thames-valley.example');
    await dialog.getByLabel('Role').selectOption('admin');
    expect(await dialog.getByLabel('Company').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Add account and send invitation' }).click();
    await dialog.getByText(/already the email of a console account/).waitFor(POLL);
    await noViolations(page);
  });
});
