/**
 * A Server-Sent Events stream read with fetch rather than EventSource: the API wants the site's
 * key headers on every call (API.md, Headers) and EventSource cannot send headers. The session
 * cookie goes with it (same origin). Reads `data:` lines of each event; comments (keep-alives)
 * are skipped.
 */

export interface StreamHandlers {
  /** The server answered 2xx: from now on, events arrive. */
  onOpen: () => void;
  /** One event's data (its `data:` lines joined), and its `event:` name ('message' if none). */
  onMessage: (data: string, event: string) => void;
  /**
   * The stream ended (`opened`: after the server had answered 2xx) or could not open; not
   * called after the caller's own close.
   */
  onClose: (opened: boolean) => void;
}

/** The complete events at the start of `buffer`, and what is left of it. */
export function splitEvents(buffer: string): {
  events: { data: string; event: string }[];
  rest: string;
} {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    const data: string[] = [];
    let event = 'message';
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'event') event = value;
    }
    return data.length > 0 || event !== 'message' ? [{ data: data.join('\n'), event }] : [];
  });
  return { events, rest };
}

/** Opens the stream at `url`; returns the function that closes it. */
export function openEventStream(
  url: string,
  headers: Readonly<Record<string, string>>,
  handlers: StreamHandlers,
): () => void {
  const controller = new AbortController();
  let closed = false;
  let opened = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    handlers.onClose(opened);
  };
  const read = async () => {
    const response = await fetch(url, {
      headers: { ...headers, Accept: 'text/event-stream' },
      credentials: 'same-origin',
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`Live updates: status ${response.status}`);
    opened = true;
    handlers.onOpen();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done || closed) break;
      const { events, rest } = splitEvents(buffer + decoder.decode(value, { stream: true }));
      buffer = rest;
      for (const { data, event } of events) handlers.onMessage(data, event);
    }
  };
  read().then(finish, (error: unknown) => {
    if (!closed) console.warn('Live updates stopped', error);
    finish();
  });
  return () => {
    closed = true;
    controller.abort();
  };
}
