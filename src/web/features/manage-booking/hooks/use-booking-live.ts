import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEvent } from '../../../../contract/driver';
import type { ManagedJob } from '../../../../contract/manage-booking';
import { API_PATHS } from '../../../../contract/paths';
import type { BookingStatus } from '../../../../domain/booking-lifecycle';
import { env } from '../../../config/env';
import { LIVE_FALLBACK_POLL_MS, useLiveEvents } from '../../../lib/live-events';
import type { ManagedBookingView } from '../api/get-managed-booking';
import { manageBookingKeys } from '../api/manage-booking-keys';
import { managePath, type ManageAccess } from '../lib/access';

/**
 * A journey the page follows live: a driver is on it and the passenger is not yet on board, so
 * the car may set off, arrive or change while the page is open.
 */
const FOLLOWED: readonly BookingStatus[] = ['driver_assigned', 'en_route', 'arrived'];

/**
 * The booking's event stream. EventSource sends no headers, so the manage token goes in the
 * query (API.md); a corporate passenger's bearer token cannot, and their page polls instead.
 */
export function bookingEventsUrl(bookingNumber: string, access: ManageAccess): string | null {
  if (access.kind !== 'manage-token') return null;
  const path = managePath(API_PATHS.manageBookingEvents, bookingNumber);
  return `${env.apiBaseUrl}${path}?${new URLSearchParams({ token: access.token }).toString()}`;
}

/**
 * Keeps the passenger's page live while a journey is followed (issue 34): on a 'jobs' event the
 * booking and its drivers are fetched again, on a 'position' event the journey's driver, and on
 * every (re)connection all of it (events are not replayed). While the stream is not open, the
 * booking is asked for every LIVE_FALLBACK_POLL_MS instead. Answers whether the stream is open.
 */
export function useBookingLive(view: ManagedBookingView): boolean {
  const queryClient = useQueryClient();
  const { booking, access, source } = view;
  const bookingNumber = booking.booking_number;
  // The device's copy (offline) follows nothing: the stream and the polls would only fail.
  const following =
    source === 'server' && booking.jobs.some((job) => FOLLOWED.includes(job.status));
  const url = following ? bookingEventsUrl(bookingNumber, access) : null;

  const refetchBooking = () =>
    void queryClient.invalidateQueries({ queryKey: manageBookingKeys.booking(bookingNumber) });
  const refetchDrivers = (event?: LiveEvent) => {
    const leg = event?.job_ref === undefined ? undefined : legOf(booking.jobs, event.job_ref);
    const queryKey = leg
      ? manageBookingKeys.driver(bookingNumber, leg)
      : manageBookingKeys.drivers(bookingNumber);
    void queryClient.invalidateQueries({ queryKey });
  };

  const live = useLiveEvents(url, {
    onEvent: (event) => {
      if (event.type === 'jobs') refetchBooking();
      refetchDrivers(event);
    },
    onOpen: () => {
      refetchBooking();
      refetchDrivers();
    },
  });

  useEffect(() => {
    if (!following || live) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') {
        void queryClient.invalidateQueries({ queryKey: manageBookingKeys.booking(bookingNumber) });
      }
    }, LIVE_FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [following, live, queryClient, bookingNumber]);

  return live;
}

function legOf(jobs: readonly ManagedJob[], jobRef: string): ManagedJob['leg'] | undefined {
  return jobs.find((job) => job.job_ref === jobRef)?.leg;
}
