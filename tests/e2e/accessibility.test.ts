import { describe, expect, it } from 'vitest';
import { settle, violations } from './axe';
import { useServedAppAndBrowser, type Page } from './harness';

const suite = useServedAppAndBrowser();

/** axe needs a page of an explicit context (it refuses suite.browser.newPage()). */
async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await suite.browser.newContext({ viewport });
  return context.newPage();
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it.each([
    ['/', 'Popular Locations'],
    ['/ourfleet', 'Our Fleet'],
    ['/login', 'Sign In'],
    ['/contactus', 'Contact Us'],
  ])('%s has no violations on a wide screen', async (path, heading) => {
    const page = await newPage({ width: 1280, height: 900 });
    await page.goto(`${suite.app.url}${path}`);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });

  it('the home page and its open mobile menu have no violations on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(suite.app.url);
    await page.getByRole('heading', { name: 'Popular Locations' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Our Fleet' }).waitFor();
    // Contrast is measured on what is painted: let the drawer's slide and fade-in finish first.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished)),
    );
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });
});

/** Waits on the page settle within this, not vitest's one-second default. */
const POLL = { timeout: 10_000 };

/** Types into an address combobox and picks the first suggestion by keyboard. */
async function chooseFirstSuggestion(page: Page, label: string, typed: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(typed);
  await page
    .getByRole('listbox', { name: `${label} suggestions` })
    .getByRole('option')
    .first()
    .waitFor();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect.poll(() => box.getAttribute('aria-expanded'), POLL).toBe('false');
}

describe('accessibility of the quote flow (axe-core, WCAG 2.1 AA)', () => {
  // Every state on a wide screen; on a phone the layouts that differ (one column, full-screen
  // popup), to keep the file quick.
  it.each([
    ['a wide screen', { width: 1280, height: 900 }, true],
    ['a phone', { width: 390, height: 844 }, false],
  ])(
    '/booktripview and /quotationview after a real quote have no violations on %s',
    async (_name, viewport, everyState) => {
      const page = await newPage(viewport);
      await page.goto(`${suite.app.url}/booktripview`);
      await page.getByRole('heading', { level: 1, name: 'Quote' }).waitFor();
      await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
      await page.getByRole('tabpanel', { name: 'GET A QUOTE' }).waitFor();
      if (everyState) expect(await violations(page)).toEqual([]);

      await chooseFirstSuggestion(page, 'Pick-Up', 'Heathrow Terminal 5');
      // The suggestions open and one highlighted: the combobox pattern as axe sees it.
      const dropOff = page.getByRole('combobox', { name: 'Drop-Off', exact: true });
      await dropOff.fill('Gatwick');
      await page.getByRole('listbox', { name: 'Drop-Off suggestions' }).waitFor();
      await dropOff.press('ArrowDown');
      await expect.poll(() => dropOff.getAttribute('aria-activedescendant'), POLL).toBeTruthy();
      if (everyState) expect(await violations(page)).toEqual([]);
      await dropOff.press('Enter');

      // The return leg and a stop row on screen.
      await page.getByRole('button', { name: 'Add Return' }).click();
      // A return trip is priced only once its time is chosen.
      await page.getByLabel('Return Hour').selectOption({ label: '18' });
      await page.getByLabel('Return Min').selectOption('00');
      await page.getByRole('button', { name: 'Add Stop' }).click();
      await page.getByRole('group', { name: 'Stop 1' }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Remove stop 1' }).click();

      await page.getByRole('button', { name: 'Quote', exact: true }).click();
      await page.waitForURL(`${suite.app.url}/quotationview`);
      await page.getByRole('heading', { level: 1, name: 'Top results' }).waitFor();
      await page.getByRole('article').first().waitFor();
      await settle(page);
      expect(await violations(page)).toEqual([]);
      if (everyState) {
        await page.getByRole('button', { name: 'Grid view' }).click();
        expect(await violations(page)).toEqual([]);
      }

      // The change-search popup over the results.
      await page.getByRole('button', { name: 'Edit Quote' }).click();
      const popup = page.getByRole('dialog', { name: 'Change your search' });
      await popup.getByRole('combobox', { name: 'Drop-Off', exact: true }).waitFor();
      await settle(page);
      expect(await violations(page)).toEqual([]);
      await popup.getByRole('button', { name: 'Cancel' }).click();
      await popup.waitFor({ state: 'detached' });

      if (everyState) {
        // A chosen vehicle brings the Options block, its edit panel and the return details.
        await page.getByRole('article').nth(1).getByRole('button', { name: 'Book Now' }).click();
        await page.waitForURL(`${suite.app.url}/personalDetailView`);
        await page.goBack();
        await page.getByRole('button', { name: 'Edit Options' }).click();
        await page.getByRole('button', { name: 'See Return Details' }).click();
        await page.getByRole('form', { name: 'Edit options' }).waitFor();
        await page.getByRole('heading', { name: 'Return Details' }).waitFor();
        expect(await violations(page)).toEqual([]);
      }
      await page.context().close();
    },
  );
});
