import { API_PATHS } from '../../../../contract/paths';
import { priceDetailsResponseSchema, type PriceDetailsResponse } from '../../../../contract/quotes';
import type { BookingFormInput } from '../../../../domain/booking-form';
import { apiRequest } from '../../../lib/api-client';

/** POST /calculate-distance-price: every vehicle priced for a mileage (one way or return) form. */
export async function calculateDistancePrice(
  form: BookingFormInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PriceDetailsResponse> {
  return apiRequest(API_PATHS.calculateDistancePrice, {
    method: 'POST',
    body: form,
    schema: priceDetailsResponseSchema,
    signal,
  });
}
