import { API_PATHS } from '../../../../contract/paths';
import { priceDetailsResponseSchema, type PriceDetailsResponse } from '../../../../contract/quotes';
import type { HourlyFormInput } from '../../../../domain/booking-form';
import { apiRequest } from '../../../lib/api-client';

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
