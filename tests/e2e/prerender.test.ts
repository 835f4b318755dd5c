import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { MESSAGES } from '../../src/domain/messages';
import { QUERY_CACHE_STORAGE_KEY } from '../../src/web/lib/query-cache-key';
import { useServedAppAndBrowser, type Page } from './harness';

const suite = useServedAppAndBrowser();

/**
 * Holds every settings request unanswered until the returned function is called, so the page
 * stays on its first screen (the loading cover) for as long as a test looks at it.
 */
async function holdSettings(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${API_PATHS.settingsFlat}*`, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** The root's markup as elements and attributes (React's Suspense comments left out). */
const rootMarkup = (page: Page) =>
  page.evaluate(() => document.getElementById('root')?.innerHTML.replace(/<!--.*?-->/g, ''));

/** True once React has attached to the element (its fiber key on the node). */
const ownedByReact = (page: Page, selector: string) =>
  page.evaluate(
    (found) =>
      Object.keys(document.querySelector(found) ?? {}).some((key) => key.startsWith('__react')),
    selector,
  );

describe('the home page rendered at build time', () => {
  it('paints the header and the loading cover before any script runs', async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(suite.app.url);
    await page.getByRole('link', { name: 'RideBook UK' }).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toBe(MESSAGES.loadingContent);
    await page.getByRole('link', { name: 'Skip to main content' }).waitFor({ state: 'attached' });
    await context.close();
  });

  it('is taken over by React as it is: the same nodes, and nothing in the console', async () => {
    const page = await suite.browser.newPage();
    const messages: string[] = [];
    page.on('console', (m) => ['error', 'warning'].includes(m.type()) && messages.push(m.text()));
    page.on('pageerror', (error) => messages.push(error.message));
    // The build's header node, kept from the moment the parser makes it.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const header = document.querySelector('#root header');
        if (!header) return;
        Object.assign(window, { __builtHeader: header });
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const release = await holdSettings(page);
    await page.goto(suite.app.url);
    await expect.poll(() => ownedByReact(page, '#root header')).toBe(true);
    const sameHeader = () =>
      page.evaluate(
        () =>
          (window as unknown as { __builtHeader?: Element }).__builtHeader ===
          document.querySelector('#root header'),
      );
    expect(await sameHeader()).toBe(true);
    release();
    await page.getByRole('tab', { name: 'Hourly Rate' }).waitFor();
    await page.getByText(MESSAGES.loadingContent).waitFor({ state: 'detached' });
    expect(await sameHeader()).toBe(true);
    // A repeat visit has the settings saved: its first render still equals the build's HTML,
    // and the saved settings apply after it.
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), QUERY_CACHE_STORAGE_KEY))
      .toContain('settings');
    await page.reload();
    await page.getByRole('tab', { name: 'Hourly Rate' }).waitFor();
    expect(await sameHeader()).toBe(true);
    expect(messages).toEqual([]);
    await page.close();
  });

  it('matches, element for element and attribute for attribute, what the browser renders itself', async () => {
    // Production React does not compare attributes while hydrating: render the first screen in
    // the browser from an empty root, and compare it with the build's.
    const built = await suite.browser.newPage();
    const releaseBuilt = await holdSettings(built);
    await built.goto(suite.app.url);
    await expect.poll(() => ownedByReact(built, '#root header')).toBe(true);

    const rendered = await suite.browser.newPage();
    const releaseRendered = await holdSettings(rendered);
    let servedWithoutFirstScreen = '';
    await rendered.route(suite.app.url + '/', async (route) => {
      const response = await route.fetch();
      servedWithoutFirstScreen = (await response.text()).replace(
        /<div id="root">[\s\S]*<\/div>(\s*<noscript>)/,
        '<div id="root"></div>$1',
      );
      await route.fulfill({ response, body: servedWithoutFirstScreen });
    });
    await rendered.goto(suite.app.url);
    expect(servedWithoutFirstScreen).toContain('<div id="root"></div>');
    expect(servedWithoutFirstScreen).not.toContain(MESSAGES.loadingContent);
    await expect.poll(() => ownedByReact(rendered, '#root header')).toBe(true);

    const builtMarkup = await rootMarkup(built);
    expect(builtMarkup).toContain(MESSAGES.loadingContent);
    expect(await rootMarkup(rendered)).toBe(builtMarkup);
    releaseBuilt();
    releaseRendered();
    await built.close();
    await rendered.close();
  });
});
