import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '../../contract/paths';
import { priceDetailsResponseSchema, type PriceDetailsResponse } from '../../contract/quotes';
import type { HourlyFormInput } from '../../domain/booking-form';
import { apiRequest } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** POST /calculate-hourly-price: every vehicle priced for an hourly hire. */
export async function calculateHourlyPrice(
  form: HourlyFormInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PriceDetailsResponse> {
  return apiRequest(API_PATHS.calculateHourlyPrice, {
    method: 'POST',
    body: form,
    schema: priceDetailsResponseSchema,
    signal,
  });
}

/** Prices an hourly quote; fails fast offline rather than pausing. */
export function useCalculateHourlyPrice() {
  return useMutation({
    mutationKey: queryKeys.quotes.hourlyPrice(),
    mutationFn: (form: HourlyFormInput) => calculateHourlyPrice(form),
    networkMode: 'always',
  });
}
