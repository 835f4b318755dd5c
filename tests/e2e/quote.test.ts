import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { hour24To12 } from '../../src/domain/time';
import { useServedAppAndBrowser, type Page } from './harness';
import { createQuoteSteps, suggestionAddress } from './quote-steps';

const suite = useServedAppAndBrowser();
const {
  DEMO_OPERATORS,
  POLL,
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
} = createQuoteSteps(suite);

/** The 'N km (M miles) each way' of the summary, checked for km = miles × 1.60934 rounded. */
async function expectDistanceEachWay(page: Page): Promise<number> {
  const distance = await summaryValue(page, 'Distance');
  const match = /^(\d+) km \(([\d.]+) miles?\) each way$/.exec(distance);
  expect(match, distance).not.toBeNull();
  const km = Number(match?.[1]);
  const miles = Number(match?.[2]);
  expect(miles).toBeGreaterThan(0);
  // The miles shown are rounded to 0.1, so the kilometres may differ from them by one.
  expect(Math.abs(km - miles * 1.60934)).toBeLessThanOrEqual(1);
  expect(await summaryValue(page, 'Duration')).toMatch(/\d+ (hrs?|mins?).* each way$/);
  return miles;
}

/** The UK calendar date and hour now, whatever the machine's own zone. */
function londonNow(): { date: string; hour: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: String(parts.hour) };
}

/** The browser logs a refused request as a console error: the 422 the dialog explains. */
const isExpected422 = (text: string) =>
  /Failed to load resource: the server responded with a status of 422/.test(text);

describe('a visitor quoting a journey', () => {
  it('quotes Heathrow Terminal 5 to Gatwick one way and sees the priced operators', async () => {
    const { page, errors } = await newVisitorPage();
    await quoteHeathrowToGatwick(page);

    const count = await cards(page).count();
    expect(count).toBeGreaterThan(2);
    const prices = await cardPrices(page);
    expect(prices.every((price) => price > 0)).toBe(true);

    // With several operators the cheapest offer comes first, marked 'Lowest Price'.
    const first = cards(page).first();
    await first.getByText('Lowest Price', { exact: true }).waitFor();
    await expect(first.getByRole('heading', { level: 2 }).textContent()).resolves.toMatch(
      /^Lowest Price:/,
    );
    expect(prices[0]).toBe(Math.min(...prices.slice(1)));
    await expect(cards(page).getByText('Lowest Price', { exact: true }).count()).resolves.toBe(1);
    await first.getByText('1 x Vehicle Selected').waitFor();
    // The other cards follow in the server's order, cheapest first.
    const others = prices.slice(1);
    expect(others).toEqual([...others].sort((a, b) => a - b));

    // Every card names its operator and its rating out of five; all demo operators price.
    const operators = new Set<string>();
    for (const name of DEMO_OPERATORS) {
      if ((await cards(page).getByText(name, { exact: true }).count()) > 0) operators.add(name);
    }
    expect([...operators].sort()).toEqual([...DEMO_OPERATORS].sort());
    const ratings = await cards(page)
      .getByRole('img', { name: /^Rated \d\.\d out of 5$/ })
      .count();
    expect(ratings).toBe(count);
    await expect(cards(page).getByText('One Way', { exact: true }).count()).resolves.toBe(count);
    await expect(cards(page).getByRole('button', { name: 'Book Now' }).count()).resolves.toBe(
      count,
    );
    const vehicleCounts = cards(page).nth(1).getByRole('combobox', { name: 'Vehicles' });
    await expect(vehicleCounts.locator('option').allTextContents()).resolves.toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `${n} x Vehicle Selected`),
    );

    // The summary: the journey as asked, its distance in km and miles and its duration.
    expect(await summaryValue(page, 'From')).toBe(
      'Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA',
    );
    expect(await summaryValue(page, 'To')).toBe('Gatwick Airport (LGW), Crawley RH6 0NP');
    await expectDistanceEachWay(page);
    expect(await summaryLabels(page)).not.toContain('Return From');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('quotes a return trip with an extra stop as a round trip', async () => {
    const { page, errors } = await newVisitorPage();
    const form = await openQuoteTab(page, 'GET A QUOTE');
    await chooseAddress(form, 'Pick-Up', 'London Paddington', 'London Paddington Station, W2 1HQ');
    await chooseAddress(form, 'Drop-Off', 'Gatwick', 'Gatwick Airport (LGW), Crawley RH6 0NP');

    await form.getByRole('button', { name: 'Add Return' }).click();
    const returnLeg = form.getByRole('group', { name: 'Return Journey' });
    // The return leg starts as the outward trip reversed, the day after the pickup.
    await expect(
      returnLeg.getByRole('combobox', { name: 'Return Pick-Up' }).inputValue(),
    ).resolves.toBe('Gatwick Airport (LGW), Crawley RH6 0NP');
    await expect(
      returnLeg.getByRole('combobox', { name: 'Return Drop-Off' }).inputValue(),
    ).resolves.toBe('London Paddington Station, W2 1HQ');
    const pickupDate = await form.getByLabel('Pick up Date').inputValue();
    const returnDate = await returnLeg.getByLabel('Return Date').inputValue();
    expect(returnDate > pickupDate).toBe(true);

    // A stop in Reading: the offline gazetteer places it by the town.
    await form.getByRole('button', { name: 'Add Stop' }).click();
    const stop = form.getByRole('group', { name: 'Stop 1' });
    await stop.getByRole('combobox', { name: 'Street/Road Name' }).fill('Station Road');
    await stop.getByLabel('Number').fill('10');
    await stop.getByLabel('City or Post Code').fill('Reading');

    // No return time is assumed: the Quote button says which pickers to fill, and asks nothing.
    const priceCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(API_PATHS.calculateDistancePrice)) priceCalls.push(request.url());
    });
    const quote = form.getByRole('button', { name: 'Quote', exact: true });
    await quote.click();
    const problems = form.getByRole('alert');
    await expect
      .poll(() => problems.textContent(), POLL)
      .toBe('Choose a return time: Return Hour and Return Min');
    await expect(quote.getAttribute('aria-describedby')).resolves.toBe(
      await problems.getAttribute('id'),
    );
    await expect(
      returnLeg.getByText('Choose the Return Hour', { exact: true }).count(),
    ).resolves.toBe(1);
    await page.waitForTimeout(300);
    expect(priceCalls).toEqual([]);
    expect(page.url()).toBe(`${suite.app.url}/`);
    await returnLeg.getByLabel('Return Hour').selectOption({ label: '18' });
    await returnLeg.getByLabel('Return Min').selectOption('30');

    await quote.click();
    await waitForResults(page);

    const count = await cards(page).count();
    await expect(cards(page).getByText('Round Trip', { exact: true }).count()).resolves.toBe(count);
    await expect(cards(page).getByText('One Way', { exact: true }).count()).resolves.toBe(0);
    expect((await cardPrices(page)).every((price) => price > 0)).toBe(true);

    expect(await summaryLabels(page)).toEqual(
      expect.arrayContaining(['From', 'Via', 'To', 'Return From', 'Return To']),
    );
    expect(await summaryValue(page, 'From')).toBe('London Paddington Station, W2 1HQ');
    expect(await summaryValue(page, 'Via')).toBe('10, Station Road, Reading');
    expect(await summaryValue(page, 'Return From')).toBe('Gatwick Airport (LGW), Crawley RH6 0NP');
    expect(await summaryValue(page, 'Return To')).toBe('London Paddington Station, W2 1HQ');
    expect(await summaryValue(page, 'Return Date & Time')).toMatch(/^\d{2}\/\d{2}\/\d{4} 18:30$/);
    // Out via Reading is longer than the direct way back, so the return has its own distance.
    const outward = await expectDistanceEachWay(page);
    const back = /\(([\d.]+) miles?\)/.exec(await summaryValue(page, 'Return Distance'));
    expect(Number(back?.[1])).toBeGreaterThan(0);
    expect(Number(back?.[1])).toBeLessThan(outward);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('prices an hourly hire from London Paddington at noon, chosen as the picker shows it', async () => {
    const { page, errors } = await newVisitorPage();
    const form = await openQuoteTab(page, 'Hourly Rate');
    await chooseAddress(form, 'Pick-Up', 'London Paddington', 'London Paddington Station, W2 1HQ');
    const duration = form.getByLabel('Duration');
    await duration.selectOption({ label: '6 hours' });
    await expect(duration.inputValue()).resolves.toBe('6hour');
    // The hours run as a clock does, midnight and noon named; noon is sent as the spec's 12pm.
    const hour = form.getByLabel('Hour', { exact: true });
    const labels = await hour.locator('option').allTextContents();
    expect(labels.slice(0, 2)).toEqual(['12am (midnight)', '1am']);
    expect(labels.slice(11, 14)).toEqual(['11am', '12pm (noon)', '1pm']);
    await hour.selectOption({ label: '12pm (noon)' });
    await form.getByLabel('Min', { exact: true }).selectOption('00');
    const priced = page.waitForRequest((request) =>
      request.url().includes(API_PATHS.calculateHourlyPrice),
    );
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    expect((await priced).postDataJSON()).toMatchObject({ pickup_hour: '12pm', pickup_min: '00' });
    await waitForResults(page);
    expect(await summaryValue(page, 'Pickup Date & Time')).toMatch(/^\d{2}\/\d{2}\/\d{4} 12:00$/);

    const count = await cards(page).count();
    expect(count).toBeGreaterThan(2);
    expect((await cardPrices(page)).every((price) => price > 0)).toBe(true);
    await expect(cards(page).getByText('6 hours hire', { exact: true }).count()).resolves.toBe(
      count,
    );
    expect(await summaryValue(page, 'From')).toBe('London Paddington Station, W2 1HQ');
    expect(await summaryValue(page, 'Duration')).toBe('6 hours');
    expect(await summaryLabels(page)).not.toContain('To');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('edits the search and the options, books a vehicle, and keeps the results on a reload', async () => {
    const { page, errors } = await newVisitorPage();
    await quoteHeathrowToGatwick(page);
    const toGatwick = await cardPrices(page);

    // Edit Quote: the popup holds the saved search; a new drop-off prices it again.
    await summaryOf(page).getByRole('button', { name: 'Edit Quote' }).click();
    const popup = page.getByRole('dialog', { name: 'Change your search' });
    await popup.getByRole('combobox', { name: 'Pick-Up', exact: true }).waitFor();
    await expect(
      popup.getByRole('combobox', { name: 'Pick-Up', exact: true }).inputValue(),
    ).resolves.toBe('Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA');
    // Meanwhile the cards wait behind 'Please complete editing your search'.
    await page.getByText('Please complete editing your search').waitFor();
    await chooseAddress(popup, 'Drop-Off', 'Reading Station', 'Reading Station, RG1 1LZ');
    await popup.getByRole('button', { name: 'Search', exact: true }).click();
    await popup.waitFor({ state: 'detached' });
    await expect.poll(() => summaryValue(page, 'To'), POLL).toBe('Reading Station, RG1 1LZ');
    expect(await summaryValue(page, 'From')).toBe(
      'Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA',
    );
    await expect.poll(() => cardPrices(page), POLL).not.toEqual(toGatwick);
    const toReading = await cardPrices(page);
    expect(toReading.length).toBeGreaterThan(2);
    expect(toReading[0]).not.toBe(toGatwick[0]);
    await expectDistanceEachWay(page);

    // Two of one operator's vehicle, then Book Now: the personal details step.
    const second = cards(page).nth(1);
    await second.getByRole('combobox', { name: 'Vehicles' }).selectOption('2');
    const twoVehicles = ((toReading[1] ?? 0) * 2).toLocaleString('en-GB', {
      minimumFractionDigits: 2,
    });
    await second.getByText(`2 vehicles: £${twoVehicles}`, { exact: true }).waitFor();
    await second.getByRole('button', { name: 'Book Now' }).click();
    await page.waitForURL(`${suite.app.url}/personalDetailView`);
    await page.getByRole('heading', { level: 1, name: 'Personal Details' }).waitFor();

    // Back on the results, a chosen vehicle brings the Options block and its edit panel.
    await page.goBack();
    await waitForResults(page);
    expect(await summaryValue(page, 'Meet & Greet')).toBe('No');
    await summaryOf(page).getByRole('button', { name: 'Edit Options' }).click();
    const options = summaryOf(page).getByRole('form', { name: 'Edit options' });
    await options.getByLabel('Meet & Greet').selectOption('yes');
    await options.getByRole('button', { name: 'Save' }).click();
    await options.waitFor({ state: 'detached' });
    await expect.poll(() => summaryValue(page, 'Meet & Greet'), POLL).toBe('Yes');
    // Every card is priced again with the extra.
    await expect.poll(() => cardPrices(page), POLL).not.toEqual(toReading);
    const withMeetAndGreet = await cardPrices(page);
    expect(withMeetAndGreet[0]).toBeGreaterThan(toReading[0] ?? Infinity);

    // The drafts live in IndexedDB: a reload shows the same quote and the same cards.
    await page.reload();
    await waitForResults(page);
    expect(await cardPrices(page)).toEqual(withMeetAndGreet);
    expect(await summaryValue(page, 'To')).toBe('Reading Station, RG1 1LZ');
    expect(await summaryValue(page, 'Meet & Greet')).toBe('Yes');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('address suggestions on a phone', () => {
  /** A 390×844 page of its own context, recording script and console errors. */
  async function newPhonePage() {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, errors };
  }

  it("never offers the last text's places for a pasted address, even while the answer is slow", async () => {
    const { page, errors } = await newPhonePage();
    // The gazetteer answers 'heathrow t2' late, as a slow mobile network would.
    await page.route(
      (url) =>
        url.pathname.endsWith(API_PATHS.aiAddresses) && url.searchParams.get('q') === 'heathrow t2',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      },
    );
    const form = await openQuoteTab(page, 'GET A QUOTE');
    const pickup = form.getByRole('combobox', { name: 'Pick-Up', exact: true });
    await pickup.fill('king');
    const listbox = form.getByRole('listbox', { name: 'Pick-Up suggestions' });
    await expect
      .poll(() => suggestionAddress(listbox.getByRole('option').first()), POLL)
      .toBe("London King's Cross Station, N1 9AL");

    // Every frame from the paste until the new answer: what the box holds and what the list offers.
    const frames = page.evaluate(
      ({ listId }) =>
        new Promise<{ text: string; options: string[] }[]>((resolve) => {
          const input = document.querySelector<HTMLInputElement>(`[aria-controls="${listId}"]`)!;
          const list = document.getElementById(listId)!;
          const seen: { text: string; options: string[] }[] = [];
          const started = performance.now();
          const look = () => {
            const options = list.hidden
              ? []
              : // Each option's address: its own text, without the area span after it.
                [...list.querySelectorAll('[role="option"]')].map((o) =>
                  [...o.childNodes]
                    .filter((node) => node.nodeType === Node.TEXT_NODE)
                    .map((node) => node.textContent)
                    .join(''),
                );
            seen.push({ text: input.value, options });
            const answered = options.some((option) => option.includes('Terminal 2'));
            if (answered || performance.now() - started > 5000) resolve(seen);
            else requestAnimationFrame(look);
          };
          requestAnimationFrame(look);
        }),
      { listId: (await pickup.getAttribute('aria-controls'))! },
    );
    await pickup.fill('heathrow t2');
    const seen = await frames;
    const afterPaste = seen.filter((frame) => frame.text === 'heathrow t2');
    expect(afterPaste.length).toBeGreaterThan(10);
    for (const frame of afterPaste)
      expect(
        frame.options.every((option) => /heathrow/i.test(option)),
        frame.options.join(' | '),
      ).toBe(true);
    expect(afterPaste.at(-1)?.options).toEqual([
      'Heathrow Airport Terminal 2 (LHR), Hounslow TW6 1EW',
    ]);

    // A tap on the answer now quotes the pasted place.
    await listbox.getByRole('option').first().click();
    await expect
      .poll(() => pickup.inputValue(), POLL)
      .toBe('Heathrow Airport Terminal 2 (LHR), Hounslow TW6 1EW');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("an extra stop suggests the server's places, and a tap fills the stop and its postcode", async () => {
    const { page, errors } = await newPhonePage();
    const form = await openQuoteTab(page, 'GET A QUOTE');
    await form.getByRole('button', { name: 'Add Stop' }).click();
    const stop = form.getByRole('group', { name: 'Stop 1' });
    const street = stop.getByRole('combobox', { name: 'Street/Road Name' });
    await street.fill('Reading Sta');
    const option = stop
      .getByRole('listbox', { name: 'Street/Road Name suggestions' })
      .getByRole('option', { name: 'Reading Station, RG1 1LZ' });
    await option.waitFor(POLL);
    await option.click();
    await expect.poll(() => street.inputValue(), POLL).toBe('Reading Station, RG1 1LZ');
    await expect(stop.getByLabel('City or Post Code').inputValue()).resolves.toBe('RG1 1LZ');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('price errors (spec section 8)', () => {
  it('explains a same-address booking, then goes to the Quote Now page', async () => {
    const { page, errors } = await newVisitorPage();
    const form = await openQuoteTab(page, 'GET A QUOTE');
    const terminal5 = 'Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA';
    await chooseAddress(form, 'Pick-Up', 'Heathrow Terminal 5', terminal5);
    await chooseAddress(form, 'Drop-Off', 'Heathrow Terminal 5', terminal5);
    await form.getByRole('button', { name: 'Quote', exact: true }).click();
    // One wait for the title and the reason: the dialog is on screen for a second only.
    await page
      .getByRole('alertdialog', { name: 'Same Address Booking!' })
      .filter({ hasText: /must be different from the drop-off/ })
      .waitFor();
    // The spec's redirect after a second.
    await page.waitForURL(`${suite.app.url}/quoteView`, { timeout: 5_000 });
    await page.getByRole('heading', { level: 1, name: 'Quote Now' }).waitFor();
    expect(errors.filter((text) => !isExpected422(text))).toEqual([]);
    await page.context().close();
  });

  it('explains an urgent booking inside the grace period, then goes to the Quote Now page', async () => {
    const { page, errors } = await newVisitorPage();
    const form = await openQuoteTab(page, 'GET A QUOTE');
    await chooseAddress(
      form,
      'Pick-Up',
      'Heathrow Terminal 5',
      'Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA',
    );
    await chooseAddress(form, 'Drop-Off', 'Gatwick', 'Gatwick Airport (LGW), Crawley RH6 0NP');
    // Today in the UK at the start of this hour: already past, well inside GRACE_TIME.
    const now = londonNow();
    await form.getByLabel('Pick up Date').fill(now.date);
    await form.getByLabel('Hour', { exact: true }).selectOption(hour24To12(Number(now.hour)));
    await form.getByLabel('Min', { exact: true }).selectOption('00');
    await form.getByRole('button', { name: 'Quote', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Urgent Booking!' })
      .filter({ hasText: 'Pickups must be booked at least 2 hours ahead.' })
      .waitFor();
    await page.waitForURL(`${suite.app.url}/quoteView`, { timeout: 5_000 });
    await page.getByRole('heading', { level: 1, name: 'Quote Now' }).waitFor();
    expect(errors.filter((text) => !isExpected422(text))).toEqual([]);
    await page.context().close();
  });
});
