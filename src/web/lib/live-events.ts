import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { liveEventSchema, type LiveEvent } from '../../contract/driver';

/**
 * Live updates over Server-Sent Events (issue 34; API.md, The driver's app): the browser's
 * EventSource on one of the API's event streams (a console's, a passenger's booking's), shared
 * by every screen part that listens to the same address. An event says what changed, never the
 * data: the listener fetches again. Events are not replayed, so every (re)connection is a reason
 * to fetch again too. While a stream is not open (not yet, lost, refused, or no EventSource),
 * screens poll instead (LIVE_FALLBACK_POLL_MS): `open` says which.
 *
 * General, not tied to a feature: any screen with an event stream of liveEventSchema's events
 * may use it.
 */

/** How often a screen asks again by itself while its event stream is not open. */
export const LIVE_FALLBACK_POLL_MS = 15_000;

/**
 * EventSource reconnects by itself after a dropped connection (the server's `retry:`), but gives
 * up for good after an answer that is not a stream (a 401, a 404, a 5xx): then it is tried again
 * after this long, the screen polling meanwhile.
 */
export const LIVE_RETRY_AFTER_REFUSAL_MS = 60_000;

export interface LiveHandlers {
  /** An event arrived. */
  onEvent?: (event: LiveEvent) => void;
  /** The stream is open, for the first time or again: whatever is on screen may be stale. */
  onOpen?: () => void;
}

interface Channel {
  source: EventSource | null;
  open: boolean;
  listeners: Set<LiveHandlers>;
  watchers: Set<() => void>;
  retry: ReturnType<typeof setTimeout> | undefined;
}

const channels = new Map<string, Channel>();

function setOpen(channel: Channel, open: boolean): void {
  if (channel.open === open) return;
  channel.open = open;
  for (const watcher of channel.watchers) watcher();
}

function readEvent(data: unknown): LiveEvent | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = z.safeParse(liveEventSchema, JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function connect(url: string, channel: Channel): void {
  if (typeof EventSource === 'undefined') return;
  const source = new EventSource(url);
  channel.source = source;
  source.onopen = () => {
    setOpen(channel, true);
    for (const listener of [...channel.listeners]) listener.onOpen?.();
  };
  source.onmessage = (message: MessageEvent) => {
    const event = readEvent(message.data);
    if (!event) return;
    for (const listener of [...channel.listeners]) listener.onEvent?.(event);
  };
  source.onerror = () => {
    setOpen(channel, false);
    if (source.readyState !== EventSource.CLOSED) return;
    // Refused (or not a stream): EventSource will not try again by itself.
    source.close();
    channel.source = null;
    channel.retry = setTimeout(() => {
      channel.retry = undefined;
      if (channels.get(url) === channel) connect(url, channel);
    }, LIVE_RETRY_AFTER_REFUSAL_MS);
  };
}

function channelFor(url: string): Channel {
  let channel = channels.get(url);
  if (!channel) {
    channel = {
      source: null,
      open: false,
      listeners: new Set(),
      watchers: new Set(),
      retry: undefined,
    };
    channels.set(url, channel);
    connect(url, channel);
  }
  return channel;
}

/** Closes a channel nobody listens to or watches any more. */
function release(url: string, channel: Channel): void {
  if (channel.listeners.size > 0 || channel.watchers.size > 0) return;
  channel.source?.close();
  clearTimeout(channel.retry);
  channels.delete(url);
}

/** Listens to the stream at `url` (opened on first use); returns the function that stops. */
export function listenLive(url: string, handlers: LiveHandlers): () => void {
  const channel = channelFor(url);
  channel.listeners.add(handlers);
  return () => {
    channel.listeners.delete(handlers);
    release(url, channel);
  };
}

function watchOpen(url: string, watcher: () => void): () => void {
  const channel = channelFor(url);
  channel.watchers.add(watcher);
  return () => {
    channel.watchers.delete(watcher);
    release(url, channel);
  };
}

/** Whether the stream at `url` is open now. */
export function isLiveOpen(url: string): boolean {
  return channels.get(url)?.open ?? false;
}

const NOTHING = () => () => undefined;

/**
 * Listens to the event stream at `url` while the component is mounted (null: none, e.g. a
 * caller EventSource cannot prove itself as); the handlers may change between renders. Answers
 * whether the stream is open: while it is not, the screen polls.
 */
export function useLiveEvents(url: string | null, handlers: LiveHandlers): boolean {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (url === null) return undefined;
    return listenLive(url, {
      onEvent: (event) => latest.current.onEvent?.(event),
      onOpen: () => latest.current.onOpen?.(),
    });
  }, [url]);
  const subscribe = useCallback(
    (watcher: () => void) => (url === null ? NOTHING() : watchOpen(url, watcher)),
    [url],
  );
  return useSyncExternalStore(
    subscribe,
    () => (url === null ? false : isLiveOpen(url)),
    () => false,
  );
}
