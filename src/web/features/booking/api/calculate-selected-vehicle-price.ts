import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '../../../../contract/paths';
import {
  selectedVehiclePriceResponseSchema,
  type SelectedVehiclePriceRequestInput,
  type SelectedVehiclePriceResponse,
} from '../../../../contract/quotes';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /calculate-selected-vehicle-price: the chosen vehicle priced again with its extras and
 * count. The answer's quote_id is what the booking refers to; the browser never sets a price.
 */
export async function calculateSelectedVehiclePrice(
  body: SelectedVehiclePriceRequestInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SelectedVehiclePriceResponse> {
  return apiRequest(API_PATHS.calculateSelectedVehiclePrice, {
    method: 'POST',
    body,
    schema: selectedVehiclePriceResponseSchema,
    signal,
  });
}

export function useCalculateSelectedVehiclePrice() {
  return useMutation({
    mutationKey: queryKeys.quotes.selectedVehiclePrice(),
    mutationFn: (body: SelectedVehiclePriceRequestInput) => calculateSelectedVehiclePrice(body),
    networkMode: 'always',
  });
}
