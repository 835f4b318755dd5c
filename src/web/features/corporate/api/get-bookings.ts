import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  corporateBookingsResponseSchema,
  type CorporateBooking,
} from '../../../../contract/corporate';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { cacheBookings, readCachedBookings, type CorporateSession } from '../lib/session';
import { corporateKeys } from './corporate-keys';
import { isTokenRejected } from './validate-token';

/** GET /get_booking/{passenger_id} with the bearer token: newest first. */
export async function getBookings(
  passengerId: number,
  token: string,
  signal?: AbortSignal,
): Promise<CorporateBooking[]> {
  const path = API_PATHS.getBooking.replace(':passenger_id', String(passengerId));
  const answer = await apiRequest(path, { token, signal, schema: corporateBookingsResponseSchema });
  return answer.data;
}

export type BookingsResult = {
  bookings: CorporateBooking[];
  /** When this list came from the server (ms since epoch). */
  fetchedAt: number;
  /** 'device' when the server could not be reached and the copy in IndexedDB is shown. */
  source: 'server' | 'device';
};

/**
 * The server's list, kept in IndexedDB for offline reading; when the server cannot be reached
 * (or is in trouble), the copy kept on this device. A refused token is never answered from the
 * copy: it rejects, and the caller signs the passenger out.
 */
export async function loadBookings(
  session: CorporateSession,
  signal?: AbortSignal,
): Promise<BookingsResult> {
  const { passenger_id } = session.passenger;
  try {
    const bookings = await getBookings(passenger_id, session.token, signal);
    const fetchedAt = Date.now();
    await cacheBookings(passenger_id, bookings, undefined, fetchedAt).catch((error: unknown) => {
      // A full disk costs the offline copy, not the list on screen.
      console.error('Could not keep the bookings for offline reading:', error);
    });
    return { bookings, fetchedAt, source: 'server' };
  } catch (error) {
    if (isTokenRejected(error)) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const cached = await readCachedBookings(passenger_id);
    if (cached.fetchedAt === null) throw error;
    return { bookings: cached.bookings, fetchedAt: cached.fetchedAt, source: 'device' };
  }
}

export function bookingsQueryOptions(session: CorporateSession) {
  return queryOptions({
    queryKey: corporateKeys.bookings(session.passenger.passenger_id),
    queryFn: ({ signal }) => loadBookings(session, signal),
    // Runs offline too: the function itself falls back to the device's copy.
    networkMode: 'always',
    retry: false,
    // A copy from the device is replaced as soon as the connection returns.
    staleTime: (query) => (query.state.data?.source === 'device' ? 0 : 60_000),
    refetchOnReconnect: true,
    // Personal data stays out of the localStorage query cache (lib/persister.ts), which
    // sign-out does not clear; IndexedDB holds the offline copy instead.
    meta: { persist: false },
  });
}

/** The signed-in passenger's bookings (see loadBookings). */
export function useBookings(session: CorporateSession) {
  return useQuery(bookingsQueryOptions(session));
}
