import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { MESSAGES } from '../../src/domain/messages';
import { readDraft } from '../../src/web/offline/db';
import { renderApp, settingsLoaded, preloadPages } from './helpers';
import {
  answerQuotationCalls,
  clearDrafts,
  priceDetail,
  seedQuote,
  severalOperators,
} from './quotation-fixtures';

preloadPages('/quotationview');

beforeEach(clearDrafts);
afterEach(clearDrafts);

/** Pricing, saving to IndexedDB and navigating take a while on a busy machine. */
const SLOW = { timeout: 5000 };

async function openResults() {
  const view = renderApp('/quotationview');
  await settingsLoaded();
  await screen.findByRole('heading', { level: 1, name: 'Top results' });
  return view;
}

describe('change search', () => {
  it('Edit Quote opens the search popup filled with the saved search and blocks the cards', async () => {
    answerQuotationCalls();
    await seedQuote();
    const { user } = await openResults();
    const panel = within(screen.getByRole('region', { name: 'Quote' }));
    await user.click(panel.getByRole('button', { name: 'Edit Quote' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Change your search' }));
    expect(
      ((await dialog.findByRole('combobox', { name: 'Pick-Up' })) as HTMLInputElement).value,
    ).toBe('Heathrow Airport Terminal 5, Hounslow TW6 2GA');
    expect((dialog.getByRole('combobox', { name: 'Drop-Off' }) as HTMLInputElement).value).toBe(
      "London King's Cross Station, London N1 9AL",
    );
    expect((dialog.getByRole('combobox', { name: 'Passengers' }) as HTMLSelectElement).value).toBe(
      '2',
    );
    expect(dialog.getByLabelText('Pick up Date')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Add Return' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.completeEditing).closest('[role="status"]')).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Cancel', hidden: true })).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(screen.queryByText(MESSAGES.completeEditing)).toBeNull();
    expect(panel.getByRole('button', { name: 'Edit Quote' })).toBeTruthy();
  });

  it('does not change the saved search while it is edited and then cancelled', async () => {
    answerQuotationCalls();
    await seedQuote();
    const { user } = await openResults();
    await user.click(screen.getByRole('button', { name: 'Edit Quote' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change your search' }));
    await user.selectOptions(await dialog.findByRole('combobox', { name: 'Passengers' }), '5');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(await readDraft('BookingForm')).toMatchObject({ passengers: '2' });
  });

  it('Search prices the new search, closes the popup and shows the new cards', async () => {
    const { posted } = answerQuotationCalls({
      distancePrice: () => ({
        body: {
          success: true,
          price_details: [priceDetail({ vehicle_type: 'Executive', price: 99 })],
          distance: { via_miles: 20, duration: 40 },
        },
      }),
    });
    await seedQuote({ prices: severalOperators });
    const { user, router } = await openResults();
    await user.click(screen.getByRole('button', { name: 'Edit Quote' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change your search' }));
    await user.selectOptions(await dialog.findByRole('combobox', { name: 'Passengers' }), '3');
    await user.click(dialog.getByRole('button', { name: 'Search' }));

    // The popup steps aside while the search is priced, so wait for the editing to end.
    await waitFor(() => expect(screen.queryByText(MESSAGES.completeEditing)).toBeNull(), SLOW);
    expect(screen.queryByRole('dialog')).toBeNull();
    const vehicles = within(screen.getByRole('region', { name: 'Vehicles' }));
    expect(await vehicles.findByRole('heading', { name: 'Executive' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/quotationview');
    expect(vehicles.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('32 km (20 miles) each way')).toBeTruthy();
    const call = posted.find((entry) => entry.path === API_PATHS.calculateDistancePrice);
    expect(call?.body).toMatchObject({ passengers: '3' });
    expect(await readDraft('BookingForm')).toMatchObject({ passengers: '3' });
  });

  it('keeps the saved search and its prices when the new search cannot be priced', async () => {
    answerQuotationCalls({
      distancePrice: () => ({
        status: 422,
        body: { success: false, message: 'The selected journey cannot be priced.' },
      }),
    });
    await seedQuote();
    const { user } = await openResults();
    await user.click(screen.getByRole('button', { name: 'Edit Quote' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change your search' }));
    await user.selectOptions(await dialog.findByRole('combobox', { name: 'Passengers' }), '4');
    await user.click(dialog.getByRole('button', { name: 'Search' }));

    expect(
      await screen.findByText('The selected journey cannot be priced.', {}, SLOW),
    ).toBeTruthy();
    // The summary must never pair one journey with another journey's prices.
    expect(await readDraft('BookingForm')).toMatchObject({ passengers: '2' });
  });

  it('steps the popup aside for the loader while the new search is priced', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { spy } = answerQuotationCalls({
      distancePrice: () => ({
        body: { success: true, price_details: [priceDetail({ price: 70 })] },
      }),
    });
    const answer = spy.getMockImplementation()!;
    spy.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await released;
      return answer(input, init);
    });
    await seedQuote();
    const { user } = await openResults();
    await user.click(screen.getByRole('button', { name: 'Edit Quote' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change your search' }));
    await dialog.findByRole('combobox', { name: 'Pick-Up' });
    await user.click(dialog.getByRole('button', { name: 'Search' }));

    expect(
      (await screen.findByText(MESSAGES.loadingPrice)).closest('[role="status"]'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    release();
    const vehicles = within(await screen.findByRole('region', { name: 'Vehicles' }));
    expect(await vehicles.findByText('£70.00', { selector: 'p' }, SLOW)).toBeTruthy();
  });

  it('edits an hourly booking with the hourly form', async () => {
    answerQuotationCalls();
    await seedQuote({ bookingType: 'hourly' });
    const { user } = await openResults();
    await user.click(screen.getByRole('button', { name: 'Edit Quote' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change your search' }));
    expect(
      ((await dialog.findByRole('combobox', { name: 'Duration' })) as HTMLSelectElement).value,
    ).toBe('6hour');
    expect(dialog.getByRole('button', { name: 'Search' })).toBeTruthy();
  });
});
