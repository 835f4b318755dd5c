import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import {
  listenOnPostgres,
  type DatabaseLogger,
  type ListenHandlers,
  type Unlisten,
} from './listen';
import type { Database } from './schema';

/**
 * Where the data lives: a PostgreSQL server, a PGlite directory, or PGlite in memory (tests).
 * A memory database may start `from` a dump of another (PGlite's dumpDataDir): tests start
 * from one migrated, seeded copy instead of creating and seeding a database each time.
 */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string; schema?: string }
  | { kind: 'pglite'; dataDir: string; lockStaleMs?: number }
  | { kind: 'memory'; from?: Blob };

/** An open database: the Kysely handle, which schema it works in, and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  /** What kind of database it is: the demo passenger is seeded unasked only on embedded ones. */
  kind: DatabaseTarget['kind'];
  /** The schema tables live in (first on the search_path). */
  schema: string;
  /**
   * Hears `NOTIFY channel` from every process on this database (PostgreSQL LISTEN, or PGlite's
   * own listen). A notification sent inside a transaction arrives when it commits.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  /**
   * Runs a script of several statements, without parameters, and returns the last one's rows:
   * the job queue installs and upgrades its own tables this way (pg-boss's plans). PGlite
   * takes several statements only through exec, so the script holds Kysely's one connection.
   */
  execScript(script: string): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** PGlite's exec under Kysely's connection, so no other query runs between its statements. */
function pgliteExecScript(db: Kysely<Database>, client: PGlite) {
  return (script: string) =>
    db.connection().execute(async () => {
      const results = await client.exec(script);
      return { rows: results.at(-1)?.rows ?? [] };
    });
}

/** PGlite's listen: one instance, so no connection to lose. */
function pgliteListen(client: PGlite) {
  return async (channel: string, handlers: ListenHandlers): Promise<Unlisten> => {
    const unlisten = await client.listen(channel, (payload) => handlers.notify(payload));
    return async () => {
      // A closed database hears nothing any more: there is nothing left to stop.
      if (!client.closed) await unlisten();
    };
  };
}

export type { DatabaseLogger };

const consoleLogger: DatabaseLogger = {
  error: (details, message) => console.error(message, details),
};

/** Schema names are spliced into SQL, so only plain identifiers are accepted. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Where the embedded database keeps its files under DATA_DIR. */
export function pgliteDataDir(dataDir: string): string {
  return path.resolve(dataDir, 'pglite');
}

/** Picks the target from configuration: DATABASE_URL wins; otherwise PGlite under DATA_DIR. */
export function targetFromConfig(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  DATA_DIR_LOCK_STALE_MS?: number;
}): DatabaseTarget {
  if (config.DATABASE_URL) return { kind: 'postgres', url: config.DATABASE_URL };
  return {
    kind: 'pglite',
    dataDir: pgliteDataDir(config.DATA_DIR),
    lockStaleMs: config.DATA_DIR_LOCK_STALE_MS,
  };
}

/**
 * Opens (and for PGlite, creates) the database. Does not migrate: see migrateToLatest.
 * A postgres target with `schema` creates that schema if missing and puts it first on the
 * search_path of every pooled connection, so parallel test runs share one server safely.
 * `logger` hears of pooled connections lost while idle (console.error without one).
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: { logger?: DatabaseLogger } = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    return openPostgres(target.url, target.schema ?? 'public', options.logger ?? consoleLogger);
  }

  if (target.kind === 'memory') {
    const client = await PGlite.create(target.from ? { loadDataDir: target.from } : {});
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    // Kysely's destroy closes the PGlite instance too.
    return {
      db,
      kind: target.kind,
      schema: 'public',
      listen: pgliteListen(client),
      execScript: pgliteExecScript(db, client),
      close: () => db.destroy(),
    };
  }

  const logger = options.logger ?? consoleLogger;
  // Before PGlite touches the files: a second process on them would lose the first's writes.
  const release = await lockDataDir(target.dataDir, {
    staleMs: target.lockStaleMs,
    onLost(error) {
      logger.error({ err: error }, 'lost the lock on DATA_DIR: another process may be using it');
      // Stop at once, without closing: a close would flush this process's files over the ones
      // another server now owns. Every commit is already on disk (kill -9 loses nothing).
      process.exit(1);
    },
  });
  let client: PGlite;
  try {
    client = await PGlite.create(target.dataDir);
  } catch (error) {
    await release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: target.kind,
    schema: 'public',
    listen: pgliteListen(client),
    execScript: pgliteExecScript(db, client),
    async close() {
      // Kysely's destroy closes the PGlite instance too, flushing its files; then the next
      // server may have them.
      try {
        await db.destroy();
      } finally {
        await release();
      }
    },
  };
}

async function openPostgres(
  url: string,
  schema: string,
  logger: DatabaseLogger,
): Promise<DatabaseHandle> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  if (schema !== 'public') {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`create schema if not exists "${schema}"`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    options: `-c search_path="${schema}"`,
    max: 10,
  });
  // An idle client's connection can drop (a PostgreSQL restart, a failover, an idle timeout in
  // a proxy). Unheard, that 'error' event is an uncaught exception that stops the whole server;
  // the pool has already discarded the client and opens a new one for the next query.
  pool.on('error', (err) => {
    logger.error({ err }, 'idle PostgreSQL connection lost; the pool will reconnect');
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    schema,
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers, logger),
    async execScript(script) {
      // Without parameters pg sends the simple protocol, which runs several statements.
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(script);
      return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] };
    },
    close: () => db.destroy(),
  };
}
