import { queryOptions, useQuery } from '@tanstack/react-query';
import { passengerDriverResponseSchema, type PassengerDriver } from '../../../../contract/live';
import { API_PATHS } from '../../../../contract/paths';
import type { JobLeg } from '../../../../domain/booking-jobs';
import { apiRequest } from '../../../lib/api-client';
import { LIVE_FALLBACK_POLL_MS } from '../../../lib/live-events';
import { accessOptions, managePath, type ManageAccess } from '../lib/access';
import { manageBookingKeys } from './manage-booking-keys';

/**
 * GET /manage-booking/{n}/driver (`?leg=return` for the return journey): the driver, the car
 * and, from On the way until Passenger on board, where it is and how far.
 */
export async function getPassengerDriver(
  bookingNumber: string,
  leg: JobLeg,
  access: ManageAccess,
  signal?: AbortSignal,
): Promise<PassengerDriver> {
  const answer = await apiRequest(managePath(API_PATHS.manageBookingDriver, bookingNumber), {
    ...accessOptions(access),
    query: { leg: leg === 'return' ? 'return' : undefined },
    schema: passengerDriverResponseSchema,
    signal,
  });
  return answer.data;
}

export function passengerDriverQueryOptions(
  bookingNumber: string,
  leg: JobLeg,
  access: ManageAccess,
  /** Whether the booking's event stream is open: if not, the page polls. */
  live: boolean,
) {
  return queryOptions({
    queryKey: manageBookingKeys.driver(bookingNumber, leg),
    queryFn: ({ signal }) => getPassengerDriver(bookingNumber, leg, access, signal),
    refetchInterval: live ? false : LIVE_FALLBACK_POLL_MS,
    staleTime: 0,
    // Where a car is: personal, and stale within seconds; never persisted (lib/persister.ts).
    meta: { persist: false },
  });
}

export function usePassengerDriver(
  bookingNumber: string,
  leg: JobLeg,
  access: ManageAccess,
  live: boolean,
) {
  return useQuery(passengerDriverQueryOptions(bookingNumber, leg, access, live));
}
