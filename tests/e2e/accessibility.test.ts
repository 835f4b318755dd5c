import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { useServedAppAndBrowser, type Page } from './harness';

const suite = useServedAppAndBrowser();

/** axe needs a page of an explicit context (it refuses suite.browser.newPage()). */
async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await suite.browser.newContext({ viewport });
  return context.newPage();
}

/** WCAG 2.1 A and AA rules plus axe's best practices; the list of what failed, if anything. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
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
