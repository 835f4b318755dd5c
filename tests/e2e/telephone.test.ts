import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES } from '../../src/domain/messages';
import { useServedAppAndBrowser, type Page } from './harness';

const suite = useServedAppAndBrowser();

/** The text a field's error shows, through its aria-describedby. */
const errorOf = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((control) => {
    const id = control.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });

describe('the telephone on Quote Now and Contact Us', () => {
  it("keeps Quote Now's telephone in international format, as typed, in a tel field", async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/quoteView`);
    await page.getByRole('button', { name: 'SEND' }).waitFor();
    const telephone = page.getByLabel('Telephone', { exact: true });
    expect(await telephone.getAttribute('type')).toBe('tel');
    expect(await telephone.getAttribute('autocomplete')).toBe('tel');
    await telephone.pressSequentially('+44 7700 900555');
    expect(await telephone.inputValue()).toBe('+44 7700 900555');
    await telephone.fill('+44 77OO');
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect
      .poll(() => errorOf(page, 'Telephone'))
      .toBe('Telephone may contain only digits, spaces, +, ( ) and -');
    await context.close();
  });

  it('sends a contact number written with +, spaces, ( ) and -, as the server accepts', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.app.url}/contactus`);
    await page.getByRole('button', { name: 'SUBMIT' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(`phone-${randomUUID()}@example.com`);
    await page.getByLabel('Telephone', { exact: true }).fill('+44 (0)7700 900-456');
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.getByRole('alertdialog', { name: SUBMISSION_MESSAGES.formSubmittedTitle }).waitFor();
    await context.close();
  });
});
