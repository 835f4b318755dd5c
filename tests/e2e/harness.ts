import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pgliteDataDir } from '../../src/server/db/database';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { seededTemplates } from '../support/seeded-templates-ready';
import { DEMO_HEADERS, spawnServer } from '../support/server-process';

export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export const API_HEADERS = DEMO_HEADERS;

export interface ServedApp {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (the run's bundle of it, as `npm start` runs one) on the built PWA with an
 * embedded database of its own, exactly as a visitor would meet it. The browser tests wait for
 * `npm test`'s build (tests/e2e/setup.ts).
 */
export async function startServedApp(env: Record<string, string> = {}): Promise<ServedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ridebook-e2e-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  // Under Vitest, a copy of the run's migrated, seeded database (tests/support/seeded-templates.ts),
  // as a restarted server finds its own: creating one adds seconds to every file's start. The
  // benches (outside Vitest) start on an empty directory.
  const template = process.env.VITEST ? await seededTemplates() : undefined;
  if (template) cpSync(template.pgliteDataDir, pgliteDataDir(dataDir), { recursive: true });
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

/**
 * A browser for one test file: under Vitest, a connection to the run's one Chromium
 * (shared-chromium.ts), whose contexts and pages close with it; elsewhere (the benches) its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env.VITEST ? inject('chromiumEndpoint') : undefined;
  if (endpoint) return chromium.connect(endpoint);
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

/**
 * A served app and a browser for one test file: started before its tests, stopped after.
 * Read `suite.app` and `suite.browser` inside tests (they exist once beforeAll has run).
 */
export function useServedAppAndBrowser(env: Record<string, string> = {}): {
  readonly app: ServedApp;
  readonly browser: Browser;
} {
  let app: ServedApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startServedApp(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  return {
    get app() {
      if (!app) throw new Error('the served app starts in beforeAll');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
  };
}
