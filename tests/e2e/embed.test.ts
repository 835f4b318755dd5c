import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server-process';
import { useServedAppAndBrowser } from './harness';

/** An operator's site on an origin of its own, with the one script tag. */
const hostPort = await freePort();
const hostOrigin = `http://127.0.0.1:${hostPort}`;
const suite = useServedAppAndBrowser({ EMBED_PARENT_ORIGINS: hostOrigin });
const POLL = { timeout: 15_000 };

let host: Server;
beforeAll(async () => {
  host = createServer((request, response) => {
    // /console: a page that tries to frame the operator console instead of the booking pages.
    const dataPath = request.url === '/console' ? ' data-path="/operator/login"' : '';
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html lang="en-GB"><head><title>Operator site</title></head>
<body><h1>Operator site</h1><script src="${suite.app.url}/embed.js"${dataPath} async></script></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(hostPort, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

describe('embedding the app in an operator site', () => {
  it('sizes the frame to the app page from its height messages, and follows the route', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${hostOrigin}/`);
    const frameElement = page.locator('iframe[title="Book a taxi"]');
    await frameElement.waitFor();
    const frame = page.frameLocator('iframe[title="Book a taxi"]');
    await frame.getByRole('heading', { name: 'Popular Locations' }).waitFor(POLL);

    // The frame takes the app page's full height, well beyond its 640 px minimum.
    const appHeight = async () =>
      (await (await frameElement.elementHandle())?.contentFrame())?.evaluate(() =>
        Math.ceil(document.getElementById('root')?.getBoundingClientRect().height ?? 0),
      );
    await expect
      .poll(async () => {
        const style = await frameElement.evaluate((el) => (el as HTMLIFrameElement).style.height);
        return Number.parseInt(style, 10);
      }, POLL)
      .toBeGreaterThan(1000);
    const styled = await frameElement.evaluate((el) => (el as HTMLIFrameElement).style.height);
    expect(Math.abs(Number.parseInt(styled, 10) - ((await appHeight()) ?? 0))).toBeLessThan(40);

    // Another step inside: the parent hears the new path, and the frame takes its height.
    const before = Number.parseInt(styled, 10);
    await frame.getByRole('link', { name: 'Contact Us' }).first().click();
    await expect.poll(() => frameElement.getAttribute('data-path'), POLL).toBe('/contactus');
    await expect
      .poll(async () => {
        const style = await frameElement.evaluate((el) => (el as HTMLIFrameElement).style.height);
        return Number.parseInt(style, 10);
      }, POLL)
      .not.toBe(before);
    await context.close();
  });

  it('never shows the console or a passenger booking inside the frame', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    // Framed directly, the console is refused by the browser (frame-ancestors, X-Frame-Options).
    await page.goto(`${hostOrigin}/console`);
    await expect
      .poll(() => page.frames().map((frame) => frame.url()), POLL)
      .toContainEqual(expect.stringMatching(/^chrome-error:/));

    // Reached by a link inside a framed booking page (no reload), the app offers a window.
    await page.goto(`${hostOrigin}/`);
    const frame = page.frameLocator('iframe[title="Book a taxi"]');
    await frame.getByRole('heading', { name: 'Popular Locations' }).waitFor(POLL);
    await frame.locator('body').evaluate(() => {
      window.history.pushState({}, '', '/manage-booking');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await frame
      .getByRole('heading', { level: 1, name: 'This page opens in its own window' })
      .waitFor(POLL);
    const link = frame.getByRole('link', { name: 'Open it in a new window' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toBe('/manage-booking');
    await context.close();
  });

  it('serves a demo host page that embeds the app with one script tag', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    const missing: string[] = [];
    context.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await page.goto(`${suite.app.url}/embed-demo.html`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Popular Locations' }).waitFor(POLL);
    await expect.poll(() => page.locator('#embed-step').textContent(), POLL).toBe('/');
    // The host page names the icon; nothing it or the frame asks for is missing.
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    expect(missing).toEqual([]);
    await context.close();
  });
});
