import { useMutation } from '@tanstack/react-query';
import {
  lookupResponseSchema,
  type LookupRequest,
  type LookupResponse,
} from '../../../../contract/manage-booking';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { useKeepBooking } from './get-managed-booking';
import { manageBookingKeys } from './manage-booking-keys';

/**
 * POST /manage-booking/lookup: the same 404 for an unknown reference and for a wrong email, so
 * the answer never tells which bookings exist; 429 when asked too often.
 */
export function lookupBooking(body: LookupRequest): Promise<LookupResponse> {
  return apiRequest(API_PATHS.manageBookingLookup, {
    method: 'POST',
    body,
    schema: lookupResponseSchema,
  });
}

/** Finds the booking, and keeps its token and copy on this device before it resolves. */
export function useLookupBooking() {
  const keep = useKeepBooking();
  return useMutation({
    mutationKey: manageBookingKeys.lookup(),
    mutationFn: async (body: LookupRequest) => {
      const answer = await lookupBooking(body);
      await keep(answer.booking, { kind: 'manage-token', token: answer.manage_token });
      return answer;
    },
    // Fails at once offline instead of pausing: a paused mutation would be persisted to
    // localStorage with its variables, here an email address.
    networkMode: 'always',
  });
}
