import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import { useCalculateSelectedVehiclePrice } from '../api/calculate-selected-vehicle-price';
import {
  selectedVehicleRequest,
  toSelectedVehicleDraft,
} from '../components/quote-summary/selected-vehicle';
import {
  saveBookingDraft,
  type BookingDrafts,
  type PriceDetailsDraft,
} from '../state/booking-drafts';
import type { OfferCard } from './offers';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Book Now: the chosen vehicle priced with the saved search, stored as the selection, and on to
 * the personal details. A failure is kept for the page's error dialog.
 */
export function useBookOffer(prices: PriceDetailsDraft, drafts: BookingDrafts) {
  const navigate = useNavigate();
  const selectPrice = useCalculateSelectedVehiclePrice();
  const [error, setError] = useState<string | null>(null);

  const book = async (card: OfferCard, vehicleCount: number) => {
    const selection = card.lowest ? 'lowest' : 'selection';
    try {
      const response = await selectPrice.mutateAsync(
        selectedVehicleRequest({
          bookingType: prices.bookingType,
          bookingForm: drafts.BookingForm,
          hourlyForm: drafts.HourlyRateForm,
          detail: card.detail,
          selection,
          vehicleCount,
        }),
      );
      await saveBookingDraft('selectedVehicleData', toSelectedVehicleDraft(response, selection));
      void navigate(ROUTES.personalDetails);
    } catch (cause) {
      // The spec only logs price failures here; a Book Now that fails must still say so.
      console.error('Could not price the chosen vehicle', cause);
      setError(errorText(cause));
    }
  };

  return {
    book: (card: OfferCard, vehicleCount: number) => void book(card, vehicleCount),
    /** The chosen vehicle is being priced. */
    isPending: selectPrice.isPending,
    error,
    dismissError: () => setError(null),
  };
}
