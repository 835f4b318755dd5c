import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  launchBrowser,
  startServedApp,
  waitForServiceWorker,
  type Browser,
  type Page,
} from '../e2e/harness';
import { MESSAGES } from '../../src/domain/messages';
import { median, MOBILE_CPU_SLOWDOWN } from './figures';

/** The emulated slow link: 250 kB/s down and up, 300 ms latency. */
const SLOW_LINK = {
  offline: false,
  latency: 300,
  downloadThroughput: 250 * 1024,
  uploadThroughput: 250 * 1024,
};
const RUNS = 3;
/** The build the served app sends (the harness reads DIST_DIR too). */
const DIST = process.env.DIST_DIR ?? 'dist';

/** The home page is usable when the loading overlay is gone and the quote area is on screen. */
export async function waitUntilUsable(page: Page): Promise<void> {
  await page
    .getByRole('tab', { name: 'Hourly Rate' })
    .or(page.getByText('Hourly Rate').first())
    .first()
    .waitFor();
  await page.getByText(MESSAGES.loadingContent).waitFor({ state: 'detached' });
}

/** A new browser context and page on the slow link, its CPU slowed `cpuSlowdown` times. */
async function openOnSlowLink(browser: Browser, cpuSlowdown = 1) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { context, page, cdp };
}

export async function benchHomeLoad(): Promise<[string, string][]> {
  const app = await startServedApp();
  const browser = await launchBrowser();
  try {
    // First visit: which scripts does the home page download, and how big are they gzipped?
    const scripts = new Set<string>();
    let wireBytes = 0;
    const first: number[] = [];
    const repeat: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const { context, page, cdp } = await openOnSlowLink(browser);
      const scriptIds = new Set<string>();
      let runWire = 0;
      // Only what the page fetched until it was usable: later chunks (the service worker's
      // script, screens prefetched at idle) are not part of the first load.
      let loading = true;
      cdp.on(
        'Network.responseReceived',
        (e: { requestId: string; type: string; response: { url: string } }) => {
          if (loading && e.type === 'Script') {
            scriptIds.add(e.requestId);
            scripts.add(new URL(e.response.url).pathname);
          }
        },
      );
      cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
        if (scriptIds.has(e.requestId)) runWire += e.encodedDataLength;
      });
      const start = Date.now();
      await page.goto(app.url);
      await waitUntilUsable(page);
      first.push(Date.now() - start);
      loading = false;
      wireBytes = runWire;

      // Repeat visit: the service worker serves the shell from its precache.
      await waitForServiceWorker(page);
      const again = Date.now();
      await page.reload();
      await waitUntilUsable(page);
      repeat.push(Date.now() - again);
      await context.close();
    }

    // A cheap phone on that link: the same first visit with the CPU 4x slower (Lighthouse's
    // mobile slowdown). Rendering while the settings are on their way is not free here.
    const cheapPhone: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const { context, page } = await openOnSlowLink(browser, MOBILE_CPU_SLOWDOWN);
      const start = Date.now();
      await page.goto(app.url);
      await waitUntilUsable(page);
      cheapPhone.push(Date.now() - start);
      await context.close();
    }

    let gzipBytes = 0;
    for (const path of scripts) {
      const size = gzipSync(readFileSync(join(DIST, path)), { level: 9 }).length;
      gzipBytes += size;
      if (process.env.BENCH_VERBOSE) console.log(`  ${(size / 1024).toFixed(1)} kB ${path}`);
    }

    return [
      ['Home first-load JS until usable, gzip (KiB)', (gzipBytes / 1024).toFixed(1)],
      ['Home first-load JS, on the wire (brotli, KiB)', (wireBytes / 1024).toFixed(1)],
      ['Home first-load script files', String(scripts.size)],
      [
        `Home usable, first visit, 250 kB/s + 300 ms (ms, median of ${RUNS})`,
        String(median(first)),
      ],
      [`Home usable, repeat visit via SW (ms, median of ${RUNS})`, String(median(repeat))],
      [
        `Home usable, first visit, same link and 4x CPU (ms, median of ${RUNS})`,
        String(median(cheapPhone)),
      ],
    ];
  } finally {
    await browser.close();
    await app.stop();
  }
}
