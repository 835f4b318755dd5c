import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { MESSAGES } from '../../src/domain/messages';
import { resetBookingDraftsForTests } from '../../src/web/features/booking/state/booking-drafts';
import { readDraft } from '../../src/web/offline/db';
import { renderApp, settingsLoaded, preloadPages } from './helpers';
import {
  answerQuotationCalls,
  clearDrafts,
  mileageForm,
  priceDetail,
  quotationSettings,
  seedQuote,
  selectedAnswer,
  severalOperators,
} from './quotation-fixtures';

preloadPages('/quotationview');

beforeEach(clearDrafts);
afterEach(clearDrafts);

/** Pricing, saving to IndexedDB and navigating take a while on a busy machine. */
const SLOW = { timeout: 5000 };

/** The vehicle cards, in page order. */
async function vehicleCards(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('region', { name: 'Vehicles' });
  return within(list).getAllByRole('article');
}

async function openResults(path = '/quotationview') {
  const view = renderApp(path);
  await settingsLoaded();
  await screen.findByRole('heading', { level: 1, name: 'Top results' });
  return view;
}

describe('vehicle cards', () => {
  it('show every field of an offer', async () => {
    answerQuotationCalls();
    await seedQuote({ prices: [priceDetail({ price: 1234.5, final_price: 1234.5 })] });
    await openResults();
    const [card] = await vehicleCards();
    const inCard = within(card!);
    const image = inCard.getByRole('img', { name: 'Saloon' });
    expect(image.getAttribute('src')).toBe('/storage/fleet/saloon.webp');
    expect(image.style.maxHeight).toBe('240px');
    expect(inCard.getByRole('heading', { name: 'Saloon' })).toBeTruthy();
    expect(inCard.getByText('Heathrow Cars Ltd')).toBeTruthy();
    expect(inCard.getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeTruthy();
    expect(inCard.getByText('4.8')).toBeTruthy();
    expect(inCard.getByText('Up to 4 Passenger')).toBeTruthy();
    expect(inCard.getByText('2 large suitcases')).toBeTruthy();
    expect(inCard.getByText('1 medium suitcases')).toBeTruthy();
    expect(inCard.getByText('One Way')).toBeTruthy();
    expect(inCard.getByText('£1,234.50', { selector: 'p' })).toBeTruthy();
    expect(inCard.getByRole('button', { name: 'Book Now' })).toBeTruthy();
    const count = inCard.getByRole('combobox', { name: 'Vehicles' }) as HTMLSelectElement;
    expect([...count.options].map((option) => option.text)).toEqual([
      '1 x Vehicle Selected',
      '2 x Vehicle Selected',
      '3 x Vehicle Selected',
      '4 x Vehicle Selected',
      '5 x Vehicle Selected',
      '6 x Vehicle Selected',
    ]);
    expect(count.value).toBe('1');
  });

  it('say Round Trip for a return journey and the hire length for an hourly one', async () => {
    answerQuotationCalls();
    await seedQuote({ form: mileageForm({ select_option: 'return', return_date: '2030-11-23' }) });
    const first = await openResults();
    expect(within((await vehicleCards())[0]!).getByText('Round Trip')).toBeTruthy();
    first.unmount();

    await clearDrafts();
    await seedQuote({ bookingType: 'hourly' });
    await openResults();
    expect(within((await vehicleCards())[0]!).getByText('6 hours hire')).toBeTruthy();
  });

  it('put a Lowest Price card first when several operators offer, with the cheapest price', async () => {
    answerQuotationCalls();
    await seedQuote({ prices: severalOperators });
    await openResults();
    const cards = await vehicleCards();
    expect(cards).toHaveLength(4);
    const lowest = within(cards[0]!);
    expect(lowest.getByRole('heading', { name: 'Lowest Price: Saloon' })).toBeTruthy();
    expect(lowest.getByText('Lowest Price')).toBeTruthy();
    expect(lowest.getByText('Capital Chauffeurs')).toBeTruthy();
    expect(lowest.getByText('£40.00', { selector: 'p' })).toBeTruthy();
    // Its count is one vehicle, fixed.
    expect(lowest.queryByRole('combobox')).toBeNull();
    expect(lowest.getByText('1 x Vehicle Selected')).toBeTruthy();
    expect(cards.slice(1).map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Saloon',
      'MPV',
      'Saloon',
    ]);
  });

  it('show no Lowest Price card when one operator offers everything', async () => {
    answerQuotationCalls();
    await seedQuote({ prices: severalOperators.slice(0, 2) });
    await openResults();
    const cards = await vehicleCards();
    expect(cards).toHaveLength(2);
    expect(screen.queryByText('Lowest Price')).toBeNull();
  });

  it('show ratings and the Lowest Price card only when MULTIPLE_OPERATORS is enable', async () => {
    answerQuotationCalls({ settings: quotationSettings({ MULTIPLE_OPERATORS: 'disable' }) });
    await seedQuote({ prices: severalOperators });
    await openResults();
    const cards = await vehicleCards();
    expect(cards).toHaveLength(3);
    expect(screen.queryByRole('img', { name: /^Rated/ })).toBeNull();
    expect(screen.queryByText('4.8')).toBeNull();
    expect(screen.queryByText('Lowest Price')).toBeNull();
  });

  it('round the stars and show one decimal', async () => {
    answerQuotationCalls();
    await seedQuote({ prices: [priceDetail({ rating: 3.96 })] });
    await openResults();
    const [card] = await vehicleCards();
    const rating = within(card!).getByRole('img', { name: 'Rated 4.0 out of 5' });
    expect(rating.textContent).toBe('★★★★★4.0');
  });

  it('offer an orange Contact Us to the quote page instead of Book Now when the price is 0', async () => {
    answerQuotationCalls();
    await seedQuote({ prices: [priceDetail({ price: 0, final_price: 0, breakdown: {} })] });
    const { user, router } = await openResults();
    const card = within((await vehicleCards())[0]!);
    expect(card.queryByRole('button', { name: 'Book Now' })).toBeNull();
    const contact = card.getByRole('link', { name: 'Contact Us' });
    expect(contact.getAttribute('href')).toBe('/quoteView');
    await user.click(contact);
    await waitFor(() => expect(router.state.location.pathname).toBe('/quoteView'));
  });

  it('switch between a list and a grid; list cards show £, grid cards the CURRENCY setting', async () => {
    answerQuotationCalls({ settings: quotationSettings({ CURRENCY: '€' }) });
    await seedQuote();
    const { user } = await openResults();
    const list = screen.getByRole('button', { name: 'List view' });
    const grid = screen.getByRole('button', { name: 'Grid view' });
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(within((await vehicleCards())[0]!).getByText('£45.50', { selector: 'p' })).toBeTruthy();
    await user.click(grid);
    expect(grid.getAttribute('aria-pressed')).toBe('true');
    expect(list.getAttribute('aria-pressed')).toBe('false');
    expect(within((await vehicleCards())[0]!).getByText('€45.50', { selector: 'p' })).toBeTruthy();
  });

  it('list what the price is made of', async () => {
    answerQuotationCalls();
    await seedQuote({ prices: [severalOperators[2]!] });
    const { user } = await openResults();
    const card = within((await vehicleCards())[0]!);
    await user.click(card.getByText('Price breakdown'));
    expect(card.getByText('Outward journey')).toBeTruthy();
    expect(card.getByText('£38.00')).toBeTruthy();
    expect(card.getByText('Meet & Greet')).toBeTruthy();
    expect(card.getByText('£2.00')).toBeTruthy();
    expect(card.getByText('Total')).toBeTruthy();
  });
});

describe('Book Now', () => {
  it('prices the chosen vehicle and count, saves the selection and goes to personal details', async () => {
    const { posted } = answerQuotationCalls({
      selectedPrice: (body) => ({
        body: selectedAnswer(severalOperators[1]!, Number(body.vehicle_count)),
      }),
    });
    await seedQuote({ prices: severalOperators });
    const { user, router } = await openResults();
    const mpv = within((await vehicleCards())[2]!);
    await user.selectOptions(mpv.getByRole('combobox', { name: 'Vehicles' }), '3');
    expect(mpv.getByText('3 vehicles: £180.00')).toBeTruthy();
    await user.click(mpv.getByRole('button', { name: 'Book Now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/personalDetailView'), SLOW);
    const call = posted.find((entry) => entry.path === API_PATHS.calculateSelectedVehiclePrice);
    expect(call?.body).toMatchObject({
      bookingType: 'milleage',
      vehicle_id: 2,
      company_id: 1,
      vehicle_count: 3,
      bookingForm: { pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', passengers: '2' },
    });
    expect(call?.body.hourlyRateForm).toBeUndefined();
    const saved = await readDraft('selectedVehicleData');
    expect(saved).toMatchObject({
      selection: 'selection',
      vehicle_count: 3,
      quote_id: 'q_123',
      price: 60,
      final_price: 180,
      detail: { vehicle_id: 2, company_id: 1 },
    });
  });

  it("books the Lowest Price card as one vehicle, with the breakdown's final price", async () => {
    const lowest = severalOperators[2]!;
    const { posted } = answerQuotationCalls({
      selectedPrice: () => ({
        body: selectedAnswer(lowest, 1, {
          final_price: 40,
          breakdown: { outward_fare: 38.5, meet_and_greet: 2, final_price: 40.5 },
        }),
      }),
    });
    await seedQuote({ prices: severalOperators });
    const { user, router } = await openResults();
    await user.click(within((await vehicleCards())[0]!).getByRole('button', { name: 'Book Now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/personalDetailView'), SLOW);
    expect(posted[0]?.body).toMatchObject({ vehicle_id: 1, company_id: 2, vehicle_count: 1 });
    expect(await readDraft('selectedVehicleData')).toMatchObject({
      selection: 'lowest',
      vehicle_count: 1,
      final_price: 40.5,
    });
  });

  it('sends the hourly form for an hourly booking', async () => {
    const { posted } = answerQuotationCalls({
      selectedPrice: () => ({ body: selectedAnswer(priceDetail(), 1) }),
    });
    await seedQuote({ bookingType: 'hourly' });
    const { user, router } = await openResults();
    await user.click(within((await vehicleCards())[0]!).getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalDetailView'), SLOW);
    expect(posted[0]?.body).toMatchObject({
      bookingType: 'hourly',
      hourlyRateForm: { pickup_duration: '6hour' },
    });
    expect(posted[0]?.body.bookingForm).toBeUndefined();
  });

  it('shows the loader while the price is fetched', async () => {
    let release: () => void = () => undefined;
    const waitForRelease = new Promise<void>((resolve) => {
      release = resolve;
    });
    answerQuotationCalls();
    const { spy } = answerQuotationCalls({
      selectedPrice: () => ({ body: selectedAnswer(priceDetail(), 1) }),
    });
    const answer = spy.getMockImplementation()!;
    spy.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await waitForRelease;
      return answer(input, init);
    });
    await seedQuote();
    const { user, router } = await openResults();
    await user.click(within((await vehicleCards())[0]!).getByRole('button', { name: 'Book Now' }));
    expect(
      (await screen.findByText(MESSAGES.loadingPrice)).closest('[role="status"]'),
    ).toBeTruthy();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalDetailView'), SLOW);
  });

  it('tells the visitor in an Error dialog when the price fails, and stays', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerQuotationCalls({
      selectedPrice: () => ({
        status: 422,
        body: { success: false, message: 'Pickup time is within the grace period' },
      }),
    });
    await seedQuote();
    const { user, router } = await openResults();
    await user.click(within((await vehicleCards())[0]!).getByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(dialog).getByText('Pickup time is within the grace period')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/quotationview');
    expect(await readDraft('selectedVehicleData')).toBeUndefined();
    expect(logged).toHaveBeenCalled();
  });
});

describe('quote summary panel', () => {
  it('shows the route, dates and times, and distance and duration each way', async () => {
    answerQuotationCalls();
    await seedQuote({
      form: mileageForm({
        select_option: 'return',
        return_date: '2030-11-23',
        return_hour: '12am',
        return_min: '00',
        stops: [{ street_name: 'Baker Street', number: '221B', postcode: 'NW1 6XE' }],
      }),
      distance: { via_miles: 10, duration: 65 },
    });
    await openResults();
    const panel = within(screen.getByRole('region', { name: 'Quote' }));
    const value = (label: string) => panel.getByText(label).nextElementSibling?.textContent;
    expect(value('From')).toBe('Heathrow Airport Terminal 5, Hounslow TW6 2GA');
    expect(value('Via')).toBe('221B, Baker Street, NW1 6XE');
    expect(value('To')).toBe("London King's Cross Station, London N1 9AL");
    expect(value('Return From')).toBe("London King's Cross Station, London N1 9AL");
    expect(value('Return To')).toBe('Heathrow Airport Terminal 5, Hounslow TW6 2GA');
    expect(panel.getByRole('heading', { name: 'Date & Time' })).toBeTruthy();
    expect(value('Pickup Date & Time')).toBe('21/11/2030 15:05');
    expect(value('Return Date & Time')).toBe('23/11/2030 00:00');
    // 10 miles × 1.60934 = 16.09 km, rounded.
    expect(value('Distance')).toBe('16 km (10 miles) each way');
    expect(value('Duration')).toBe('1 hr 5 mins each way');
    // The options block belongs to the details page until a vehicle is chosen.
    expect(panel.queryByRole('heading', { name: 'Options' })).toBeNull();
  });

  it('shows the pickup and the hire duration for an hourly booking, without To', async () => {
    answerQuotationCalls();
    await seedQuote({ bookingType: 'hourly' });
    await openResults();
    const panel = within(screen.getByRole('region', { name: 'Quote' }));
    expect(panel.getByText('From').nextElementSibling?.textContent).toBe(
      'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
    );
    expect(panel.queryByText('To')).toBeNull();
    expect(panel.getByText('Pickup Date & Time').nextElementSibling?.textContent).toBe(
      '21/11/2030 09:30',
    );
    expect(panel.getByText('Duration').nextElementSibling?.textContent).toBe('6 hours');
  });

  it('shows no map and no error without a GOOGLE_API_KEY', async () => {
    answerQuotationCalls();
    await seedQuote();
    await openResults();
    expect(screen.queryByRole('region', { name: /^Map/ })).toBeNull();
  });
});

describe('step bar and guards', () => {
  it('marks Quotation as the current step and the progress at Vehicle', async () => {
    answerQuotationCalls();
    await seedQuote();
    await openResults();
    const steps = within(screen.getByRole('navigation', { name: 'Booking steps' }));
    const stepButtons = within(steps.getByRole('list')).getAllByRole('button');
    expect(stepButtons.map((step) => step.textContent)).toEqual([
      '1Quote',
      '2Quotation',
      '3Personal Detail',
      '4Payment',
    ]);
    expect(steps.getByRole('button', { name: 'Quotation' }).getAttribute('aria-current')).toBe(
      'step',
    );
    expect(steps.getByRole('button', { name: 'Quote' }).getAttribute('aria-current')).toBeNull();
    const progress = within(screen.getByRole('list', { name: 'Booking progress' }));
    expect(progress.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Vehicle',
      '>Details',
      '>Payment',
    ]);
    expect(progress.getByText('Vehicle').closest('li')?.getAttribute('aria-current')).toBe('step');
  });

  it('keeps the visitor on the results when a later step needs a vehicle', async () => {
    answerQuotationCalls();
    await seedQuote();
    const { user, router } = await openResults();
    const steps = within(screen.getByRole('navigation', { name: 'Booking steps' }));
    await user.click(steps.getByRole('button', { name: 'Personal Detail' }));
    await user.click(steps.getByRole('button', { name: 'Payment' }));
    expect(router.state.location.pathname).toBe('/quotationview');
    await user.click(steps.getByRole('button', { name: 'Quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booktripview'));
  });

  it('lets a visitor with a chosen vehicle go on to personal details but not to payment', async () => {
    answerQuotationCalls();
    const detail = priceDetail();
    await seedQuote({
      selected: {
        detail,
        selection: 'selection',
        vehicle_count: 1,
        quote_id: 'q_1',
        expires_at: '2030-11-20T12:00:00.000Z',
        price: 45.5,
        final_price: 45.5,
        breakdown: detail.breakdown,
      },
    });
    const { user, router } = await openResults();
    const steps = within(screen.getByRole('navigation', { name: 'Booking steps' }));
    await user.click(steps.getByRole('button', { name: 'Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalDetailView'), SLOW);
  });

  it('has no Next step on the results page; Previous goes to the step before', async () => {
    answerQuotationCalls();
    await seedQuote();
    const { user, router } = await openResults();
    expect(screen.queryByRole('button', { name: 'Next step' })).toBeNull();
    // Opened directly, there is nothing behind it in the app: Previous means the Quote step.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booktripview'));
  });

  it('sends a visitor without prices home', async () => {
    answerQuotationCalls();
    const { router } = renderApp('/quotationview');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Taxis and airport transfers across the UK',
      }),
    ).toBeTruthy();
  });

  it('back on the results page after a reload, from the saved drafts', async () => {
    answerQuotationCalls();
    await seedQuote({ prices: severalOperators });
    const first = await openResults();
    expect(await vehicleCards()).toHaveLength(4);
    first.unmount();

    // A reload: nothing in memory, everything still in IndexedDB.
    resetBookingDraftsForTests();
    const { router } = await openResults();
    expect(router.state.location.pathname).toBe('/quotationview');
    const cards = await vehicleCards();
    expect(cards).toHaveLength(4);
    expect(within(cards[0]!).getByText('£40.00', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('1 hr 5 mins each way')).toBeTruthy();
  });
});
