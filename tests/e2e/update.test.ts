import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useServedAppAndBrowser, waitForServiceWorker } from './harness';
import { createQuoteSteps } from './quote-steps';

// A copy of the build that the test can "release" a new version of while a visitor has it open.
const distCopy = mkdtempSync(join(tmpdir(), 'ridebook-dist-'));
cpSync('dist', distCopy, { recursive: true });
const suite = useServedAppAndBrowser({ DIST_DIR: distCopy });
const { newVisitorPage, quoteHeathrowToGatwick } = createQuoteSteps(suite);
afterAll(() => rmSync(distCopy, { recursive: true, force: true }));

/** Publishes a new service worker, as a deploy does; its compressed twins would be stale. */
function releaseNewVersion(): void {
  appendFileSync(join(distCopy, 'sw.js'), `\n// release ${Date.now()}\n`);
  rmSync(join(distCopy, 'sw.js.br'), { force: true });
  rmSync(join(distCopy, 'sw.js.gz'), { force: true });
}

describe('a new release while the app is open', () => {
  it('waits while the passenger is choosing a vehicle, offers a reload once they leave the booking, and applies it', async () => {
    // A real quote: the booking steps send a visitor with nothing chosen back home.
    const { page } = await newVisitorPage();
    const context = page.context();
    await quoteHeathrowToGatwick(page);
    await waitForServiceWorker(page);

    releaseNewVersion();
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.waiting?.state ?? null;
        }),
      )
      .toBe('installed');

    // Mid-booking: no prompt, and the old version keeps serving.
    await page.waitForTimeout(500);
    await expect(page.getByText('A new version is available').count()).resolves.toBe(0);

    await page
      .getByRole('navigation', { name: /main/i })
      .getByRole('link', { name: 'Home' })
      .click();
    await page.getByText('A new version is available').waitFor();

    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Popular Locations' }).waitFor();
    const waitingAfter = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting ?? null;
    });
    expect(waitingAfter).toBeNull();
    await expect(page.getByText('A new version is available').count()).resolves.toBe(0);
    await context.close();
  });
});
