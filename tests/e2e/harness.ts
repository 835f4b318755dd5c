import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_HEADERS, spawnServer } from '../support/server-process';

/** Flags that keep Debian's Chromium quiet on a machine with no internet (RECIPES.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const API_HEADERS = DEMO_HEADERS;

export interface ServedApp {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`npm run serve`'s command) on the built PWA with a new embedded
 * database, exactly as a visitor would meet it. `npm test` builds before the browser tests run.
 */
export async function startServedApp(env: Record<string, string> = {}): Promise<ServedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ridebook-e2e-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const server = await spawnServer({ env: { DATA_DIR: dataDir, ...env } }).catch(
    (error: unknown) => {
      removeDataDir();
      throw error;
    },
  );
  return {
    url: server.url,
    dataDir,
    async stop() {
      await server.stop();
      removeDataDir();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Waits until a service worker is activated and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve());
      });
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
          once: true,
        }),
      );
    }
  });
}

export type { Browser, BrowserContext, Page };
