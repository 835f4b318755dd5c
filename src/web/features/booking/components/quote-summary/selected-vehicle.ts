import type {
  PriceDetail,
  SelectedVehiclePriceRequestInput,
  SelectedVehiclePriceResponse,
} from '../../../../../contract/quotes';
import { MESSAGES } from '../../../../../domain/messages';
import type {
  BookingFormDraft,
  BookingTypeDraft,
  HourlyFormDraft,
  SelectedVehicleDraft,
} from '../../state/booking-drafts';
import { bookingFormBody } from '../quote-form/quote-request';

/**
 * Pricing the chosen vehicle (Book Now on the results page, Save in the edit-options panel):
 * the request the server prices, and the selectedVehicleData draft made from its answer.
 */

export type SelectionKind = SelectedVehicleDraft['selection'];

export type SelectedVehicleRequestInput = {
  bookingType: BookingTypeDraft;
  bookingForm?: BookingFormDraft;
  hourlyForm?: HourlyFormDraft;
  detail: Pick<PriceDetail, 'vehicle_id' | 'company_id'>;
  selection: SelectionKind;
  vehicleCount: number;
};

/** A draft the booking needs is missing; the message is the spec's (section 5). */
export class MissingDraftError extends Error {
  override readonly name = 'MissingDraftError';
}

/**
 * The body of POST /calculate-selected-vehicle-price: the booking type with its form, the
 * vehicle and operator, and the count (always 1 for the Lowest Price card, spec section 7).
 */
export function selectedVehicleRequest(
  input: SelectedVehicleRequestInput,
): SelectedVehiclePriceRequestInput {
  const vehicle = {
    vehicle_id: input.detail.vehicle_id,
    company_id: input.detail.company_id,
    vehicle_count: input.selection === 'lowest' ? 1 : input.vehicleCount,
  };
  if (input.bookingType === 'milleage') {
    if (!input.bookingForm) throw new MissingDraftError(MESSAGES.bookingFormMissing);
    return { bookingType: 'milleage', bookingForm: bookingFormBody(input.bookingForm), ...vehicle };
  }
  if (!input.hourlyForm) throw new MissingDraftError(MESSAGES.hourlyFormMissing);
  return { bookingType: 'hourly', hourlyRateForm: input.hourlyForm, ...vehicle };
}

/**
 * The selectedVehicleData draft from the server's answer. For the Lowest Price card the final
 * price is the breakdown's final price (spec section 4); the two agree unless the server says
 * otherwise, and the breakdown is what the server itemised.
 */
export function toSelectedVehicleDraft(
  response: SelectedVehiclePriceResponse,
  selection: SelectionKind,
): SelectedVehicleDraft {
  const finalPrice =
    selection === 'lowest'
      ? (response.breakdown.final_price ?? response.final_price)
      : response.final_price;
  return {
    detail: response.price_detail,
    selection,
    vehicle_count: response.vehicle_count,
    quote_id: response.quote_id,
    expires_at: response.expires_at,
    price: response.price,
    final_price: finalPrice,
    breakdown: response.breakdown,
  };
}
