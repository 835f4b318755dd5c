import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '../../../../../contract/driver';
import { API_PATHS } from '../../../../../contract/paths';
import { parseJobRef } from '../../../../../domain/booking-jobs';
import { env } from '../../../../config/env';
import { useLiveEvents } from '../../../../lib/live-events';
import { operatorKeys } from '../../api/operator-keys';

/** The console's event stream (the board, the map, a booking's trail), signed in by its cookie. */
export const CONSOLE_EVENTS_URL = `${env.apiBaseUrl}${API_PATHS.operatorEvents}`;

/**
 * Keeps a console screen live (issue 34): the queries `keysFor` names for an event are fetched
 * again when it arrives, and `onOpenKeys` on every (re)connection, since events are not
 * replayed. Every screen of the console shares one connection; `enabled` false opens none
 * (nothing on screen can change). Answers whether the stream is open: while it is not, the
 * screen polls as it did before.
 */
export function useConsoleLive(
  keysFor: (event: LiveEvent) => readonly QueryKey[],
  onOpenKeys: readonly QueryKey[],
  enabled = true,
): boolean {
  const queryClient = useQueryClient();
  const refetch = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return useLiveEvents(enabled ? CONSOLE_EVENTS_URL : null, {
    onEvent: (event) => refetch(keysFor(event)),
    onOpen: () => refetch(onOpenKeys),
  });
}

/**
 * The console's booking page, live: a move of one of its jobs (the driver pressing Arrived, an
 * offer taken) fetches the booking again, so its steps and history are never stale.
 */
export function useConsoleBookingLive(bookingNumber: string): boolean {
  const key = operatorKeys.booking(bookingNumber);
  return useConsoleLive(
    (event) =>
      event.type !== 'position' && parseJobRef(event.job_ref ?? '')?.bookingNumber === bookingNumber
        ? [key]
        : [],
    [key],
  );
}
