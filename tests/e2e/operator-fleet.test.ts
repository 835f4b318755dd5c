import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FLEET_MESSAGES } from '../../src/domain/fleet-company-messages';
import { OPERATOR_MESSAGES } from '../../src/domain/messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { noViolations } from './axe';
import { useServedAppAndBrowser, type Page } from './harness';

/**
 * The console's Fleet and Companies pages in Chromium on the real server: a manager's picture,
 * judged by its content, reaches the public Our Fleet page; every page and dialog axe-clean.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };
const manager = DEMO_OPERATORS.find((operator) => operator.role === 'manager')!;
const admin = DEMO_OPERATORS.find((operator) => operator.role === 'admin')!;
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

describe('the console fleet and companies', () => {
  it("takes the manager's picture by its content, and Our Fleet shows it", async () => {
    const page = await newPage();
    await signIn(page, manager);
    await page.getByRole('link', { name: 'Fleet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Fleet' }).waitFor(POLL);
    await page.getByRole('table', { name: `Vehicles offered by ${manager.company}` }).waitFor(POLL);
    await noViolations(page);

    await page.getByRole('button', { name: 'Upload picture for Saloon' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Picture file').waitFor(POLL);
    await noViolations(page);

    // A text file named .png is refused under the field.
    await dialog.getByLabel('Picture file').setInputFiles({
      name: 'saloon.png',
      mimeType: 'image/png',
      buffer: Buffer.from('Only words in here, not a picture.\n'),
    });
    await dialog.getByRole('button', { name: 'Upload picture' }).click();
    await dialog.getByText(FLEET_MESSAGES.pictureNotImage).waitFor(POLL);
    expect(await dialog.getByLabel('Picture file').getAttribute('aria-invalid')).toBe('true');
    await noViolations(page);

    const png = await sharp({
      create: { width: 1000, height: 500, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    await dialog
      .getByLabel('Picture file')
      .setInputFiles({ name: 'saloon.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: 'Upload picture' }).click();
    await page
      .getByRole('status')
      .getByText(/The picture is saved/)
      .waitFor(POLL);
    const thumbnail = page.getByRole('img', {
      name: `Picture of Saloon at ${manager.company}`,
    });
    await expect
      .poll(() => thumbnail.getAttribute('src'), POLL)
      .toMatch(/^\/storage\/[0-9a-f]{32}\.webp$/);
    const uploaded = (await thumbnail.getAttribute('src'))!;
    await page.context().close();

    // A visitor's Our Fleet shows it, loaded.
    const visitor = await newPage();
    await visitor.goto(`${suite.app.url}/ourfleet`);
    const saloon = visitor.getByRole('img', { name: 'Saloon', exact: true });
    await saloon.waitFor(POLL);
    expect(await saloon.getAttribute('src')).toBe(uploaded);
    await saloon.scrollIntoViewIfNeeded();
    await expect
      .poll(
        () => saloon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        POLL,
      )
      .toBeGreaterThan(0);
    await visitor.context().close();
  });

  it('gives the admin the categories and companies, every page and dialog accessible', async () => {
    const page = await newPage();
    await signIn(page, admin);
    await page.getByRole('link', { name: 'Fleet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Fleet' }).waitFor(POLL);
    await page.getByRole('table', { name: 'Vehicle categories' }).waitFor(POLL);
    await noViolations(page);
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('dialog').getByLabel('Seats').waitFor(POLL);
    await noViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', ...POLL });

    await page.getByRole('link', { name: 'Companies' }).click();
    await page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor(POLL);
    await page.getByRole('table', { name: 'Companies' }).waitFor(POLL);
    await noViolations(page);
    await page.getByRole('button', { name: 'Edit Heathrow Executive Cars' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Phone/).waitFor(POLL);
    await noViolations(page);
    // A bad email is refused under its field, by keyboard alone.
    await dialog.getByLabel(/^Email/).fill('not an email');
    await dialog.getByLabel(/^Email/).press('Enter');
    await dialog.getByText(/must be a plain email address/).waitFor(POLL);
    await dialog.getByLabel(/^Email/).fill('ops@heathrow-executive.example');
    await dialog.getByLabel(/^Email/).press('Enter');
    await page.getByRole('status').getByText('Heathrow Executive Cars is saved.').waitFor(POLL);
    await expect
      .poll(() => page.getByRole('table', { name: 'Companies' }).textContent(), POLL)
      .toContain('ops@heathrow-executive.example');
    await page.context().close();
  });

  it('refuses the pages to a role without the right, as the server does', async () => {
    const page = await newPage();
    await signIn(page, dispatcher);
    expect(await page.getByRole('link', { name: 'Fleet' }).count()).toBe(0);
    await page.goto(`${suite.app.url}/operator/fleet`);
    await page.getByRole('heading', { level: 1, name: 'Fleet' }).waitFor(POLL);
    await page.getByText(OPERATOR_MESSAGES.onlyRoles(['admin', 'manager'])).waitFor(POLL);
    await noViolations(page);
    await page.context().close();

    const managerPage = await newPage();
    await signIn(managerPage, manager);
    await managerPage.goto(`${suite.app.url}/operator/companies`);
    await managerPage.getByRole('heading', { level: 1, name: 'Companies' }).waitFor(POLL);
    await managerPage.getByText(OPERATOR_MESSAGES.onlyRoles(['admin'])).waitFor(POLL);
    await managerPage.context().close();
  });
});
