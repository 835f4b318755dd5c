import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/paths';
import { OPERATOR_MESSAGES } from '../../src/domain/messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { noViolations } from './axe';
import { API_HEADERS, useServedAppAndBrowser, type Page } from './harness';

/**
 * Issue 33, in Chromium on the real server: the board on a phone (its filters folded behind a
 * Filters button, a card per job, nothing wider than the screen) and on a tablet (the table
 * shows it scrolls sideways); and the Activity page, by keyboard and axe-clean.
 */
const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };
const priya = DEMO_OPERATORS.find((operator) => operator.name === 'Priya Shah')!;
const manager = DEMO_OPERATORS.find((operator) => operator.role === 'manager')!;
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };

async function signedIn(who: { email: string; password: string }, viewport: typeof PHONE) {
  const context = await suite.browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${suite.app.url}/operator/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor(POLL);
  return page;
}

/** How far the page reaches past the window's right edge (0: no sideways scrolling). */
function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

describe('the board on a phone (390×844)', () => {
  it('folds its filters behind Filters and shows each job as a card, nothing wider than the screen', async () => {
    const page = await signedIn(priya, PHONE);
    const list = page.getByRole('list', { name: 'Bookings, by pickup time' });
    await list.waitFor(POLL);
    expect(await page.getByRole('table').count()).toBe(0);

    const filters = page.getByRole('button', { name: 'Filters' });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    const panelId = (await filters.getAttribute('aria-controls'))!;
    expect(await page.locator(`[id="${panelId}"]`).isHidden()).toBe(true);
    expect(await page.getByLabel('Status').isVisible()).toBe(false);

    const cards = list.getByRole('listitem');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    const first = cards.first();
    const text = (await first.textContent()) ?? '';
    // Its pickup time, the passenger, from → to and the status, and the link to its booking.
    expect(text).toMatch(/\w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    expect(text).toContain('→');
    expect(text).toMatch(
      /Pending|Confirmed|Driver assigned|On the way|Arrived|On board|Completed|Cancelled|No-show/,
    );
    const link = first.getByRole('link');
    expect(await link.getAttribute('href')).toMatch(/^\/operator\/bookings\/\d+/);
    // The count agrees with the jobs listed (the demo's fit on one page).
    const counted = await page.getByText(/^\d+ jobs?$/).textContent();
    expect(Number.parseInt(counted ?? '', 10)).toBe(count);
    expect(await pageOverflow(page)).toBe(0);
    await noViolations(page);

    // Opened by keyboard, to the same labelled controls.
    await filters.focus();
    await page.keyboard.press('Enter');
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    for (const label of ['Status', 'From date', 'To date', 'Search']) {
      expect(await page.getByLabel(label, { exact: true }).isVisible()).toBe(true);
    }
    expect(await pageOverflow(page)).toBe(0);
    await noViolations(page);

    await page.getByLabel('Status').selectOption('pending');
    await page.waitForURL(/status=pending/, POLL);
    await page.getByRole('button', { name: 'Filters (1 on)' }).waitFor(POLL);
    await page.context().close();
  });
});

describe('the board on a tablet (820×1180)', () => {
  it('shows the table with a shade at the edge it scrolls past', async () => {
    const page = await signedIn(priya, TABLET);
    const table = page.getByRole('table', { name: 'Bookings, by pickup time' });
    await table.waitFor(POLL);
    expect(await page.getByRole('button', { name: /^Filters/ }).count()).toBe(0);
    const region = page.getByRole('region', { name: 'Bookings, by pickup time' });
    const scroll = await region.evaluate((box) => ({
      overflows: box.scrollWidth > box.clientWidth,
      background: getComputedStyle(box).backgroundImage,
      attachment: getComputedStyle(box).backgroundAttachment,
    }));
    expect(scroll.overflows).toBe(true);
    expect(scroll.background).toContain('radial-gradient');
    expect(scroll.attachment).toContain('scroll');
    expect(scroll.attachment).toContain('local');
    // The page itself does not scroll sideways: only the table's own box does.
    expect(await pageOverflow(page)).toBe(0);
    await noViolations(page);
    await page.context().close();
  });
});

describe('the Activity page', () => {
  it("lists a manager's driver change with before → after, filters by keyboard, and is axe-clean", async () => {
    const page = await signedIn(manager, { width: 1280, height: 900 });
    const headers = { ...API_HEADERS, origin: suite.app.url };
    const drivers = await page.request.get(`${suite.app.url}${API_BASE}/operator/drivers`, {
      headers,
    });
    const driver = ((await drivers.json()) as { data: { id: number; name: string }[] }).data[0]!;
    const changed = await page.request.patch(
      `${suite.app.url}${API_BASE}/operator/drivers/${driver.id}`,
      { headers, data: { mobile: '07700 900999' } },
    );
    expect(changed.status()).toBe(200);

    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor(POLL);
    const table = page.getByRole('table', { name: 'Changes made in the console, newest first' });
    await table.waitFor(POLL);
    const row = table.getByRole('row').filter({ hasText: driver.name }).first();
    expect(await row.textContent()).toContain('mobile:');
    expect(await row.textContent()).toContain('→ 07700 900999');
    expect(await row.textContent()).toContain('Sam Patel');
    await noViolations(page);

    // By keyboard: Person, then Kind, where typing picks Drivers; the list follows.
    await page.getByLabel('Person').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await page.getByLabel('Kind').getAttribute('id'),
    );
    await page.keyboard.type('Drivers');
    await page.waitForURL(/kind=drivers/, POLL);
    // On through From date and To date (a date field is a stop per part) to the table's region.
    const role = () => page.evaluate(() => document.activeElement?.getAttribute('role'));
    for (let presses = 0; presses < 12 && (await role()) !== 'region'; presses += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await role()).toBe('region');
    await table.getByRole('row').filter({ hasText: driver.name }).first().waitFor(POLL);
    await noViolations(page);

    // A dispatcher is refused the log.
    const dispatcher = await page.context().browser()!.newContext();
    const other = await dispatcher.newPage();
    await other.goto(`${suite.app.url}/operator/login`);
    await other.getByLabel('Email').fill(priya.email);
    await other.getByLabel('Password').fill(priya.password);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor(POLL);
    expect(await other.getByRole('link', { name: 'Activity' }).count()).toBe(0);
    const refused = await other.request.get(`${suite.app.url}${API_BASE}/operator/activity`, {
      headers,
    });
    expect(refused.status()).toBe(403);
    await other.goto(`${suite.app.url}/operator/activity`);
    await other
      .getByRole('alert')
      .filter({ hasText: OPERATOR_MESSAGES.onlyRoles(['admin', 'manager']) })
      .waitFor(POLL);
    expect(await other.getByRole('table').count()).toBe(0);
    await dispatcher.close();
    await page.context().close();
  });
});
