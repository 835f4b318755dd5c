import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  managedBookingResponseSchema,
  type ManagedBooking,
} from '../../../../contract/manage-booking';
import { API_PATHS } from '../../../../contract/paths';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { accessOptions, managePath, NoAccessError, type ManageAccess } from '../lib/access';
import {
  forgetBooking,
  readBookingCopy,
  readManageToken,
  saveBookingCopy,
  saveManageToken,
} from '../lib/stored-bookings';
import { manageBookingKeys } from './manage-booking-keys';

/** GET /manage-booking/{n}: 404 for an unknown booking and for a bad or expired token. */
export async function getManagedBooking(
  bookingNumber: string,
  access: ManageAccess,
  signal?: AbortSignal,
): Promise<ManagedBooking> {
  const answer = await apiRequest(managePath(API_PATHS.manageBooking, bookingNumber), {
    ...accessOptions(access),
    signal,
    schema: managedBookingResponseSchema,
  });
  return answer.booking;
}

/** Where the page may find its access: the mail link's token, then this device, then a sign-in. */
export type AccessSources = {
  /** The `?token=` the page was opened with, if any. */
  urlToken: string | null;
  /** The signed-in corporate passenger's bearer token, if any (app/ composes it in). */
  corporateToken?: (() => Promise<string | null>) | undefined;
};

/** The access to use for `bookingNumber`, keeping a mail link's token on this device. */
export async function resolveAccess(
  bookingNumber: string,
  { urlToken, corporateToken }: AccessSources,
): Promise<ManageAccess | null> {
  if (urlToken) {
    await saveManageToken(bookingNumber, urlToken).catch((error: unknown) => {
      // Storage may be blocked or full: the link still works for this visit.
      console.error('Could not keep the booking link on this device:', error);
    });
    return { kind: 'manage-token', token: urlToken };
  }
  const stored = await readManageToken(bookingNumber).catch(() => null);
  if (stored) return { kind: 'manage-token', token: stored };
  const bearer = await corporateToken?.().catch(() => null);
  return bearer ? { kind: 'corporate', token: bearer } : null;
}

export type ManagedBookingView = {
  booking: ManagedBooking;
  access: ManageAccess;
  /** 'device' when the server could not be reached and the copy kept here is shown. */
  source: 'server' | 'device';
  /** When this copy came from the server (ms since epoch). */
  savedAt: number;
};

/** The server refused the access itself, as opposed to not being reachable. */
export function isAccessRefused(error: unknown): boolean {
  return (
    error instanceof NoAccessError ||
    (error instanceof ApiError && [401, 403, 404].includes(error.status))
  );
}

/** Offline, or a server in trouble: the device's copy may stand in. */
function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.isNetworkError || error.status >= 500);
}

/**
 * The booking from the server, kept on this device for offline reading; when the server cannot
 * be reached, the copy kept here. A refused token is never answered from the copy: the token
 * and the copy are forgotten and the error goes to the page.
 */
export async function loadManagedBooking(
  bookingNumber: string,
  sources: AccessSources,
  signal?: AbortSignal,
): Promise<ManagedBookingView> {
  const access = await resolveAccess(bookingNumber, sources);
  if (!access) throw new NoAccessError();
  try {
    const booking = await getManagedBooking(bookingNumber, access, signal);
    const savedAt = Date.now();
    if (access.kind === 'manage-token') {
      await saveBookingCopy(booking, access.token, savedAt).catch((error: unknown) => {
        // A full disk costs the offline copy, not the page on screen.
        console.error('Could not keep the booking for offline reading:', error);
      });
    }
    return { booking, access, source: 'server', savedAt };
  } catch (error) {
    if (isAccessRefused(error) && access.kind === 'manage-token') {
      await forgetBooking(bookingNumber).catch(() => undefined);
    }
    if (!isUnreachable(error) || access.kind !== 'manage-token') throw error;
    const copy = await readBookingCopy(bookingNumber).catch(() => null);
    if (!copy) throw error;
    return { booking: copy.booking, access, source: 'device', savedAt: copy.savedAt };
  }
}

export function managedBookingQueryOptions(bookingNumber: string, sources: AccessSources) {
  return queryOptions({
    queryKey: manageBookingKeys.booking(bookingNumber),
    queryFn: ({ signal }) => loadManagedBooking(bookingNumber, sources, signal),
    // Runs offline too: the function itself falls back to the device's copy.
    networkMode: 'always',
    retry: false,
    // A copy from the device is replaced as soon as the connection returns.
    staleTime: (query) => (query.state.data?.source === 'device' ? 0 : 30_000),
    refetchOnReconnect: true,
    // Personal data and a token stay out of the localStorage query cache (lib/persister.ts).
    meta: { persist: false },
  });
}

export function useManagedBooking(bookingNumber: string, sources: AccessSources) {
  return useQuery(managedBookingQueryOptions(bookingNumber, sources));
}

/**
 * After a change, a cancellation or a lookup: the server's answer is the booking shown, and the
 * copy kept on this device.
 */
export function useKeepBooking() {
  const queryClient = useQueryClient();
  return useCallback(
    async (booking: ManagedBooking, access: ManageAccess) => {
      const savedAt = Date.now();
      const view: ManagedBookingView = { booking, access, source: 'server', savedAt };
      queryClient.setQueryData(manageBookingKeys.booking(booking.booking_number), view);
      if (access.kind !== 'manage-token') return;
      await saveBookingCopy(booking, access.token, savedAt).catch((error: unknown) => {
        console.error('Could not keep the booking for offline reading:', error);
      });
    },
    [queryClient],
  );
}
