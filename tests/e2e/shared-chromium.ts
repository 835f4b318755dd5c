import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

/**
 * Vitest globalSetup of the browser tests: one Chromium for the run, which each file connects to
 * (harness.ts launchBrowser) and in which each test opens contexts of its own, as Playwright's
 * browser server is meant to be used. Launching Chromium for every file cost a second or two of
 * both cores each time.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
