import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  manualBookingResponseSchema,
  type manualBookingRequestSchema,
} from '../../../../contract/phone-booking';
import { API_PATHS } from '../../../../contract/paths';
import {
  priceDetailsResponseSchema,
  selectedVehiclePriceResponseSchema,
  type PriceDetail,
  type SelectedVehiclePriceResponse,
} from '../../../../contract/quotes';
import type { BookingFormInput, HourlyFormInput } from '../../../../domain/booking-form';
import { apiRequest } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

/**
 * A phone booking (issue 21) is priced by the public site's own price calls, so the operator
 * quotes what the website would; POST /operator/bookings then books the chosen vehicle.
 * (The booking feature has the same calls, but features do not import each other.)
 */

/** The journey as the public site's price calls take it: a mileage or an hourly form. */
export type Journey =
  { type: 'milleage'; form: BookingFormInput } | { type: 'hourly'; form: HourlyFormInput };

/**
 * POST /calculate-distance-price or /calculate-hourly-price: every vehicle priced for the
 * journey.
 */
export async function priceJourney(journey: Journey): Promise<PriceDetail[]> {
  const answer = await apiRequest(
    journey.type === 'hourly' ? API_PATHS.calculateHourlyPrice : API_PATHS.calculateDistancePrice,
    { method: 'POST', body: journey.form, schema: priceDetailsResponseSchema },
  );
  return answer.price_details;
}

/** POST /calculate-selected-vehicle-price: the quote the booking refers to. */
export function quoteVehicle(
  journey: Journey,
  vehicle: Pick<PriceDetail, 'vehicle_id' | 'company_id'>,
): Promise<SelectedVehiclePriceResponse> {
  return apiRequest(API_PATHS.calculateSelectedVehiclePrice, {
    method: 'POST',
    body: {
      bookingType: journey.type,
      ...(journey.type === 'hourly'
        ? { hourlyRateForm: journey.form }
        : { bookingForm: journey.form }),
      vehicle_id: vehicle.vehicle_id,
      company_id: vehicle.company_id,
      vehicle_count: 1,
    },
    schema: selectedVehiclePriceResponseSchema,
  });
}

/** POST /operator/bookings (contract manualBookingRequestSchema), with the priced form. */
export type OperatorBookingRequest = z.input<typeof manualBookingRequestSchema> & {
  form: BookingFormInput | HourlyFormInput;
};

export async function createOperatorBooking(
  body: OperatorBookingRequest,
  idempotencyKey: string,
): Promise<string> {
  const answer = await apiRequest(API_PATHS.operatorBookings, {
    method: 'POST',
    body,
    idempotencyKey,
    schema: manualBookingResponseSchema,
  });
  return answer.data.booking_number;
}

export function useCreateOperatorBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: operatorKeys.createBooking(),
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: OperatorBookingRequest;
      idempotencyKey: string;
    }) => createOperatorBooking(body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.boards() }),
    networkMode: 'always',
  });
}

export function usePriceJourney() {
  return useMutation({
    mutationKey: operatorKeys.quote(),
    mutationFn: priceJourney,
    networkMode: 'always',
  });
}
