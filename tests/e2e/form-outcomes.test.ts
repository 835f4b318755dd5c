import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES } from '../../src/domain/messages';
import { useServedAppAndBrowser, type Page } from './harness';

const suite = useServedAppAndBrowser();
const POLL = { timeout: 15_000 };
const PHONE = { width: 390, height: 844 };

/** A date a week ahead, YYYY-MM-DD. */
function nextWeek(): string {
  return new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

async function fillQuoteNow(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Quote Now' }).waitFor();
  await page.getByRole('combobox', { name: 'Pick up' }).fill('London Paddington Station');
  await page.getByRole('combobox', { name: 'Drop Off' }).fill('Heathrow Airport Terminal 5');
  await page.getByLabel('Date', { exact: true }).fill(nextWeek());
  await page.getByLabel('Time', { exact: true }).fill('14:30');
  await page.getByLabel('Email', { exact: true }).fill(`outcome-${randomUUID()}@example.com`);
  await page.getByLabel('Telephone', { exact: true }).fill('+44 7700 900555');
  await page.getByLabel('Additional Comments', { exact: true }).fill('Two child seats, please');
}

/** Whether the whole of the status region's notice is inside the window. */
function noticeInView(page: Page, text: string): Promise<boolean> {
  return page
    .getByRole('status')
    .filter({ hasText: text })
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    });
}

describe('the outcome of Quote Now on a phone', () => {
  it('is scrolled into view and announced after SEND', async () => {
    const context = await suite.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/quoteView`);
    await fillQuoteNow(page);
    const send = page.getByRole('button', { name: 'SEND' });
    await send.scrollIntoViewIfNeeded();
    await send.click();
    const notice = page.getByRole('status').filter({ hasText: SUBMISSION_MESSAGES.quoteSent });
    await notice.waitFor(POLL);
    await expect.poll(() => noticeInView(page, SUBMISSION_MESSAGES.quoteSent), POLL).toBe(true);
    await context.close();
  });

  it('says a saved request was sent once it goes, when the connection returns', async () => {
    const context = await suite.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/quoteView`);
    await fillQuoteNow(page);
    await context.setOffline(true);
    const send = page.getByRole('button', { name: 'SEND' });
    await send.scrollIntoViewIfNeeded();
    await send.click();
    const status = page.getByRole('status').filter({ hasText: SUBMISSION_MESSAGES.queuedOffline });
    await status.waitFor(POLL);
    await expect.poll(() => noticeInView(page, SUBMISSION_MESSAGES.queuedOffline), POLL).toBe(true);

    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: SUBMISSION_MESSAGES.quoteSent }).waitFor(POLL);
    await expect.poll(() => page.getByText(SUBMISSION_MESSAGES.queuedOffline).count()).toBe(0);
    await context.close();
  });
});
