import { useMutation } from '@tanstack/react-query';
import {
  amendPreviewResponseSchema,
  amendResponseSchema,
  managedBookingResponseSchema,
  type AmendPreview,
  type AmendRequest,
  type AmendResponse,
} from '../../../../contract/manage-booking';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { accessOptions, managePath, type ManageAccess } from '../lib/access';
import { useKeepBooking } from './get-managed-booking';
import { manageBookingKeys } from './manage-booking-keys';

/**
 * POST /manage-booking/{n}/amend-preview with only the changed fields: the old and new price
 * and what would happen. 400 names fields in `errors`; 409/422 refuse by rule (grace time,
 * capacity, cut-off) with a message.
 */
export async function previewAmendment(
  bookingNumber: string,
  access: ManageAccess,
  body: AmendRequest,
): Promise<AmendPreview> {
  const answer = await apiRequest(managePath(API_PATHS.manageBookingAmendPreview, bookingNumber), {
    method: 'POST',
    body,
    ...accessOptions(access),
    schema: amendPreviewResponseSchema,
  });
  return answer.data;
}

/**
 * POST /manage-booking/{n}/amend. With a checkout in the answer nothing has changed yet: the
 * difference is paid first, and the page comes back with `?amend_session=`.
 */
export function amendBooking(
  bookingNumber: string,
  access: ManageAccess,
  body: AmendRequest,
  idempotencyKey: string,
): Promise<AmendResponse> {
  return apiRequest(managePath(API_PATHS.manageBookingAmend, bookingNumber), {
    method: 'POST',
    body,
    idempotencyKey,
    ...accessOptions(access),
    schema: amendResponseSchema,
  });
}

/** POST /manage-booking/{n}/amend-payment: back from paying the difference, the change is made. */
export async function payAmendment(bookingNumber: string, access: ManageAccess, sessionId: string) {
  const answer = await apiRequest(managePath(API_PATHS.manageBookingAmendPayment, bookingNumber), {
    method: 'POST',
    body: { session_id: sessionId },
    ...accessOptions(access),
    schema: managedBookingResponseSchema,
  });
  return answer.booking;
}

type Target = { bookingNumber: string; access: ManageAccess };

export function usePreviewAmendment() {
  return useMutation({
    mutationKey: manageBookingKeys.preview(),
    mutationFn: ({ bookingNumber, access, body }: Target & { body: AmendRequest }) =>
      previewAmendment(bookingNumber, access, body),
    networkMode: 'always',
  });
}

/** Makes the change; a change made at once becomes the booking shown. */
export function useAmendBooking() {
  const keep = useKeepBooking();
  return useMutation({
    mutationKey: manageBookingKeys.amend(),
    mutationFn: ({
      bookingNumber,
      access,
      body,
      idempotencyKey,
    }: Target & { body: AmendRequest; idempotencyKey: string }) =>
      amendBooking(bookingNumber, access, body, idempotencyKey),
    onSuccess: async (answer, { access }) => {
      if (answer.checkout === null) await keep(answer.booking, access);
    },
    // Not queued offline: the passenger sees the failure and keeps the form.
    networkMode: 'always',
  });
}

export function usePayAmendment() {
  const keep = useKeepBooking();
  return useMutation({
    mutationKey: manageBookingKeys.amendPayment(),
    mutationFn: ({ bookingNumber, access, sessionId }: Target & { sessionId: string }) =>
      payAmendment(bookingNumber, access, sessionId),
    onSuccess: (booking, { access }) => keep(booking, access),
    networkMode: 'always',
  });
}
