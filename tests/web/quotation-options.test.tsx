import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { MESSAGES } from '../../src/domain/messages';
import type { PriceDetail } from '../../src/contract/quotes';
import { system } from '../../src/web/components/chakra/theme';
import { EditOptionsForm } from '../../src/web/features/booking/components/quote-summary/edit-options-form';
import {
  hydrateBookingDrafts,
  type SelectedVehicleDraft,
} from '../../src/web/features/booking/state/booking-drafts';
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

function selection(detail: PriceDetail, count = 2): SelectedVehicleDraft {
  return {
    detail,
    selection: 'selection',
    vehicle_count: count,
    quote_id: 'q_1',
    expires_at: '2030-11-20T12:00:00.000Z',
    price: detail.price,
    final_price: detail.price * count,
    breakdown: detail.breakdown,
  };
}

async function quotePanel() {
  renderApp('/quotationview');
  await settingsLoaded();
  return within(await screen.findByRole('region', { name: 'Quote' }));
}

/** The labels of the rows under a sub-heading of the panel, in order. */
function rowLabels(panel: ReturnType<typeof within>, heading: string): string[] {
  const list = panel.getByRole('heading', { name: heading }).nextElementSibling;
  return [...(list?.querySelectorAll('dt') ?? [])].map((term) => term.textContent ?? '');
}

describe('options block', () => {
  it('lists every extra whose price is above zero, and always passengers, return and luggage', async () => {
    answerQuotationCalls();
    await seedQuote({
      form: mileageForm({ baby_seats: '1', meet_and_greet: 'yes', waiting_min: '15' }),
      selected: selection(priceDetail()),
    });
    const panel = await quotePanel();
    expect(rowLabels(panel, 'Options')).toEqual([
      'Passengers',
      'Return',
      'Baby Seat',
      'Booster Seat',
      'Luggage',
      'Meet & Greet',
      'Wheelchair',
      'Waiting Time in mins',
      'Special Luggage',
    ]);
    const value = (label: string) => panel.getByText(label).nextElementSibling?.textContent;
    expect(value('Passengers')).toBe('2');
    expect(value('Return')).toBe('No');
    expect(value('Baby Seat')).toBe('1');
    expect(value('Meet & Greet')).toBe('Yes');
    expect(value('Wheelchair')).toBe('No');
    expect(value('Waiting Time in mins')).toBe('15');
  });

  it('hides the rows of extras priced at 0', async () => {
    answerQuotationCalls({
      settings: quotationSettings({
        BABY_PRICE_PER_SEAT: '0',
        BOOSTER_PRICE_PER_SEAT: '',
        MEET_AND_GREET: '0.00',
        WHEEL_CHAIR: '0',
        PRICE_PER_FIVE_WAITING_MIN: '0',
        SPECIAL_LUGGAGE_PER_PRICE: '0',
      }),
    });
    await seedQuote({ selected: selection(priceDetail()) });
    const panel = await quotePanel();
    expect(rowLabels(panel, 'Options')).toEqual(['Passengers', 'Return', 'Luggage']);
  });

  it("shows a return trip's own extras behind See Return Details", async () => {
    answerQuotationCalls();
    await seedQuote({
      form: mileageForm({
        select_option: 'return',
        return_date: '2030-11-23',
        return_passengers: '3',
        return_booster_seats: '2',
      }),
      selected: selection(priceDetail()),
    });
    const panel = await quotePanel();
    const user = userEvent.setup();
    expect(panel.getByText('Return').nextElementSibling?.textContent).toBe('Yes');
    expect(panel.queryByRole('heading', { name: 'Return Details' })).toBeNull();
    const toggle = panel.getByRole('button', { name: 'See Return Details' });
    await user.click(toggle);
    expect(toggle.textContent).toBe('Hide Return Details');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const labels = rowLabels(panel, 'Return Details');
    expect(labels).not.toContain('Return');
    const returnRows = panel.getByRole('heading', { name: 'Return Details' }).nextElementSibling!;
    const returnValue = (label: string) =>
      within(returnRows as HTMLElement).getByText(label).nextElementSibling?.textContent;
    expect(returnValue('Passengers')).toBe('3');
    expect(returnValue('Booster Seat')).toBe('2');
    await user.click(toggle);
    expect(panel.queryByRole('heading', { name: 'Return Details' })).toBeNull();
  });
});

describe('edit options', () => {
  it('saves the extras, prices the chosen vehicle again, refreshes the cards and closes', async () => {
    // A vehicle that takes 4 cases: Edit Options offers no more luggage than that.
    const chosen = priceDetail({ vehicle_id: 2, company_id: 1, luggage: 4, price: 50 });
    const repriced = priceDetail({ vehicle_id: 2, company_id: 1, luggage: 4, price: 62 });
    const { posted } = answerQuotationCalls({
      selectedPrice: (body) => ({ body: selectedAnswer(repriced, Number(body.vehicle_count)) }),
      distancePrice: () => ({
        body: {
          success: true,
          price_details: [repriced],
          distance: { via_miles: 10, duration: 65 },
        },
      }),
    });
    await seedQuote({
      form: mileageForm({ select_option: 'return', return_date: '2030-11-23' }),
      prices: [chosen],
      selected: selection(chosen, 2),
    });
    const panel = await quotePanel();
    const user = userEvent.setup();
    await user.click(panel.getByRole('button', { name: 'Edit Options' }));
    expect(panel.getByRole('button', { name: 'Hide Options' })).toBeTruthy();
    const form = within(panel.getByRole('form', { name: 'Edit options' }));
    const outward = within(form.getByRole('group', { name: 'Outward journey' }));
    const back = within(form.getByRole('group', { name: 'Return journey' }));
    await user.selectOptions(outward.getByRole('combobox', { name: 'Baby Seats' }), '2');
    await user.selectOptions(outward.getByRole('combobox', { name: 'Meet & Greet' }), 'yes');
    await user.selectOptions(outward.getByRole('combobox', { name: 'Waiting Time in mins' }), '15');
    await user.selectOptions(back.getByRole('combobox', { name: 'Wheelchair' }), 'yes');
    await user.selectOptions(back.getByRole('combobox', { name: 'Luggage' }), '3');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(
      () => expect(panel.getByRole('button', { name: 'Edit Options' })).toBeTruthy(),
      SLOW,
    );
    expect(panel.queryByRole('form', { name: 'Edit options' })).toBeNull();
    const priceCall = posted.find((call) => call.path === API_PATHS.calculateSelectedVehiclePrice);
    expect(priceCall?.body).toMatchObject({
      bookingType: 'milleage',
      vehicle_id: 2,
      company_id: 1,
      vehicle_count: 2,
      bookingForm: {
        baby_seats: '2',
        meet_and_greet: 'yes',
        waiting_min: '15',
        return_wheel_chair: 'yes',
        return_luggages: '3',
        return_meet_and_greet: 'no',
      },
    });
    expect(await readDraft('BookingForm')).toMatchObject({
      baby_seats: '2',
      meet_and_greet: 'yes',
      waiting_min: '15',
      return_wheel_chair: 'yes',
      return_luggages: '3',
    });
    expect(await readDraft('selectedVehicleData')).toMatchObject({
      selection: 'selection',
      vehicle_count: 2,
      price: 62,
      final_price: 124,
    });
    // The cards follow: every vehicle is priced again with the new extras.
    await waitFor(() =>
      expect(posted.some((call) => call.path === API_PATHS.calculateDistancePrice)).toBe(true),
    );
    const cards = within(screen.getByRole('region', { name: 'Vehicles' }));
    expect(await cards.findByText('£62.00', { selector: 'p' }, SLOW)).toBeTruthy();
    expect(panel.getByText('Baby Seat').nextElementSibling?.textContent).toBe('2');
  });

  it('offers only the extras priced above zero, and one leg for a one-way trip', async () => {
    answerQuotationCalls({
      settings: quotationSettings({ BABY_PRICE_PER_SEAT: '0', WHEEL_CHAIR: '0' }),
    });
    await seedQuote({ selected: selection(priceDetail()) });
    const panel = await quotePanel();
    const user = userEvent.setup();
    await user.click(panel.getByRole('button', { name: 'Edit Options' }));
    const form = within(panel.getByRole('form', { name: 'Edit options' }));
    expect(form.queryByRole('group', { name: 'Return journey' })).toBeNull();
    expect(form.getAllByRole('combobox')).toHaveLength(6);
    for (const label of [
      'Luggage',
      'Hand Luggage',
      'Booster Seats',
      'Special Luggage',
      'Waiting Time in mins',
      'Meet & Greet',
    ]) {
      expect(form.getByRole('combobox', { name: label })).toBeTruthy();
    }
    expect(form.queryByRole('combobox', { name: 'Baby Seats' })).toBeNull();
    expect(form.queryByRole('combobox', { name: 'Wheelchair' })).toBeNull();
    // Luggage goes no higher than the operator's largest vehicle takes (its saloon: 2 and 1);
    // seats keep the panel's 0–15.
    const countsOf = (name: string) =>
      [...(form.getByRole('combobox', { name }) as HTMLSelectElement).options].map((o) => o.value);
    expect(countsOf('Luggage')).toEqual(['0', '1', '2']);
    expect(countsOf('Hand Luggage')).toEqual(['0', '1']);
    expect(countsOf('Booster Seats')).toHaveLength(16);
    const waiting = form.getByRole('combobox', {
      name: 'Waiting Time in mins',
    }) as HTMLSelectElement;
    expect([...waiting.options].map((option) => option.value)).toEqual(
      Array.from({ length: 21 }, (_, i) => String(i * 5)),
    );
  });

  it('keeps the panel open with the reason when the server refuses the extras', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerQuotationCalls({
      selectedPrice: () => ({
        status: 422,
        body: { success: false, message: 'Luggage exceeded by 1' },
      }),
      distancePrice: () => ({
        status: 422,
        body: { success: false, message: 'Luggage exceeded by 1' },
      }),
    });
    await seedQuote({ prices: severalOperators, selected: selection(priceDetail()) });
    const panel = await quotePanel();
    const user = userEvent.setup();
    await user.click(panel.getByRole('button', { name: 'Edit Options' }));
    const form = within(panel.getByRole('form', { name: 'Edit options' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Luggage' }), '4');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect((await form.findByRole('alert')).textContent).toBe('Luggage exceeded by 1');
    expect(await readDraft('BookingForm')).toMatchObject({ luggages: '1' });
    expect(logged).toHaveBeenCalled();
  });

  it('says what the chosen vehicle cannot take and offers the vehicles that fit', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const [saloon, mpv] = severalOperators;
    const refusal = `${MESSAGES.chosenVehicleCapacityPrefix}Luggage exceeded by 2`;
    const { posted } = answerQuotationCalls({
      selectedPrice: (body) =>
        body.vehicle_id === mpv!.vehicle_id
          ? { body: selectedAnswer(mpv!, 1) }
          : { status: 422, body: { success: false, message: refusal } },
      distancePrice: () => ({ body: { success: true, price_details: [mpv] } }),
    });
    await seedQuote({ prices: severalOperators, selected: selection(saloon!, 1) });
    const panel = await quotePanel();
    const user = userEvent.setup();
    await user.click(panel.getByRole('button', { name: 'Edit Options' }));
    const form = within(panel.getByRole('form', { name: 'Edit options' }));
    // The operator's MPV takes 4 cases: 4 is offered, 5 is not.
    const luggage = form.getByRole('combobox', { name: 'Luggage' }) as HTMLSelectElement;
    expect([...luggage.options].map((o) => o.value)).toEqual(['0', '1', '2', '3', '4']);
    await user.selectOptions(luggage, '4');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect((await form.findByRole('alert')).textContent).toBe(refusal);
    const fits = within(
      await form.findByRole('group', { name: 'Vehicles that fit these options' }),
    );
    expect(await readDraft('BookingForm')).toMatchObject({ luggages: '1' });
    await user.click(fits.getByRole('button', { name: /Choose MPV, Heathrow Cars Ltd.*£60\.00/ }));
    await waitFor(
      async () =>
        expect(await readDraft('selectedVehicleData')).toMatchObject({
          detail: { vehicle_id: mpv!.vehicle_id },
        }),
      SLOW,
    );
    expect(await readDraft('BookingForm')).toMatchObject({ luggages: '4' });
    const asked = posted.filter((call) => call.path === API_PATHS.calculateSelectedVehiclePrice);
    expect(asked.at(-1)?.body).toMatchObject({
      vehicle_id: mpv!.vehicle_id,
      bookingForm: { luggages: '4' },
    });
  });

  it('does nothing without a chosen vehicle', async () => {
    const { spy } = answerQuotationCalls();
    await seedQuote();
    await hydrateBookingDrafts();
    render(
      <ChakraProvider value={system}>
        <EditOptionsForm settings={quotationSettings()} />
      </ChakraProvider>,
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Luggage' }), '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(spy).not.toHaveBeenCalled();
    expect(await readDraft('BookingForm')).toMatchObject({ luggages: '1' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
