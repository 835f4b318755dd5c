import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { API_HEADERS, useServedAppAndBrowser, waitForServiceWorker } from './harness';

const suite = useServedAppAndBrowser();

describe('the home page as a first-time visitor meets it', () => {
  it('shows the settings-driven navbar, the optional sections and the footer', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Script errors and Content-Security-Policy violations both surface as console errors.
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    // The settings are asked for as the script starts (app/early-settings.ts), and only once.
    const settingsRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/settings-flat')) settingsRequests.push(request.url());
    });
    await page.goto(suite.app.url);
    const nav = page.getByRole('navigation', { name: /main/i });
    for (const link of ['Home', 'Our Fleet', 'Urgent Booking', 'Corporate Account', 'Contact Us']) {
      await nav.getByRole('link', { name: link, exact: true }).waitFor();
    }
    // Asked once as the page starts (the open page asks again every 5 s: issue 33).
    expect(settingsRequests).toHaveLength(1);
    await page.getByRole('heading', { name: 'Popular Locations' }).waitFor();
    // Demo fleet, demo operators and demo contact details come from the real API and database.
    await page.getByText('Up to 8 Passenger').first().waitFor();
    await page
      .getByRole('img', { name: /Saloon/i })
      .first()
      .waitFor();
    await page
      .getByText(/Heathrow/)
      .first()
      .waitFor();
    const footer = page.getByRole('contentinfo');
    await footer.getByText('Heathrow Executive Cars').waitFor();
    await footer.getByText(/©/).waitFor();
    await expect(
      page.getByRole('link', { name: /\+44/ }).first().getAttribute('href'),
    ).resolves.toMatch(/^tel:/);
    await page.close();
  });

  it('takes its global styles from index.html, and they stay the same once Chakra loads', async () => {
    const page = await suite.browser.newPage();
    await page.goto(suite.app.url);
    await page.getByRole('heading', { name: 'Popular Locations' }).waitFor();
    // Written by the build (build/chakra-static-css.ts); Chakra inserts the same CSS with
    // emotion's Global, under data-emotion="css-global …", once a screen inside its provider
    // opens. Read on the home page, which uses no Chakra, and on such a screen.
    const readStyles = () =>
      page.evaluate(() => ({
        runtimeGlobals: document.querySelectorAll('style[data-emotion^="css-global"]').length,
        brand: getComputedStyle(document.documentElement).getPropertyValue(
          '--chakra-colors-brand-600',
        ),
        bodyFont: getComputedStyle(document.body).fontFamily,
        // Chakra's preflight: no default margin on the body.
        bodyMargin: getComputedStyle(document.body).margin,
      }));
    const expected = {
      runtimeGlobals: 0,
      brand: '#0b3d91',
      bodyFont: expect.stringContaining('Inter') as string,
      bodyMargin: '0px',
    };
    expect(await readStyles()).toEqual(expected);
    await page
      .getByRole('navigation', { name: /main/i })
      .getByRole('link', { name: 'Contact Us' })
      .click();
    await page.getByRole('form', { name: 'Contact Us' }).waitFor();
    // Chakra has inserted its own copy, and the page looks the same.
    const withChakra = await readStyles();
    expect(withChakra.runtimeGlobals).toBeGreaterThan(0);
    expect(withChakra).toEqual({ ...expected, runtimeGlobals: withChakra.runtimeGlobals });
    await page.close();
  });

  it('draws the home page without Chakra, which loads with the first screen that uses it', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Chakra's button recipe names its class; that text is in whichever script holds Chakra.
    const chakraScripts: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.text().catch(() => '');
      if (body.includes('chakra-button')) chakraScripts.push(response.url());
    });
    await page.goto(suite.app.url);
    await page.getByRole('heading', { name: 'Popular Locations' }).waitFor();
    await page.getByRole('contentinfo').getByText(/©/).waitFor();
    await page.getByRole('button', { name: 'Search' }).first().click();
    await page.waitForLoadState('networkidle');
    expect(chakraScripts).toEqual([]);
    await page
      .getByRole('navigation', { name: /main/i })
      .getByRole('link', { name: 'Contact Us' })
      .click();
    await page.getByRole('form', { name: 'Contact Us' }).waitFor();
    await expect.poll(() => chakraScripts.length).toBeGreaterThan(0);
    await page.close();
  });

  it('rings a focused link on the dark header and footer in white', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(suite.app.url);
    const footerLink = page.getByRole('contentinfo').getByRole('link').first();
    await footerLink.waitFor();
    const ringOf = () =>
      page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        return [getComputedStyle(focused).outlineColor, focused.getBoundingClientRect().height];
      });
    // Keyboard focus (focus-visible): Tab from the skip link to the company name.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'RideBook UK',
    );
    const [headerRing, headerLinkHeight] = await ringOf();
    expect(headerRing).toBe('rgb(255, 255, 255)');
    expect(headerLinkHeight).toBeLessThan(64);
    await footerLink.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect((await ringOf())[0]).toBe('rgb(255, 255, 255)');
    await page.close();
  });

  it('navigates between screens, and shows "Page not found" with a link home at an unknown address', async () => {
    const page = await suite.browser.newPage();
    await page.goto(suite.app.url);
    await page
      .getByRole('navigation', { name: /main/i })
      .getByRole('link', { name: 'Our Fleet' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Our Fleet' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/ourfleet');
    await page.getByRole('link', { name: 'Contact Us', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();

    const missing = await page.goto(`${suite.app.url}/no/such/page`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.title()).toMatch(/^Page not found/);
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    // The same page when the app is already running and a link leads nowhere.
    await page.goto(suite.app.url);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/ourfleet/extra');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { name: 'Popular Locations' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('starts each new screen at the top and returns to the saved position on Back', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 700 } });
    await page.goto(suite.app.url);
    await page.getByRole('heading', { name: 'Popular Locations' }).waitFor();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const footerY = await page.evaluate(() => window.scrollY);
    expect(footerY).toBeGreaterThan(500);

    await page.getByRole('contentinfo').getByRole('link', { name: /@/ }).waitFor();
    // Back at the top for a frame (its scroll event dispatched), then down to the footer and a
    // click on an in-app link in one task: the navigation starts before that scroll's event.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    });
    await page.evaluate((y) => {
      window.scrollTo(0, y);
      document
        .querySelector<HTMLAnchorElement>('main a[href="/ourfleet"], a[href="/ourfleet"]')
        ?.click();
    }, footerY);
    await page.getByRole('heading', { level: 1, name: 'Our Fleet' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.getByRole('heading', { name: 'Popular Locations' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(footerY - 50);
    await page.close();
  });

  it('opens the site afresh at the top, not where an earlier visit in the tab left it', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 700 } });
    await page.goto(suite.app.url);
    await page.getByRole('contentinfo').getByRole('link', { name: /@/ }).waitFor();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // Leaving the home screen saves its position under its history entry's key.
    await page.evaluate(() => {
      document.querySelector<HTMLAnchorElement>('a[href="/ourfleet"]')?.click();
    });
    await page.getByRole('heading', { level: 1, name: 'Our Fleet' }).waitFor();
    // The address typed again: a new entry, whose key is the same first-entry key.
    await page.goto(suite.app.url);
    await page.getByRole('contentinfo').getByRole('link', { name: /@/ }).waitFor();
    await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it('shows the loading message before any script has arrived', async () => {
    const page = await suite.browser.newPage();
    // Scripts that never arrive: what a visitor sees while the bundle crawls over a poor link.
    await page.route('**/*.js', () => undefined);
    await page.goto(suite.app.url, { waitUntil: 'commit' });
    await page.getByRole('status').getByText(MESSAGES.loadingContent).waitFor();
    await page.close();
  });

  it('hides the navbar on the sign-in screen', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.app.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await expect(page.getByRole('navigation', { name: /main/i }).count()).resolves.toBe(0);
    await page.close();
  });
});

describe('offline', () => {
  it('installs the service worker and still renders the app, with its data, on an offline reload', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(suite.app.url);
    await waitForServiceWorker(page);
    // Let the catalogue reads go through the worker so it has a copy of each. The first load's
    // reads went out before the worker controlled the page, and a reload answers them from the
    // persisted query cache while it is fresh: so clear that, reload, and look in the worker's
    // cache. Now and then (2 of about 15 runs after accessibility.test.ts; cause not found) the
    // copies were still missing after one such reload, so the setup reloads until they are
    // there; what the test proves, the offline reloads below, is unchanged.
    const CATALOGUE = [
      '/api/v1/ai-addresses',
      '/api/v1/fetch_companies',
      '/api/v1/fetch_vehicles',
      '/api/v1/settings-flat',
    ];
    const cachedCatalogue = () =>
      page.evaluate(async () => {
        const keys = await (await caches.open('catalogue-v1')).keys();
        return keys.map((request) => new URL(request.url).pathname).sort();
      });
    await expect
      .poll(
        async () => {
          const cached = await cachedCatalogue();
          if (CATALOGUE.every((path) => cached.includes(path))) return cached;
          await page.evaluate(() => localStorage.clear());
          await page.reload();
          await page.getByText('Up to 8 Passenger').first().waitFor();
          return cachedCatalogue();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toEqual(expect.arrayContaining(CATALOGUE));

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Popular Locations' }).waitFor();
    await page.getByText('Up to 8 Passenger').first().waitFor();

    // Without the persisted query cache the data can only come from the worker's own caches.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByText('Heathrow Executive Cars').first().waitFor();
    await page.getByText('Up to 8 Passenger').first().waitFor();
    await page.getByRole('heading', { name: 'Popular Locations' }).waitFor();
    const vehicleImageLoaded = await page
      .getByRole('img', { name: 'Saloon' })
      .first()
      .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth > 0));
    expect(vehicleImageLoaded).toBe(true);

    // Typed address searches are cached apart, so they can never push the catalogue out.
    await context.setOffline(false);
    await page.evaluate(
      (headers) => fetch('/api/v1/ai-addresses?q=gatwick', { headers }).then(() => undefined),
      API_HEADERS,
    );
    // The worker stores its copy after answering the page, so look until it is there.
    const cachedSearches = (cacheName: string) =>
      page.evaluate(async (name) => {
        const keys = await (await caches.open(name)).keys();
        return keys.map((request) => new URL(request.url).search);
      }, cacheName);
    await expect.poll(() => cachedSearches('address-searches-v1')).toContain('?q=gatwick');
    expect(await cachedSearches('catalogue-v1')).not.toContain('?q=gatwick');
    await context.setOffline(true);

    // A deep link opened offline is served by the worker's navigation fallback.
    await page.goto(`${suite.app.url}/ourfleet`);
    await page.getByRole('heading', { level: 1, name: 'Our Fleet' }).waitFor();

    // The worker answers only the app's pages: an unknown address reaches the server's 404.
    await context.setOffline(false);
    const missing = await page.goto(`${suite.app.url}/no/such/page`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await context.close();
  });
});
