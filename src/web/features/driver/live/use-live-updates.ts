import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { liveEventSchema } from '../../../../contract/driver';
import { API_PATHS } from '../../../../contract/paths';
import { env } from '../../../config/env';
import { driverKeys } from '../api/driver-keys';
import { openEventStream } from './event-stream';

/** Without live updates, the jobs are fetched this often; a lost stream is tried again as often. */
export const LIVE_POLL_MS = 15_000;
/**
 * A stream that worked and ended (the server restarting, or ending streams whose notices may
 * have been lost) is opened again after this, as EventSource would, before any polling.
 */
export const LIVE_RECONNECT_MS = 3_000;

/** live: the server's events arrive; polling: they do not, and the jobs are fetched on a timer. */
export type LiveMode = 'connecting' | 'live' | 'polling';

/** A short buzz for a new offer, where the phone can. */
function buzzForOffer(data: string): void {
  try {
    const event = z.safeParse(liveEventSchema, JSON.parse(data));
    if (event.success && event.data.type === 'offer') navigator.vibrate?.([200, 100, 200]);
  } catch {
    // Not JSON: the event still means "fetch again".
  }
}

/**
 * GET /driver/events: each event says something of the driver's changed, and the jobs (the list
 * and any job on screen) are fetched again; so is everything after a (re)connect, since events
 * are not replayed. A stream that ends is opened again after LIVE_RECONNECT_MS; when that
 * fails, the jobs are fetched every LIVE_POLL_MS and the stream is tried again as often, and at
 * once when the signal or the screen comes back.
 */
export function useLiveUpdates(enabled: boolean): LiveMode {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveMode>('connecting');

  useEffect(() => {
    if (!enabled) return;
    let close: (() => void) | undefined;
    let poll: number | undefined;
    let retry: number | undefined;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: driverKeys.jobs() });
      void queryClient.invalidateQueries({ queryKey: [...driverKeys.all, 'job'] });
    };
    const stopPolling = () => {
      window.clearInterval(poll);
      poll = undefined;
    };
    const connect = () => {
      window.clearTimeout(retry);
      retry = undefined;
      close = openEventStream(`${env.apiBaseUrl}${API_PATHS.driverEvents}`, env.apiKeyHeaders, {
        onOpen: () => {
          setMode('live');
          stopPolling();
          refresh();
        },
        onMessage: (data) => {
          buzzForOffer(data);
          refresh();
        },
        onClose: (opened) => {
          if (opened) {
            retry = window.setTimeout(connect, LIVE_RECONNECT_MS);
            return;
          }
          setMode('polling');
          poll ??= window.setInterval(refresh, LIVE_POLL_MS);
          retry = window.setTimeout(connect, LIVE_POLL_MS);
        },
      });
    };
    // Back on signal or on screen: try the stream now rather than at the next retry.
    const reconnectNow = () => {
      if (retry !== undefined && navigator.onLine && document.visibilityState === 'visible') {
        connect();
      }
    };
    connect();
    window.addEventListener('online', reconnectNow);
    document.addEventListener('visibilitychange', reconnectNow);
    return () => {
      close?.();
      stopPolling();
      window.clearTimeout(retry);
      window.removeEventListener('online', reconnectNow);
      document.removeEventListener('visibilitychange', reconnectNow);
    };
  }, [enabled, queryClient]);

  return mode;
}
