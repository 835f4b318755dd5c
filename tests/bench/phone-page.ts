import type { Browser } from '../e2e/harness';
import { MOBILE_CPU_SLOWDOWN } from './figures';

/** Lighthouse's mobile screen. */
const PHONE_VIEWPORT = { width: 412, height: 823 };

/**
 * A new context and page with a phone's screen and Lighthouse's 4x CPU slowdown (no network
 * throttling: it is the CPU that shows). `initScript` runs in every document before its own.
 */
export async function openPhonePage(browser: Browser, initScript?: () => void) {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
  return { context, page };
}
