import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/web/config/routes';
import { useServedAppAndBrowser, type Page } from './harness';
import { createQuoteSteps } from './quote-steps';

const suite = useServedAppAndBrowser();
const { POLL, openQuoteTab, chooseAddress, summaryOf, cards, waitForResults } =
  createQuoteSteps(suite);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await suite.browser.newContext({ viewport, locale: 'en-GB' });
  return context.newPage();
}

/** Heathrow T5 to Gatwick one way, with an extra stop in Reading when asked. */
async function quote(page: Page, { withStop = false } = {}) {
  const form = await openQuoteTab(page, 'GET A QUOTE');
  await chooseAddress(
    form,
    'Pick-Up',
    'Heathrow Terminal 5',
    'Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA',
  );
  await chooseAddress(form, 'Drop-Off', 'Gatwick', 'Gatwick Airport (LGW), Crawley RH6 0NP');
  if (withStop) {
    await form.getByRole('button', { name: 'Add Stop' }).click();
    const stop = form.getByRole('group', { name: 'Stop 1' });
    await stop.getByRole('combobox', { name: 'Street/Road Name' }).fill('Station Road');
    await stop.getByLabel('Number').fill('10');
    await stop.getByLabel('City or Post Code').fill('Reading');
  }
  await form.getByRole('button', { name: 'Quote', exact: true }).click();
  await waitForResults(page);
}

/** Where an element's box is, from the top of the page scrolled to the top. */
async function boxFromTop(page: Page, locator: ReturnType<Page['locator']>) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom };
  });
}

describe('the booking steps on a phone (390×844)', () => {
  it('show the first vehicle and its price on the first screen, the quote folded to one line', async () => {
    const page = await newPage(PHONE);
    await quote(page);
    const first = cards(page).first();
    const card = await boxFromTop(page, first);
    expect(card.top).toBeGreaterThan(0);
    expect(card.top).toBeLessThan(PHONE.height);
    const price = await boxFromTop(page, first.getByText(/^£[\d,]+\.\d{2}$/).first());
    expect(price.bottom).toBeLessThanOrEqual(PHONE.height);

    // One step indicator: the progress bar, not also the four step buttons.
    await expect(page.getByRole('list', { name: 'Booking progress' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('button', { name: /Personal Detail/ }).count()).resolves.toBe(0);

    // The quote's one line names the route, the date and time and the distance…
    const summary = summaryOf(page);
    await expect(summary.textContent()).resolves.toMatch(
      /Heathrow Airport Terminal 5 \(LHR\) → Gatwick Airport \(LGW\)\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · \d+ km/,
    );
    await expect(summary.getByText('Pickup Date & Time').count()).resolves.toBe(0);
    // …and opens on a tap, as a real button that says whether it is open.
    const toggle = summary.getByRole('button', { name: 'Show Detail' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.click();
    const hide = summary.getByRole('button', { name: 'Hide Detail' });
    await expect(hide.getAttribute('aria-expanded')).resolves.toBe('true');
    await summary.getByText('Pickup Date & Time').waitFor(POLL);
    // Edit Quote stays on the line, once.
    await expect(page.getByRole('button', { name: 'Edit Quote' }).count()).resolves.toBe(1);

    await first.getByRole('button', { name: 'Book Now' }).click();
    await page.waitForURL(`${suite.app.url}${ROUTES.personalDetails}`, POLL);
    const firstName = page.getByRole('form', { name: 'Personal details' }).getByLabel('First Name');
    await firstName.waitFor(POLL);
    const field = await boxFromTop(page, firstName);
    expect(field.bottom).toBeLessThanOrEqual(PHONE.height);
    await expect(
      summaryOf(page).getByRole('button', { name: 'Show Detail' }).getAttribute('aria-expanded'),
    ).resolves.toBe('false');
    await page.context().close();
  });
});

describe('the booking steps on a desktop (1366×900)', () => {
  it('keep the step bar and the whole quote panel beside the vehicles', async () => {
    const page = await newPage(DESKTOP);
    await quote(page);
    const summary = summaryOf(page);
    await summary.getByRole('heading', { name: 'Quote' }).waitFor(POLL);
    await summary.getByText('Pickup Date & Time').waitFor(POLL);
    await expect(summary.getByRole('button', { name: 'Show Detail' }).count()).resolves.toBe(0);
    const steps = page.getByRole('navigation', { name: 'Booking steps' });
    await expect(steps.getByRole('button').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['1Quote', '2Quotation', '3Personal Detail', '4Payment', 'Previous']),
    );
    // Side by side: the first card starts level with the panel, not under it.
    const panel = await boxFromTop(page, summary);
    const card = await boxFromTop(page, cards(page).first());
    expect(Math.abs(card.top - panel.top)).toBeLessThan(40);
    await page.context().close();
  });
});

describe('the map without a Google key', () => {
  it('is a sketch of the route on an outline of Britain, said to be no road map', async () => {
    const page = await newPage(DESKTOP);
    await quote(page, { withStop: true });
    const sketch = summaryOf(page).getByRole('img', { name: /^Route sketch, not a road map/ });
    await sketch.waitFor(POLL);
    await expect(sketch.getAttribute('aria-label')).resolves.toBe(
      'Route sketch, not a road map: from Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA' +
        ' via 10, Station Road, Reading to Gatwick Airport (LGW), Crawley RH6 0NP',
    );
    await expect(sketch.locator('[data-marker="pickup"]').count()).resolves.toBe(1);
    await expect(sketch.locator('[data-marker="stop"]').count()).resolves.toBe(1);
    await expect(sketch.locator('[data-marker="dropoff"]').count()).resolves.toBe(1);
    await summaryOf(page).getByText('Route sketch — not a road map').waitFor(POLL);
    const height = await sketch.evaluate((svg) => svg.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(150);

    // Reading lies west of both airports: the stop's marker is left of the others.
    const xs = await sketch
      .locator('[data-marker] circle')
      .evaluateAll((circles) => circles.map((circle) => Number(circle.getAttribute('cx'))));
    const [pickup, stop, dropoff] = xs as [number, number, number];
    expect(stop).toBeLessThan(pickup);
    expect(stop).toBeLessThan(dropoff);
    await page.context().close();
  });
});
