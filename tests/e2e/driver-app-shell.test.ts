import { describe, expect, it } from 'vitest';
import { DRIVER_APP_MESSAGES } from '../../src/domain/driver-app-messages';
import { settle, violations } from './axe';
import { useServedAppAndBrowser, waitForServiceWorker } from './harness';

const suite = useServedAppAndBrowser();

/** The driver's phone (issue 34): 390 × 844. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

describe("the driver's app shell", () => {
  it('signs in at /driver/login on a phone, with no axe violations', async () => {
    const context = await suite.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/driver/login`);
    await page.getByRole('heading', { name: 'Sign in to RideBook Driver' }).waitFor();
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Password').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Its own manifest and colour, not the passenger site's.
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/driver.webmanifest',
    );
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1e293b');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await settle(page);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('is served by the service worker without signal, deep links included', async () => {
    const context = await suite.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/driver/login`);
    await page.getByRole('heading', { name: 'Sign in to RideBook Driver' }).waitFor();
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to RideBook Driver' }).waitFor();
    // My jobs with nothing kept on the phone yet: it says what it needs, rather than failing.
    await page.goto(`${suite.app.url}/driver/`);
    await page.getByText(DRIVER_APP_MESSAGES.noSignalFirstStart).waitFor();
    await page.goto(`${suite.app.url}/driver/jobs/710000011`);
    await page.getByText(DRIVER_APP_MESSAGES.noSignalFirstStart).waitFor();
    await context.close();
  });
});
