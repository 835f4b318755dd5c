import { expect } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Browser, Page, ServedApp } from './harness';

/**
 * The quote steps a visitor takes (home form, suggestions, results), shared by the browser
 * tests of quoting and booking. Made per test file from its served app and browser.
 */
/**
 * A suggestion's address: the option reads "address, area", the address its own text and the
 * area (which of several same-named places it is) a span after it.
 */
export function suggestionAddress(option: Locator): Promise<string> {
  return option.evaluate((element) =>
    [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join(''),
  );
}

export function createQuoteSteps(suite: { readonly app: ServedApp; readonly browser: Browser }) {
  /** The three demo operators the seeded rate cards price. */
  const DEMO_OPERATORS = [
    'Heathrow Executive Cars',
    'Thames Valley Private Hire',
    'Northern Star Chauffeurs',
  ];

  /** Waits on the page settle within this, not vitest's one-second default. */
  const POLL = { timeout: 10_000 };

  const MONEY = /^£[\d,]+\.\d{2}$/;

  /**
   * A page of its own context (a fresh IndexedDB, so no earlier quote is restored) that records
   * script errors and console errors; Content-Security-Policy violations are console errors too.
   */
  async function newVisitorPage(): Promise<{ page: Page; errors: string[] }> {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, errors };
  }

  /** The home page's quote card on the tab given. */
  async function openQuoteTab(page: Page, tab: 'GET A QUOTE' | 'Hourly Rate') {
    await page.goto(suite.app.url);
    const hourlyTab = page.getByRole('tab', { name: 'Hourly Rate' });
    // Both tabs show with the demo settings, and Hourly Rate is the one active on arrival.
    await expect.poll(() => hourlyTab.getAttribute('aria-selected'), POLL).toBe('true');
    if (tab === 'GET A QUOTE') {
      await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
      await expect
        .poll(
          () => page.getByRole('tab', { name: 'GET A QUOTE' }).getAttribute('aria-selected'),
          POLL,
        )
        .toBe('true');
    }
    return page.getByRole('tabpanel', { name: tab });
  }

  /**
   * Types into an address combobox and picks the suggestion by keyboard, as the combobox
   * pattern has it: Arrow Down highlights the first option, Enter picks it.
   */
  async function chooseAddress(scope: Locator, label: string, typed: string, suggestion: string) {
    const box = scope.getByRole('combobox', { name: label, exact: true });
    await box.fill(typed);
    const listbox = scope.getByRole('listbox', { name: `${label} suggestions` });
    const first = listbox.getByRole('option').first();
    await expect.poll(() => suggestionAddress(first), POLL).toBe(suggestion);
    await box.press('ArrowDown');
    await expect.poll(() => first.getAttribute('aria-selected'), POLL).toBe('true');
    await expect
      .poll(() => box.getAttribute('aria-activedescendant'), POLL)
      .toBe(await first.getAttribute('id'));
    await box.press('Enter');
    await expect.poll(() => box.inputValue(), POLL).toBe(suggestion);
    await expect.poll(() => box.getAttribute('aria-expanded'), POLL).toBe('false');
  }

  function summaryOf(page: Page) {
    return page.getByRole('complementary', { name: 'Your quote' });
  }

  /** The value beside a label of the quote summary, e.g. 'From'. */
  async function summaryValue(page: Page, label: string): Promise<string> {
    const term = summaryOf(page)
      .locator('dt')
      .filter({ hasText: new RegExp(`^${label}$`) });
    return (await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
  }

  /** The summary's labels in order. */
  async function summaryLabels(page: Page): Promise<string[]> {
    return summaryOf(page).locator('dt').allTextContents();
  }

  function cards(page: Page) {
    return page.getByRole('region', { name: 'Vehicles' }).getByRole('article');
  }

  /** Each card's price in pounds, top to bottom. */
  async function cardPrices(page: Page): Promise<number[]> {
    const texts = await cards(page).evaluateAll((articles) =>
      articles.map(
        (article) =>
          [...article.querySelectorAll('p')]
            .map((p) => p.textContent ?? '')
            .find((text) => /^£[\d,]+\.\d{2}$/.test(text)) ?? '',
      ),
    );
    for (const text of texts) expect(text).toMatch(MONEY);
    return texts.map((text) => Number(text.replace(/[£,]/g, '')));
  }

  /** The results page has its cards: 'Top results', and at least one priced card. */
  async function waitForResults(page: Page) {
    await page.waitForURL(`${suite.app.url}/quotationview`);
    await page.getByRole('heading', { level: 1, name: 'Top results' }).waitFor();
    await cards(page).first().waitFor();
  }

  /** 'Heathrow … Terminal 5' to Gatwick, one way, from the home page. */
  async function quoteHeathrowToGatwick(page: Page) {
    const form = await openQuoteTab(page, 'GET A QUOTE');
    await chooseAddress(
      form,
      'Pick-Up',
      'Heathrow Terminal 5',
      'Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA',
    );
    await chooseAddress(form, 'Drop-Off', 'Gatwick', 'Gatwick Airport (LGW), Crawley RH6 0NP');
    await form.getByRole('button', { name: 'Quote', exact: true }).click();
    await waitForResults(page);
  }

  return {
    DEMO_OPERATORS,
    POLL,
    MONEY,
    newVisitorPage,
    openQuoteTab,
    chooseAddress,
    summaryOf,
    summaryValue,
    summaryLabels,
    cards,
    cardPrices,
    waitForResults,
    quoteHeathrowToGatwick,
  };
}
