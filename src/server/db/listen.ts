import pg from 'pg';

/** Hears of trouble the database recovers from by itself; app.log (pino) fits this shape. */
export interface DatabaseLogger {
  error(details: object, message: string): void;
}

/** Stops listening. */
export type Unlisten = () => Promise<void>;

/**
 * What a listener hears: each notification's payload, and `missed` when its connection was
 * lost and made again (notifications sent meanwhile are gone, so the caller reloads all).
 */
export interface ListenHandlers {
  notify(payload: string): void;
  missed(): void;
}

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1_000;

/**
 * LISTEN on a PostgreSQL server: a pooled connection cannot hold a LISTEN (the pool hands it to
 * other queries), so the listener has a connection of its own, made again when it drops.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  logger: DatabaseLogger,
): Promise<Unlisten> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    next.on('error', (err) => {
      logger.error({ err }, 'the settings listener lost its PostgreSQL connection; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen "${channel}"`);
    client = next;
  }

  function scheduleReconnect(): void {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(handlers.missed, (err: unknown) => {
        logger.error({ err }, 'the settings listener could not reconnect; trying again');
        scheduleReconnect();
      });
    }, RECONNECT_MS);
    retry.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = null;
  };
}

/** Channel names are identifiers of at most 63 bytes; one per schema, as tests share a server. */
export function channelName(base: string, schema: string): string {
  return `${base}_${schema}`.slice(0, 63);
}
