import { useQuery } from '@tanstack/react-query';
import type { BookingRequestInput, CardBookingResponse } from '../../../../contract/bookings';
import { bookingInputs, createCardBooking } from '../api/create-booking';
import { getPaymentId } from '../api/get-payment-id';
import { ApiError } from '../../../lib/api-client';
import { rememberCheckoutRequest, rememberedCheckoutRequest } from '../state/booking-results';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { queryKeys } from '../../../lib/query-keys';
import type { BookingDrafts } from '../state/booking-drafts';

/**
 * The booking inputs still in the drafts, without the password: the server booked the
 * account details with the checkout session, and leaving the password out keeps the request
 * the same however the page was reached (after a redirect the password is gone anyway).
 */
function inputsFromDrafts(drafts: BookingDrafts) {
  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType ?? 'milleage';
  if (!drafts.selectedVehicleData || !drafts.registrationData) {
    // Nothing left on this device: the server takes the booking from the session itself.
    return { selectedVehicleData: {}, bookingType, registrationData: {} };
  }
  return bookingInputs({
    BookingType: bookingType,
    BookingForm: drafts.BookingForm,
    HourlyRateForm: drafts.HourlyRateForm,
    registrationMode: drafts.registrationMode,
    selectedVehicleData: drafts.selectedVehicleData,
    registrationData: { ...drafts.registrationData, password: '' },
  });
}

/**
 * Turns a paid checkout session into its booking (POST /booking with stripe_session_id).
 * The request and a random key are kept for this tab before it is first sent, so a retry or
 * a reload sends exactly the same body with the same key, and the server answers with the
 * same booking. Anyone else with the session id (another tab, a shared link) is answered
 * with the booking number only.
 */
async function finaliseCheckout(
  sessionId: string,
  drafts: BookingDrafts,
): Promise<CardBookingResponse> {
  let kept = rememberedCheckoutRequest(sessionId);
  if (!kept) {
    let paymentId: string | null = null;
    try {
      paymentId = (await getPaymentId(sessionId)).paymentId;
    } catch (error) {
      // Offline is worth a retry; any other answer leaves the payment check to the server.
      if (error instanceof ApiError && error.isNetworkError) throw error;
    }
    const request: BookingRequestInput = {
      ...inputsFromDrafts(drafts),
      payment_method: 'card',
      stripe_session_id: sessionId,
      paymentId,
    };
    kept = { idempotencyKey: newIdempotencyKey(), body: request };
    rememberCheckoutRequest(sessionId, kept);
  }
  return createCardBooking(kept.body, kept.idempotencyKey);
}

/**
 * The booking of a checkout session. A query rather than a mutation because the call is
 * idempotent and answers the same every time: React's double effects, a remount and a
 * reload all share one request per session. Waits for the drafts to be read.
 */
export function useCheckoutBooking(sessionId: string, drafts: BookingDrafts, ready: boolean) {
  return useQuery({
    queryKey: queryKeys.bookings.checkoutResult(sessionId),
    queryFn: () => finaliseCheckout(sessionId, drafts),
    enabled: ready,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    networkMode: 'always',
    // A booking with the passenger's details does not belong in the persisted cache.
    meta: { persist: false },
  });
}
