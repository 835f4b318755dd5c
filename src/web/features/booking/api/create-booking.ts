import { useMutation } from '@tanstack/react-query';
import {
  bookingResponseSchema,
  cardBookingResponseSchema,
  type BookingRequestInput,
  type BookingResponse,
  type CardBookingResponse,
} from '../../../../contract/bookings';
import { API_PATHS } from '../../../../contract/paths';
import type { RegistrationMode } from '../../../../domain/registration';
import { bookingFormBody } from '../components/quote-form/quote-request';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type {
  BookingDrafts,
  RegistrationDataDraft,
  SelectedVehicleDraft,
} from '../state/booking-drafts';

/** The fields POST /booking and POST /create-checkout-session share (contract/bookings.ts). */
export type BookingInputs = Omit<
  BookingRequestInput,
  'payment_method' | 'stripe_session_id' | 'paymentId'
>;

/** The drafts a booking is made from; the payment page shows only when all are there. */
export type BookingSource = Pick<
  BookingDrafts,
  'BookingType' | 'BookingForm' | 'HourlyRateForm' | 'registrationMode'
> & {
  selectedVehicleData: SelectedVehicleDraft;
  registrationData: RegistrationDataDraft;
};

/**
 * The booking inputs from the drafts (spec section 7, POST /booking): the chosen vehicle by
 * quote id, vehicle and operator (its prices are sent for the record only; the server prices
 * again), selectedVehicle 1 for the Lowest Price card else the count, and the form of the
 * booking type.
 */
export function bookingInputs(source: BookingSource): BookingInputs {
  const selected = source.selectedVehicleData;
  const bookingType = source.BookingType ?? 'milleage';
  // A note for this browser's pages (booking-drafts.ts), not part of the booking.
  const { passwordDropped: _dropped, ...registrationData } = source.registrationData;
  return {
    selectedVehicleData: {
      quote_id: selected.quote_id,
      vehicle_id: selected.detail.vehicle_id,
      company_id: selected.detail.company_id,
      vehicle_count: selected.vehicle_count,
    },
    selectedVehicle: selected.selection === 'lowest' ? 1 : selected.vehicle_count,
    bookingType,
    ...(bookingType === 'milleage' && source.BookingForm
      ? { bookingForm: bookingFormBody(source.BookingForm) }
      : {}),
    ...(bookingType === 'hourly' && source.HourlyRateForm
      ? { hourlyRateForm: source.HourlyRateForm }
      : {}),
    registrationData,
    selected_passenger: source.registrationMode ?? ('guest_login' satisfies RegistrationMode),
  };
}

/** POST /booking; the Idempotency-Key makes a repeat return the first booking. */
export async function createBooking(
  body: BookingRequestInput,
  idempotencyKey: string,
): Promise<BookingResponse> {
  return apiRequest(API_PATHS.booking, {
    method: 'POST',
    body,
    schema: bookingResponseSchema,
    idempotencyKey,
  });
}

/**
 * POST /booking finalising a paid checkout session: the whole booking for this browser's
 * first request (and its repeats with the same key), else only the booking's number.
 */
export async function createCardBooking(
  body: BookingRequestInput,
  idempotencyKey: string,
): Promise<CardBookingResponse> {
  return apiRequest(API_PATHS.booking, {
    method: 'POST',
    body,
    schema: cardBookingResponseSchema,
    idempotencyKey,
  });
}

export function useCreateBooking() {
  return useMutation({
    mutationKey: queryKeys.bookings.create(),
    mutationFn: ({ body, idempotencyKey }: { body: BookingRequestInput; idempotencyKey: string }) =>
      createBooking(body, idempotencyKey),
    // Offline is told to the visitor at once; a booking is never queued behind their back.
    networkMode: 'always',
  });
}
