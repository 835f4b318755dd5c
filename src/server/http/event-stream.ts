import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveHub, LiveKey } from '../services/live/live-hub';

/** A comment line every so often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** How long EventSource waits before it connects again; each stream adds up to 2 s of jitter. */
const RETRY_MS = 3_000;
/** A screen that reads nothing while this much waits for it is gone or stuck: the stream ends. */
const MAX_UNREAD_BYTES = 64 * 1024;

export interface EventStreamOptions {
  /** What the screen listens for. */
  keys: readonly LiveKey[];
  /**
   * Asked at each heartbeat: false ends the stream (the session ended, the link expired), so
   * a signed-out screen stops hearing even what changed.
   */
  stillAllowed?: () => Promise<boolean>;
}

/**
 * The open Server-Sent Events streams of this process. Each is `text/event-stream`: a `retry:`
 * line first, then one `data:` line per event (the JSON of liveEventSchema), and a comment line
 * every HEARTBEAT_MS. Events are not replayed: a screen that connects (or connects again)
 * fetches the current state. Streams end when the client goes, and all of them when the
 * server closes (closeAll, before Fastify waits for requests in flight to end).
 */
export function createEventStreams(hub: LiveHub, options: { heartbeatMs?: number } = {}) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const open = new Set<() => void>();

  function stream(request: FastifyRequest, reply: FastifyReply, opts: EventStreamOptions): void {
    reply.hijack();
    const res = reply.raw;
    // A stream lives longer than the connection timeout allows a silent socket; the heartbeat
    // shows the client is still there instead (a write to a gone client fails and closes it).
    request.raw.socket.setTimeout(0);
    // What the hooks set (the request id, the security headers) goes out with the stream.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) res.setHeader(name, value);
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and its kin would otherwise hold the events back in their buffers.
      'x-accel-buffering': 'no',
    });
    const retry = RETRY_MS + Math.floor(Math.random() * 2_000);
    res.write(`retry: ${retry}\n: connected\n\n`);

    let ended = false;
    const write = (text: string) => {
      if (ended) return;
      if (res.writableLength > MAX_UNREAD_BYTES) end('drop');
      else res.write(text);
    };
    const unsubscribe = hub.subscribe(opts.keys, {
      event: (_event, json) => write(`data: ${json}\n\n`),
      // Notices may have been lost: ending makes the screen connect again and fetch all.
      reset: () => end('finish'),
    });
    const heartbeat = setInterval(() => {
      write(': heartbeat\n\n');
      opts.stillAllowed?.().then(
        (allowed) => allowed || end('finish'),
        () => undefined,
      );
    }, heartbeatMs);
    heartbeat.unref();

    function cleanUp(): void {
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(closeForShutdown);
    }
    /**
     * Ends the stream: 'finish' as any answer ends; 'shutdown' closes the connection too once
     * the end is written, so nothing holds the server's close up; 'drop' at once, for a client
     * that reads nothing.
     */
    function end(how: 'finish' | 'shutdown' | 'drop'): void {
      if (ended) return;
      cleanUp();
      if (how === 'drop') res.destroy();
      else res.end(() => how === 'shutdown' && request.raw.socket.destroy());
    }
    function closeForShutdown(): void {
      end('shutdown');
    }
    open.add(closeForShutdown);
    res.once('close', cleanUp);
  }

  return {
    /** Turns the reply into a stream of the events for `opts.keys`. */
    stream,
    /** Ends every stream: the server is closing. */
    closeAll(): void {
      for (const close of [...open]) close();
    },
    /** How many streams are open here. */
    count: () => open.size,
  };
}

export type EventStreams = ReturnType<typeof createEventStreams>;
