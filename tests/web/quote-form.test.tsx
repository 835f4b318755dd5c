import { onlineManager } from '@tanstack/react-query';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import type { PriceDetail } from '../../src/contract/quotes';
import { MESSAGES } from '../../src/domain/messages';
import { addDays, todayInLondon } from '../../src/domain/uk-time';
import { defaultPickupTime } from '../../src/web/features/booking/components/quote-form/form-defaults';
import { OFFLINE_PRICE_MESSAGE } from '../../src/web/features/booking/components/quote-form/use-submit-quote';
import {
  resetBookingDraftsForTests,
  saveBookingDraft,
  type BookingFormDraft,
} from '../../src/web/features/booking/state/booking-drafts';
import { db, readDraft } from '../../src/web/offline/db';
import { answerFetch, demoPlaces, demoSettings, jsonResponse, renderApp } from './helpers';

// Whole-app renders on a busy machine can take longer than the 1 s default to settle.
configure({ asyncUtilTimeout: 4000 });

const HEATHROW = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';
const KINGS_CROSS = "London King's Cross Station, London N1 9AL";

const detail: PriceDetail = {
  vehicle_id: 1,
  company_id: 1,
  company_name: 'Heathrow Cars Ltd',
  vehicle_type: 'Saloon',
  vehicle_image: 'fleet/saloon.webp',
  max_seat: 4,
  luggage: 2,
  small_luggage: 2,
  rating: 4.5,
  price: 52.5,
  final_price: 52.5,
  breakdown: { outward_fare: 52.5, final_price: 52.5 },
};
const distance = { via_miles: 15.2, duration: 35 };

type Call = { path: string; body: unknown };
type PriceAnswer = (call: Call) => Response | Promise<Response>;

/**
 * Answers the catalogue calls and the price calls as the API would. `/ai-addresses?q=` filters
 * the demo places by text, like the server. Returns the list of price calls made.
 */
/** The server's name for a position between Heathrow's terminals (GET /reverse-geocode). */
const NEAR_T5 = 'Near Heathrow Airport Terminal 5 (LHR), Hounslow TW6 2GA';
const OUTSIDE_UK = 'Your location (48.8566, 2.3522) is outside the United Kingdom.';

/** The browser's geolocation, answering one position. */
function fakeGeolocation(latitude: number, longitude: number) {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, _failure?: PositionErrorCallback, _options?: PositionOptions) =>
      success({ coords: { latitude, longitude } } as GeolocationPosition),
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

function answerQuoteCalls({
  settings = {},
  price = () => jsonResponse({ success: true, price_details: [detail], distance }),
  addresses = (q) =>
    jsonResponse({
      success: true,
      data: demoPlaces.filter((place) => place.address.toLowerCase().includes(q)),
    }),
}: {
  settings?: Record<string, string>;
  price?: PriceAnswer;
  /** The /ai-addresses answer to a lower-cased query. */
  addresses?: (q: string) => Response | Promise<Response>;
} = {}) {
  const calls: Call[] = [];
  const all = demoSettings({ HOURLY_RATE_STATUS: 'enable', GOOGLE_API_KEY: '', ...settings });
  const spy = answerFetch(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(API_BASE, '');
    if (path === API_PATHS.settingsFlat)
      return jsonResponse({
        success: true,
        data: Object.entries(all).map(([setting_name, setting_value]) => ({
          setting_name,
          setting_value,
        })),
      });
    if (path === API_PATHS.aiAddresses)
      return addresses(url.searchParams.get('q')?.toLowerCase() ?? '');
    if (path === API_PATHS.reverseGeocode) {
      const lat = Number(url.searchParams.get('lat'));
      const lng = Number(url.searchParams.get('lng'));
      return lat < 49.5
        ? jsonResponse({ success: false, message: OUTSIDE_UK }, 422)
        : jsonResponse({
            success: true,
            data: { address: NEAR_T5, lat, lng, source: 'gazetteer' },
          });
    }
    if (path === API_PATHS.calculateDistancePrice || path === API_PATHS.calculateHourlyPrice) {
      const call = { path, body: JSON.parse(String(init?.body)) as unknown };
      calls.push(call);
      return price(call);
    }
    if (path === API_PATHS.fetchVehicles || path === API_PATHS.fetchCompanies)
      return jsonResponse({ success: true, data: [] });
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  return { calls, spy };
}

/** Renders the app, waits for the settings, and returns the active tab's panel. */
async function openHome(path = '/', tab?: 'GET A QUOTE' | 'Hourly Rate') {
  const app = renderApp(path);
  await screen.findByRole('tab', { name: 'GET A QUOTE' });
  if (tab) await app.user.click(screen.getByRole('tab', { name: tab }));
  return { ...app, panel: () => screen.getByRole('tabpanel') };
}

async function openMileage(path = '/') {
  return openHome(path, 'GET A QUOTE');
}

function field(panel: HTMLElement, label: string) {
  return within(panel).getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
}

function optionTexts(select: HTMLSelectElement) {
  return [...select.options].map((option) => option.textContent);
}

function optionValues(select: HTMLSelectElement) {
  return [...select.options].map((option) => option.value);
}

/** A promise to resolve by hand, to hold a response while the test looks at the page. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const today = () => todayInLondon(new Date());

/** The mileage form's hours as the spec shows them: 00–23, a clock's order. */
const MILEAGE_HOUR_LABELS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

/** The hourly form's hours, as a clock runs, with midnight and noon named. */
const CLOCK_HOUR_LABELS = [
  '12am (midnight)',
  ...Array.from({ length: 11 }, (_, i) => `${i + 1}am`),
  '12pm (noon)',
  ...Array.from({ length: 11 }, (_, i) => `${i + 1}pm`),
];

beforeAll(async () => {
  // Loaded on demand in the app; loaded here once so the first dialog test does not wait for
  // the module's transform while its 1 s redirect runs.
  await import('../../src/web/features/booking/components/quote-form/price-error-dialog');
});

beforeEach(async () => {
  await db.drafts.clear();
  resetBookingDraftsForTests();
});

describe('quote tabs', () => {
  it('opens on Hourly Rate when both tabs show, with the hourly form; GET A QUOTE shows the mileage form', async () => {
    answerQuoteCalls();
    const { user, panel } = await openHome();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'GET A QUOTE',
      'Hourly Rate',
    ]);
    expect(screen.getByRole('tab', { name: 'Hourly Rate' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(within(panel()).getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(within(panel()).queryByRole('button', { name: 'Quote' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'GET A QUOTE' }));
    expect(within(panel()).getByRole('button', { name: 'Quote' })).toBeTruthy();
  });

  it('shows only the mileage form when HOURLY_RATE_STATUS is not enable', async () => {
    answerQuoteCalls({ settings: { HOURLY_RATE_STATUS: 'disable' } });
    const { panel } = await openHome();
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    expect(within(panel()).getByRole('button', { name: 'Quote' })).toBeTruthy();
  });

  it('shows only the hourly form when IS_QUOTATION is enable', async () => {
    answerQuoteCalls({ settings: { IS_QUOTATION: 'enable' } });
    renderApp('/');
    const tab = await screen.findByRole('tab', { name: 'Hourly Rate' });
    expect(screen.getAllByRole('tab')).toEqual([tab]);
    expect(
      within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Search' }),
    ).toBeTruthy();
  });

  it('keeps what was typed in a form when switching tabs and back', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    await user.type(field(panel(), 'Drop-Off'), 'Gatwick');
    await user.click(screen.getByRole('tab', { name: 'Hourly Rate' }));
    await user.click(screen.getByRole('tab', { name: 'GET A QUOTE' }));
    expect(field(panel(), 'Drop-Off').value).toBe('Gatwick');
  });

  it('/booktripview shows the same quote card under the heading Quote', async () => {
    answerQuoteCalls();
    renderApp('/booktripview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'GET A QUOTE' })).toBeTruthy();
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Pick-Up')).toBeTruthy();
  });
});

describe('mileage form fields', () => {
  it('labels every control with its visible text', async () => {
    answerQuoteCalls();
    const { panel } = await openMileage();
    for (const label of ['Pick-Up', 'Drop-Off', 'Passengers', 'Pick up Date', 'Hour', 'Min']) {
      const control = within(panel()).getByLabelText(label);
      expect(document.querySelector(`label[for="${control.id}"]`)?.textContent).toBe(label);
    }
    expect(within(panel()).getByRole('combobox', { name: 'Pick-Up' })).toBeTruthy();
    expect(within(panel()).getByRole('combobox', { name: 'Drop-Off' })).toBeTruthy();
    expect(within(panel()).getByRole('group', { name: 'Extra Stops' })).toBeTruthy();
    expect(within(panel()).getByRole('button', { name: 'Add Return' })).toBeTruthy();
    expect(within(panel()).getByRole('button', { name: 'Quote' })).toBeTruthy();
  });

  it('offers 1 to 20 passengers, hours 00 to 23 in clock order sent as 12-hour text, and minutes in 5-minute steps', async () => {
    answerQuoteCalls();
    const { panel } = await openMileage();
    const passengers = field(panel(), 'Passengers');
    expect(optionValues(passengers)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(passengers.value).toBe('1');
    const hour = field(panel(), 'Hour');
    expect(optionTexts(hour)).toEqual(MILEAGE_HOUR_LABELS);
    expect(optionValues(hour).slice(0, 2)).toEqual(['12am', '1am']);
    expect(optionValues(hour).slice(11, 14)).toEqual(['11am', '12pm', '1pm']);
    expect(optionTexts(field(panel(), 'Min'))).toEqual([
      '00',
      '05',
      '10',
      '15',
      '20',
      '25',
      '30',
      '35',
      '40',
      '45',
      '50',
      '55',
    ]);
  });

  it('starts tomorrow at the current time rounded up to 5 minutes, with no date before today allowed', async () => {
    answerQuoteCalls();
    const { panel } = await openMileage();
    const date = field(panel(), 'Pick up Date');
    expect(date.type).toBe('date');
    expect(date.value).toBe(addDays(today(), 1));
    expect(date.min).toBe(today());
    const time = defaultPickupTime(new Date());
    expect(field(panel(), 'Hour').value).toBe(time.hour);
    expect(field(panel(), 'Min').value).toBe(time.minute);
  });

  it('Add Return reveals the return leg, dated the day after the pickup, with no return time until one is chosen; the cross goes back to one way', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    expect(within(panel()).queryByLabelText('Return Pick-Up')).toBeNull();
    await user.click(within(panel()).getByRole('button', { name: 'Add Return' }));

    for (const label of [
      'Return Pick-Up',
      'Return Drop-Off',
      'Return Passengers',
      'Return Date',
      'Return Hour',
      'Return Min',
    ])
      expect(within(panel()).getByLabelText(label)).toBeTruthy();
    expect(field(panel(), 'Return Date').value).toBe(addDays(today(), 2));
    const returnHour = field(panel(), 'Return Hour');
    expect(returnHour.value).toBe('');
    expect(returnHour.selectedOptions[0]?.textContent).toBe('Hour');
    expect(optionTexts(returnHour)).toEqual(['Hour', ...MILEAGE_HOUR_LABELS]);
    const returnMin = field(panel(), 'Return Min');
    expect(returnMin.value).toBe('');
    expect(returnMin.selectedOptions[0]?.textContent).toBe('Minute');
    expect(field(panel(), 'Return Passengers').value).toBe('1');
    expect(within(panel()).queryByRole('button', { name: 'Add Return' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field(panel(), 'Return Pick-Up')));

    await user.click(within(panel()).getByRole('button', { name: 'Remove return journey' }));
    expect(within(panel()).queryByLabelText('Return Pick-Up')).toBeNull();
    const addReturn = within(panel()).getByRole('button', { name: 'Add Return' });
    await waitFor(() => expect(document.activeElement).toBe(addReturn));
  });

  it('moves the return date to the day after a new pickup date', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    await user.click(within(panel()).getByRole('button', { name: 'Add Return' }));
    const pickupDate = addDays(today(), 10);
    fireEvent.change(field(panel(), 'Pick up Date'), { target: { value: pickupDate } });
    expect(field(panel(), 'Return Date').value).toBe(addDays(pickupDate, 1));
    expect(field(panel(), 'Return Date').min).toBe(pickupDate);
  });

  it('copies a pick-up of more than 10 characters to the return drop-off, and the drop-off to the return pick-up, while they follow', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    await user.type(field(panel(), 'Pick-Up'), '10 Downing');
    await user.click(within(panel()).getByRole('button', { name: 'Add Return' }));
    // Ten characters are not enough.
    expect(field(panel(), 'Return Drop-Off').value).toBe('');

    await user.type(field(panel(), 'Pick-Up'), ' Street');
    expect(field(panel(), 'Return Drop-Off').value).toBe('10 Downing Street');
    await user.type(field(panel(), 'Drop-Off'), 'Gatwick Airport');
    expect(field(panel(), 'Return Pick-Up').value).toBe('Gatwick Airport');

    // Once the visitor writes their own return drop-off, it no longer follows.
    const returnDropoff = field(panel(), 'Return Drop-Off');
    await user.clear(returnDropoff);
    await user.type(returnDropoff, 'Oxford Circus');
    await user.type(field(panel(), 'Pick-Up'), ', London');
    expect(field(panel(), 'Return Drop-Off').value).toBe('Oxford Circus');
  });

  it('return passengers copy the passengers while they follow', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    await user.selectOptions(field(panel(), 'Passengers'), '3');
    await user.click(within(panel()).getByRole('button', { name: 'Add Return' }));
    expect(field(panel(), 'Return Passengers').value).toBe('3');
    await user.selectOptions(field(panel(), 'Passengers'), '5');
    expect(field(panel(), 'Return Passengers').value).toBe('5');
    await user.selectOptions(field(panel(), 'Return Passengers'), '2');
    await user.selectOptions(field(panel(), 'Passengers'), '6');
    expect(field(panel(), 'Return Passengers').value).toBe('2');
  });

  it('adds and removes Extra Stops rows with street/road name, number and city or post code', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    const stops = within(panel()).getByRole('group', { name: 'Extra Stops' });
    await user.click(within(stops).getByRole('button', { name: 'Add Stop' }));
    await user.click(within(stops).getByRole('button', { name: 'Add Stop' }));
    const first = within(stops).getByRole('group', { name: 'Stop 1' });
    expect(within(first).getByRole('combobox', { name: 'Street/Road Name' })).toBeTruthy();
    expect(within(first).getByLabelText('Number')).toBeTruthy();
    expect(within(first).getByLabelText('City or Post Code')).toBeTruthy();
    await user.type(within(first).getByLabelText('City or Post Code'), 'Leeds');
    const second = within(stops).getByRole('group', { name: 'Stop 2' });
    await user.type(within(second).getByLabelText('City or Post Code'), 'York');

    await user.click(within(stops).getByRole('button', { name: 'Remove stop 1' }));
    expect(within(stops).queryByRole('group', { name: 'Stop 2' })).toBeNull();
    const remaining = within(stops).getByRole('group', { name: 'Stop 1' });
    expect((within(remaining).getByLabelText('City or Post Code') as HTMLInputElement).value).toBe(
      'York',
    );
  });
});

describe('address suggestions', () => {
  it('lists popular places in a listbox when the empty Pick-Up is focused', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    const pickup = within(panel()).getByRole('combobox', { name: 'Pick-Up' });
    expect(pickup.getAttribute('aria-expanded')).toBe('false');
    await user.click(pickup);
    const listbox = await within(panel()).findByRole('listbox', { name: 'Pick-Up suggestions' });
    expect(pickup.getAttribute('aria-expanded')).toBe('true');
    expect(pickup.getAttribute('aria-controls')).toBe(listbox.id);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([HEATHROW, KINGS_CROSS]);
  });

  it('shows each suggestion with its area and asks with the other end as a hint', async () => {
    const places = [
      { id: 31, address: 'London Waterloo Station, SE1 8SW', area: 'London SE1' },
      { id: 32, address: 'Waterloo', area: 'Merseyside' },
    ];
    const { spy } = answerQuoteCalls({
      addresses: () => jsonResponse({ success: true, data: places }),
    });
    const { user, panel } = await openMileage();
    const pickup = within(panel()).getByRole('combobox', { name: 'Pick-Up' });
    await user.clear(pickup);
    await user.type(pickup, 'Gatwick Airport');
    const dropoff = within(panel()).getByRole('combobox', { name: 'Drop-Off' });
    await user.clear(dropoff);
    await user.type(dropoff, 'waterloo');
    const listbox = await within(panel()).findByRole('listbox', { name: 'Drop-Off suggestions' });
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['London Waterloo Station, SE1 8SW, London SE1', 'Waterloo, Merseyside']),
    );
    // The pick-up is the other end: sent as the hint, so nearer places come first.
    const asked = spy.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/ai-addresses'))
      .find((url) => url.searchParams.get('q') === 'waterloo');
    expect(asked?.searchParams.get('near')).toBe('Gatwick Airport');
    // What is picked is the address itself; the area only tells same-named places apart.
    await user.click(within(listbox).getByText('Waterloo'));
    expect((dropoff as HTMLInputElement).value).toBe('Waterloo');
  });

  it('moves one option at a time with Arrow Down and Up, wrapping at the ends', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    const pickup = within(panel()).getByRole('combobox', { name: 'Pick-Up' });
    await user.click(pickup);
    const listbox = await within(panel()).findByRole('listbox', { name: 'Pick-Up suggestions' });
    const [first, second] = within(listbox).getAllByRole('option') as [HTMLElement, HTMLElement];
    const active = () => pickup.getAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(first.id);
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(second.id);
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(first.id);
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe(second.id);
    await user.keyboard('{Enter}');
    expect((pickup as HTMLInputElement).value).toBe(KINGS_CROSS);
  });

  it('picks a suggestion from /ai-addresses with the arrow keys and Enter, without submitting', async () => {
    const { calls, spy } = answerQuoteCalls();
    const { user, panel } = await openMileage();
    const dropoff = within(panel()).getByRole('combobox', { name: 'Drop-Off' });
    await user.type(dropoff, 'king');
    const listbox = await within(panel()).findByRole('listbox', { name: 'Drop-Off suggestions' });
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([KINGS_CROSS]),
    );
    const queried = spy.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/ai-addresses'))
      .map((url) => url.searchParams.get('q'));
    expect(queried).toContain('king');

    await user.keyboard('{ArrowDown}');
    const option = within(listbox).getByRole('option');
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(dropoff.getAttribute('aria-activedescendant')).toBe(option.id);
    await user.keyboard('{Enter}');
    expect((dropoff as HTMLInputElement).value).toBe(KINGS_CROSS);
    expect(dropoff.getAttribute('aria-expanded')).toBe('false');
    expect(calls).toHaveLength(0);
  });

  it('closes the list with Escape and keeps the text', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    const pickup = within(panel()).getByRole('combobox', { name: 'Pick-Up' });
    await user.type(pickup, 'heath');
    await within(panel()).findByRole('option', { name: HEATHROW });
    await user.keyboard('{Escape}');
    expect(pickup.getAttribute('aria-expanded')).toBe('false');
    expect((pickup as HTMLInputElement).value).toBe('heath');
  });

  it('picks a suggestion with a click', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    const pickup = within(panel()).getByRole('combobox', { name: 'Pick-Up' });
    await user.type(pickup, 'heath');
    await user.click(await within(panel()).findByRole('option', { name: HEATHROW }));
    expect((pickup as HTMLInputElement).value).toBe(HEATHROW);
  });

  it('searches return addresses only from 2 characters', async () => {
    const { spy } = answerQuoteCalls();
    const { user, panel } = await openMileage();
    await user.click(within(panel()).getByRole('button', { name: 'Add Return' }));
    const returnPickup = within(panel()).getByRole('combobox', { name: 'Return Pick-Up' });
    await user.type(returnPickup, 'k');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const asked = () =>
      spy.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((url) => url.pathname.endsWith('/ai-addresses'))
        .map((url) => url.searchParams.get('q'));
    expect(asked()).not.toContain('k');
    expect(returnPickup.getAttribute('aria-expanded')).toBe('false');
    await user.type(returnPickup, 'i');
    await within(panel()).findByRole('option', { name: KINGS_CROSS });
    expect(asked()).toContain('ki');
  });

  it("never shows the last text's places for new text: after a paste the list waits for the new answer", async () => {
    const held = deferred<Response>();
    answerQuoteCalls({
      addresses: (q) =>
        q === 'heathrow t5'
          ? held.promise
          : jsonResponse({
              success: true,
              data: demoPlaces.filter((place) => place.address.toLowerCase().includes(q)),
            }),
    });
    const { user, panel } = await openMileage();
    const pickup = within(panel()).getByRole('combobox', { name: 'Pick-Up' });
    await user.type(pickup, 'king');
    await within(panel()).findByRole('option', { name: KINGS_CROSS });

    // A paste: the whole text changes at once.
    fireEvent.change(pickup, { target: { value: 'heathrow t5' } });
    const shown = () =>
      [...document.getElementById(pickup.getAttribute('aria-controls')!)!.children].map(
        (option) => option.textContent,
      );
    expect(shown()).toEqual([]);
    expect(pickup.getAttribute('aria-expanded')).toBe('false');
    // Past the typing pause, with the new answer still on its way: still nothing to pick.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(shown()).toEqual([]);
    await user.keyboard('{ArrowDown}');
    expect(pickup.getAttribute('aria-activedescendant')).toBeNull();

    await act(async () => held.resolve(jsonResponse({ success: true, data: [demoPlaces[0]] })));
    const listbox = await within(panel()).findByRole('listbox', { name: 'Pick-Up suggestions' });
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([HEATHROW]),
    );
  });

  it('a stop row suggests places from the server and a pick fills the street and its postcode', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    await user.click(within(panel()).getByRole('button', { name: 'Add Stop' }));
    const stop = within(panel()).getByRole('group', { name: 'Stop 1' });
    const street = within(stop).getByRole('combobox', { name: 'Street/Road Name' });
    await user.type(street, 'king');
    await user.click(await within(stop).findByRole('option', { name: KINGS_CROSS }));
    expect((street as HTMLInputElement).value).toBe(KINGS_CROSS);
    expect((within(stop).getByLabelText('City or Post Code') as HTMLInputElement).value).toBe(
      'N1 9AL',
    );
  });

  it('caps stop suggestions at 5', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ id: 100 + i, address: `Station ${i}` }));
    answerFetch(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(API_BASE, '');
      if (path === API_PATHS.settingsFlat)
        return jsonResponse({
          success: true,
          data: Object.entries(demoSettings({ GOOGLE_API_KEY: '' })).map(
            ([setting_name, setting_value]) => ({ setting_name, setting_value }),
          ),
        });
      if (path === API_PATHS.aiAddresses) return jsonResponse({ success: true, data: many });
      return jsonResponse({ success: true, data: [] });
    });
    const { user, panel } = await openMileage();
    await user.click(within(panel()).getByRole('button', { name: 'Add Stop' }));
    const street = within(panel()).getByRole('combobox', { name: 'Street/Road Name' });
    await user.type(street, 'Station');
    const listbox = await within(panel()).findByRole('listbox', {
      name: 'Street/Road Name suggestions',
    });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(5));
  });

  it('prefills the Pick-Up from a popular place picked on the home page', async () => {
    answerQuoteCalls();
    const { user, panel } = await openMileage();
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Popular Locations' })
    ).closest('section')!;
    await user.click(within(section).getByRole('button', { name: KINGS_CROSS }));
    await waitFor(() => expect(field(panel(), 'Pick-Up').value).toBe(KINGS_CROSS));
  });
});

/** Fills the mileage form with a one-way trip. */
async function fillOneWay(
  user: ReturnType<typeof renderApp>['user'],
  panel: () => HTMLElement,
  { pickup = HEATHROW, dropoff = KINGS_CROSS } = {},
) {
  fireEvent.change(field(panel(), 'Pick-Up'), { target: { value: pickup } });
  fireEvent.change(field(panel(), 'Drop-Off'), { target: { value: dropoff } });
  await user.selectOptions(field(panel(), 'Passengers'), '2');
  fireEvent.change(field(panel(), 'Pick up Date'), { target: { value: addDays(today(), 3) } });
  await user.selectOptions(field(panel(), 'Hour'), '3pm');
  await user.selectOptions(field(panel(), 'Min'), '30');
}

describe('mileage submit', () => {
  it('shows the price-loading screen, sends the form with the hour as 12-hour text, stores the drafts and goes to /quotationview', async () => {
    const held = deferred<Response>();
    const { calls } = answerQuoteCalls({ price: () => held.promise });
    await saveBookingDraft('selectedVehicleData', {
      detail,
      selection: 'selection',
      vehicle_count: 1,
      quote_id: 'q_old',
      expires_at: '2030-01-01T00:00:00Z',
      price: 1,
      final_price: 1,
      breakdown: { final_price: 1 },
    });
    const { user, panel, router } = await openMileage();
    await fillOneWay(user, panel);
    await user.click(within(panel()).getByRole('button', { name: 'Quote' }));

    const overlay = await screen.findByText(MESSAGES.fetchingPrices);
    const status = overlay.closest('[role="status"]') as HTMLElement;
    for (const text of [
      'Lowest Price',
      'Multiple Companies',
      'Cheapest Price of a Company',
      MESSAGES.loadingPrice,
    ])
      expect(within(status).getByText(text)).toBeTruthy();

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.path).toBe(API_PATHS.calculateDistancePrice);
    expect(calls[0]!.body).toMatchObject({
      pickup: HEATHROW,
      dropoff: KINGS_CROSS,
      passengers: '2',
      pickup_date: addDays(today(), 3),
      pickup_hour: '3pm',
      pickup_min: '30',
      select_option: 'one_way',
      stops: [],
    });
    expect(await readDraft('BookingType')).toBe('milleage');
    expect(await readDraft('BookingForm')).toMatchObject({ pickup: HEATHROW, pickup_hour: '3pm' });

    await act(async () =>
      held.resolve(jsonResponse({ success: true, price_details: [detail], distance })),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotationview'));
    expect(await readDraft('PriceDetails')).toMatchObject({
      bookingType: 'milleage',
      price_details: [detail],
      distance,
    });
    expect(await readDraft('CalculatedDistance')).toEqual(distance);
    expect(await readDraft('selectedVehicleData')).toBeUndefined();
  });

  it('sends a return journey and the filled stop rows', async () => {
    const { calls } = answerQuoteCalls();
    const { user, panel, router } = await openMileage();
    await fillOneWay(user, panel);
    await user.click(within(panel()).getByRole('button', { name: 'Add Stop' }));
    await user.click(within(panel()).getByRole('button', { name: 'Add Stop' }));
    const stop = within(panel()).getByRole('group', { name: 'Stop 1' });
    fireEvent.change(within(stop).getByLabelText('Street/Road Name'), {
      target: { value: 'Baker Street' },
    });
    await user.type(within(stop).getByLabelText('Number'), '221B');
    await user.type(within(stop).getByLabelText('City or Post Code'), 'NW1 6XE');
    await user.click(within(panel()).getByRole('button', { name: 'Add Return' }));
    await user.selectOptions(field(panel(), 'Return Hour'), '6pm');
    await user.selectOptions(field(panel(), 'Return Min'), '45');
    await user.click(within(panel()).getByRole('button', { name: 'Quote' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/quotationview'));
    expect(calls[0]!.body).toMatchObject({
      select_option: 'return',
      return_pickup: KINGS_CROSS,
      return_dropoff: HEATHROW,
      return_passengers: '2',
      return_date: addDays(today(), 4),
      return_hour: '6pm',
      return_min: '45',
      stops: [{ street_name: 'Baker Street', number: '221B', postcode: 'NW1 6XE' }],
    });
  });

  it('names a missing address beside its field without asking the server', async () => {
    const { calls } = answerQuoteCalls();
    const { user, panel } = await openMileage();
    await user.type(field(panel(), 'Drop-Off'), 'Gatwick Airport');
    await user.click(within(panel()).getByRole('button', { name: 'Quote' }));
    const pickup = field(panel(), 'Pick-Up');
    await waitFor(() => expect(pickup.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(pickup.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter the Pick-Up address',
    );
    expect(document.activeElement).toBe(pickup);
    expect(calls).toHaveLength(0);
    expect(field(panel(), 'Drop-Off').value).toBe('Gatwick Airport');
  });

  it('refuses a return trip whose return time was not chosen, naming the pickers, and asks nothing', async () => {
    const { calls } = answerQuoteCalls();
    const { user, panel } = await openMileage();
    await fillOneWay(user, panel);
    await user.click(within(panel()).getByRole('button', { name: 'Add Return' }));
    await user.click(within(panel()).getByRole('button', { name: 'Quote' }));

    const hour = field(panel(), 'Return Hour');
    await waitFor(() => expect(hour.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(hour.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose the Return Hour',
    );
    const minute = field(panel(), 'Return Min');
    expect(document.getElementById(minute.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose the Return Min',
    );
    const alert = within(panel()).getByRole('alert');
    expect(alert.textContent).toBe('Choose a return time: Return Hour and Return Min');
    // The button itself says what stops it.
    const quote = within(panel()).getByRole('button', { name: 'Quote' });
    expect(quote.getAttribute('aria-describedby')).toBe(alert.id);
    expect(calls).toHaveLength(0);

    // Choosing the hour leaves only the minute to name; choosing both sends that time.
    await user.selectOptions(hour, '12');
    await user.click(quote);
    await waitFor(() =>
      expect(within(panel()).getByRole('alert').textContent).toBe(
        'Choose a return time: Return Min',
      ),
    );
    expect(calls).toHaveLength(0);
    await user.selectOptions(minute, '00');
    await user.click(quote);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ return_hour: '12pm', return_min: '00' });
  });

  it.each([
    ['zero distance', 'Same Address Booking!', MESSAGES.zeroDistance, /must be different/],
    ['a banned address', 'Urgent Booking!', MESSAGES.addressBanned, /at least 2 hours ahead/],
    ['the grace period', 'Urgent Booking!', MESSAGES.graceTime, /at least 2 hours ahead/],
  ])(
    'a 422 for %s shows the %s dialog and goes to /quoteView after 1 s',
    async (_, title, message, explanation) => {
      answerQuoteCalls({ price: () => jsonResponse({ success: false, message }, 422) });
      const { user, panel, router } = await openMileage();
      await fillOneWay(user, panel);
      const started = Date.now();
      await user.click(within(panel()).getByRole('button', { name: 'Quote' }));
      const dialog = await screen.findByRole('alertdialog', { name: title });
      expect(within(dialog).getByText(explanation)).toBeTruthy();
      expect(
        within(dialog).getByRole('link', { name: '+44 20 7946 0000' }).getAttribute('href'),
      ).toBe('tel:+442079460000');
      expect(
        within(dialog).getByRole('link', { name: 'quotation page' }).getAttribute('href'),
      ).toBe('/quoteView');
      expect(router.state.location.pathname).toBe('/');
      await waitFor(() => expect(router.state.location.pathname).toBe('/quoteView'), {
        timeout: 3000,
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    },
  );

  it("shows any other failure in an 'Error' dialog with the server's text and stays", async () => {
    answerQuoteCalls({
      price: () =>
        jsonResponse({ success: false, message: 'No operator covers this journey' }, 422),
    });
    const { user, panel, router } = await openMileage();
    await fillOneWay(user, panel);
    await user.click(within(panel()).getByRole('button', { name: 'Quote' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(dialog).getByText('No operator covers this journey')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(router.state.location.pathname).toBe('/');
    expect(field(panel(), 'Pick-Up').value).toBe(HEATHROW);
  });

  it('shows the fields a 400 names beside them and keeps what was typed', async () => {
    answerQuoteCalls({
      price: () =>
        jsonResponse(
          {
            success: false,
            message: 'pickup_date must be a date like 2026-11-22',
            errors: [
              { path: 'pickup_date', message: 'pickup_date must be a date like 2026-11-22' },
              { path: 'pickup_min', message: 'pickup_min must be 00 to 55 in steps of 5' },
              { path: 'luggages', message: 'luggages must be a whole number from 0 to 20' },
            ],
          },
          400,
        ),
    });
    const { user, panel } = await openMileage();
    await fillOneWay(user, panel);
    await user.click(within(panel()).getByRole('button', { name: 'Quote' }));
    const date = field(panel(), 'Pick up Date');
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(within(panel()).getByText('pickup_date must be a date like 2026-11-22')).toBeTruthy();
    expect(within(panel()).getByText('pickup_min must be 00 to 55 in steps of 5')).toBeTruthy();
    expect(within(panel()).getByRole('alert').textContent).toContain(
      'luggages must be a whole number from 0 to 20',
    );
    expect(field(panel(), 'Pick-Up').value).toBe(HEATHROW);
    expect(field(panel(), 'Hour').value).toBe('3pm');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('marks the address a 422 could not place, with the Error dialog', async () => {
    const message =
      'We could not find "Nowhere Lane" (dropoff). Choose an address from the suggestions or add its postcode.';
    answerQuoteCalls({
      price: () =>
        jsonResponse({ success: false, message, errors: [{ path: 'dropoff', message }] }, 422),
    });
    const { user, panel } = await openMileage();
    await fillOneWay(user, panel, { dropoff: 'Nowhere Lane' });
    await user.click(within(panel()).getByRole('button', { name: 'Quote' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(field(panel(), 'Drop-Off').getAttribute('aria-invalid')).toBe('true');
  });

  it('offline, says a price needs a connection, keeps the form and asks nothing', async () => {
    const { calls } = answerQuoteCalls();
    const { user, panel } = await openMileage();
    await fillOneWay(user, panel);
    onlineManager.setOnline(false);
    try {
      await user.click(within(panel()).getByRole('button', { name: 'Quote' }));
      expect(await within(panel()).findByText(OFFLINE_PRICE_MESSAGE)).toBeTruthy();
    } finally {
      onlineManager.setOnline(true);
    }
    expect(calls).toHaveLength(0);
    expect(field(panel(), 'Pick-Up').value).toBe(HEATHROW);
    expect(await readDraft('BookingForm')).toMatchObject({ pickup: HEATHROW });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('treats a request that never reaches the server as offline', async () => {
    answerQuoteCalls({
      price: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user, panel } = await openMileage();
    await fillOneWay(user, panel);
    await user.click(within(panel()).getByRole('button', { name: 'Quote' }));
    expect(await within(panel()).findByText(OFFLINE_PRICE_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('drafts', () => {
  it('a reload brings back the form as typed, the return leg and the tab', async () => {
    answerQuoteCalls();
    const first = await openMileage();
    const { user, panel } = first;
    await user.type(field(panel(), 'Pick-Up'), 'Gatwick Airport South');
    await user.click(within(panel()).getByRole('button', { name: 'Add Return' }));
    await user.selectOptions(field(panel(), 'Return Passengers'), '4');
    await user.click(within(panel()).getByRole('button', { name: 'Add Stop' }));
    await user.type(within(panel()).getByLabelText('City or Post Code'), 'Crawley');
    await waitFor(async () =>
      expect(await readDraft<BookingFormDraft>('BookingForm')).toMatchObject({
        pickup: 'Gatwick Airport South',
        select_option: 'return',
        return_passengers: '4',
        stops: [{ postcode: 'Crawley' }],
      }),
    );
    await saveBookingDraft('BookingType', 'milleage');
    first.unmount();

    resetBookingDraftsForTests();
    answerQuoteCalls();
    renderApp('/');
    await screen.findByRole('tab', { name: 'GET A QUOTE' });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'GET A QUOTE' }).getAttribute('aria-selected')).toBe(
        'true',
      ),
    );
    const panelAgain = screen.getByRole('tabpanel');
    await waitFor(() => expect(field(panelAgain, 'Pick-Up').value).toBe('Gatwick Airport South'));
    expect(field(panelAgain, 'Return Drop-Off').value).toBe('Gatwick Airport South');
    expect(field(panelAgain, 'Return Passengers').value).toBe('4');
    const stop = within(panelAgain).getByRole('group', { name: 'Stop 1' });
    expect((within(stop).getByLabelText('City or Post Code') as HTMLInputElement).value).toBe(
      'Crawley',
    );
  });

  it('a draft whose date has passed comes back dated tomorrow', async () => {
    await saveBookingDraft('BookingForm', {
      ...(
        await import('../../src/web/features/booking/components/quote-form/form-defaults')
      ).defaultBookingForm(),
      pickup: 'Paddington Station, London W2 1HQ',
      pickup_date: '2020-01-01',
      return_date: '2020-01-02',
    });
    resetBookingDraftsForTests();
    answerQuoteCalls();
    const { panel } = await openMileage();
    await waitFor(() =>
      expect(field(panel(), 'Pick-Up').value).toBe('Paddington Station, London W2 1HQ'),
    );
    expect(field(panel(), 'Pick up Date').value).toBe(addDays(today(), 1));
  });
});

describe('hourly form', () => {
  it('labels its controls and offers durations 4 to 24 hours and the hours as a clock runs, midnight and noon named', async () => {
    answerQuoteCalls();
    const { panel } = await openHome();
    for (const label of ['Pick-Up', 'Duration', 'Pick up Date', 'Hour', 'Min'])
      expect(within(panel()).getByLabelText(label)).toBeTruthy();
    expect(within(panel()).getByRole('button', { name: 'Use my current location' })).toBeTruthy();
    const duration = field(panel(), 'Duration');
    expect(duration.value).toBe('4hour');
    expect(optionValues(duration)).toEqual(Array.from({ length: 21 }, (_, i) => `${i + 4}hour`));
    expect(optionTexts(duration)[0]).toBe('4 hours');
    expect(optionTexts(duration).at(-1)).toBe('24 hours');
    expect(optionTexts(field(panel(), 'Hour'))).toEqual(CLOCK_HOUR_LABELS);
    expect(optionTexts(field(panel(), 'Min'))).toHaveLength(12);
    expect(field(panel(), 'Pick up Date').min).toBe(today());
  });

  it('Search posts the hourly form to /calculate-hourly-price and goes to /quotationview', async () => {
    const { calls } = answerQuoteCalls({
      price: () => jsonResponse({ success: true, price_details: [detail] }),
    });
    const { user, panel, router } = await openHome();
    fireEvent.change(field(panel(), 'Pick-Up'), { target: { value: HEATHROW } });
    await user.selectOptions(field(panel(), 'Duration'), '6 hours');
    fireEvent.change(field(panel(), 'Pick up Date'), { target: { value: addDays(today(), 2) } });
    // Noon, chosen by what the picker shows, is sent as the spec's '12pm' (12:00).
    await user.selectOptions(field(panel(), 'Hour'), '12pm (noon)');
    await user.selectOptions(field(panel(), 'Min'), '15');
    await user.click(within(panel()).getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/quotationview'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe(API_PATHS.calculateHourlyPrice);
    expect(calls[0]!.body).toMatchObject({
      pickup: HEATHROW,
      pickup_duration: '6hour',
      pickup_date: addDays(today(), 2),
      pickup_hour: '12pm',
      pickup_min: '15',
    });
    expect(await readDraft('BookingType')).toBe('hourly');
    expect(await readDraft('HourlyRateForm')).toMatchObject({ pickup_duration: '6hour' });
    expect(await readDraft('PriceDetails')).toMatchObject({ bookingType: 'hourly' });
    expect(await readDraft('CalculatedDistance')).toBeUndefined();
  });

  it("the marker fills in the pick-up with the server's address for the position, says so, and sends its coordinates", async () => {
    const getCurrentPosition = fakeGeolocation(51.47, -0.4543);
    try {
      const { calls } = answerQuoteCalls();
      const { user, panel, router } = await openHome();
      await user.click(within(panel()).getByRole('button', { name: 'Use my current location' }));
      await waitFor(() => expect(field(panel(), 'Pick-Up').value).toBe(NEAR_T5));
      const note = within(panel()).getByText(
        `Pickup set to your location: ${NEAR_T5} — check it before you quote`,
      );
      // Announced: it sits in a live region.
      expect(note.closest('[role="status"]')).not.toBeNull();
      expect(getCurrentPosition.mock.calls[0]![2]).toEqual({
        timeout: 10000,
        enableHighAccuracy: true,
        maximumAge: 0,
      });
      await user.click(within(panel()).getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/quotationview'));
      expect(calls[0]!.body).toMatchObject({
        pickup: NEAR_T5,
        pickup_location: { lat: 51.47, lng: -0.4543 },
        userLocation: { lat: 51.47, lon: -0.4543 },
      });
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('the marker says why when the server cannot name the position, and leaves the pick-up alone', async () => {
    fakeGeolocation(48.8566, 2.3522);
    try {
      answerQuoteCalls();
      const { user, panel } = await openHome();
      await user.click(within(panel()).getByRole('button', { name: 'Use my current location' }));
      await waitFor(() => expect(within(panel()).getByText(OUTSIDE_UK)).toBeTruthy());
      expect(field(panel(), 'Pick-Up').value).toBe('');
      expect(within(panel()).queryByText(/Current location/)).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('a 422 grace-period answer shows Urgent Booking! and goes to /quoteView', async () => {
    answerQuoteCalls({
      price: () => jsonResponse({ success: false, message: MESSAGES.graceTime }, 422),
    });
    const { user, panel, router } = await openHome();
    fireEvent.change(field(panel(), 'Pick-Up'), { target: { value: HEATHROW } });
    await user.click(within(panel()).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alertdialog', { name: 'Urgent Booking!' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/quoteView'), {
      timeout: 3000,
    });
  });
});
