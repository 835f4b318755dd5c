import type { LiveEvent } from '../../../contract/driver';
import type { DatabaseHandle, DatabaseLogger } from '../../db/database';
import { channelName, type Unlisten } from '../../db/listen';
import { LIVE_CHANNEL, readNotice, type WireNotice } from './live-notices';

/**
 * What a screen listens for: a company's notices ('all': every company's, the admin's), a
 * driver's, or a booking's (its passenger).
 */
export type LiveKey = 'all' | `company:${number}` | `driver:${number}` | `booking:${number}`;

/** One connected screen. */
export interface LiveListener {
  /** A notice for it: the event, and the event as JSON (made once for every listener). */
  event(event: LiveEvent, json: string): void;
  /**
   * Notices may have been missed (the listening connection was lost and made again): the
   * screen must fetch everything again.
   */
  reset(): void;
}

/** The keys a notice reaches. */
function keysOf(notice: WireNotice): LiveKey[] {
  const keys: LiveKey[] = [];
  if (notice.company_id !== null) keys.push('all', `company:${notice.company_id}`);
  for (const id of notice.driver_ids) keys.push(`driver:${id}`);
  if (notice.booking_id !== null) keys.push(`booking:${notice.booking_id}`);
  return keys;
}

/**
 * This process's end of the live event bus: it LISTENs on the channel every process NOTIFYs
 * (publishLive) and hands each notice to the screens connected here whose keys it names, once
 * each. Nothing is kept: a screen that connects later fetches the current state.
 */
export function createLiveHub(
  handle: Pick<DatabaseHandle, 'listen' | 'schema'>,
  logger: DatabaseLogger,
) {
  const channel = channelName(LIVE_CHANNEL, handle.schema);
  const byKey = new Map<LiveKey, Set<LiveListener>>();
  let unlisten: Unlisten | null = null;

  function deliver(payload: string): void {
    const notice = readNotice(payload);
    if (!notice) return;
    const reached = new Set<LiveListener>();
    for (const key of keysOf(notice)) {
      for (const listener of byKey.get(key) ?? []) reached.add(listener);
    }
    if (reached.size === 0) return;
    const json = JSON.stringify(notice.event);
    for (const listener of reached) {
      try {
        listener.event(notice.event, json);
      } catch (err) {
        logger.error({ err }, 'a live listener failed');
      }
    }
  }

  function resetAll(): void {
    const everyone = new Set([...byKey.values()].flatMap((listeners) => [...listeners]));
    for (const listener of everyone) listener.reset();
  }

  return {
    /** Hands `listener` every notice naming one of `keys`, until the returned function runs. */
    subscribe(keys: readonly LiveKey[], listener: LiveListener): () => void {
      for (const key of keys) {
        const listeners = byKey.get(key) ?? new Set<LiveListener>();
        listeners.add(listener);
        byKey.set(key, listeners);
      }
      return () => {
        for (const key of keys) {
          const listeners = byKey.get(key);
          listeners?.delete(listener);
          if (listeners?.size === 0) byKey.delete(key);
        }
      };
    },

    /** How many screens listen here (the bench and the health of a process read it). */
    listenerCount(): number {
      return new Set([...byKey.values()].flatMap((listeners) => [...listeners])).size;
    },

    async start(): Promise<void> {
      if (unlisten) return;
      unlisten = await handle.listen(channel, { notify: deliver, missed: resetAll });
    },

    async stop(): Promise<void> {
      const stopping = unlisten;
      unlisten = null;
      await stopping?.();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
