import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '../../contract/paths';
import { priceDetailsResponseSchema, type PriceDetailsResponse } from '../../contract/quotes';
import type { BookingFormInput } from '../../domain/booking-form';
import { apiRequest } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

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

/** Prices a mileage quote; a price needs the server, so it fails fast offline rather than pausing. */
export function useCalculateDistancePrice() {
  return useMutation({
    mutationKey: queryKeys.quotes.distancePrice(),
    mutationFn: (form: BookingFormInput) => calculateDistancePrice(form),
    networkMode: 'always',
  });
}
