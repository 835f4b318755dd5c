import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { BuildAppOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import type { DatabaseHandle } from '../../src/server/db/database';
import { createScratchDatabase } from '../support/scratch-postgres';
import { seededTemplates } from '../support/seeded-templates-ready';
import { DEMO_HEADERS } from '../support/server-process';

/** The databases this run tests against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** The demo keys as request headers. */
export const API_HEADERS = DEMO_HEADERS;

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the database (if the test has not) and, on PostgreSQL, drops it. */
  dispose(): Promise<void>;
}

/** This run's migrated, seeded PGlite (tests/support/seeded-templates.ts), read once per worker. */
let seededDump: Promise<Blob> | undefined;
function seededPglite(): Promise<Blob> {
  seededDump ??= seededTemplates()
    .then((templates) => readFile(templates.pgliteDump))
    .then((bytes) => new Blob([bytes]));
  return seededDump;
}

/**
 * A fresh database: PGlite in memory, or a database of its own on the PostgreSQL server so test
 * files running in parallel never see each other's rows or catalogues. Empty, unless `seeded`: then
 * it starts as a copy of this run's migrated, seeded one of its kind (what the app makes of an
 * empty one, with the demo accounts testConfig asks for).
 */
export async function openTestDatabase(
  kind: TestDatabaseKind,
  options: { seeded?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const from = options.seeded ? await seededPglite() : undefined;
    const handle = await openDatabase({ kind: 'memory', from });
    return { handle, dispose: () => handle.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  // A database of its own rather than a schema: Kysely's migrator reads the catalogue of every
  // schema in the database, so a schema another test file dropped at that moment failed this
  // file's migration ('relation "test_….settings" does not exist', once in a full run).
  const template = options.seeded ? (await seededTemplates()).postgresDatabase : undefined;
  const scratch = await createScratchDatabase(url, 'test', template);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    handle,
    async dispose() {
      // The test may have closed the handle itself; the drop ends any connection left.
      await handle.close().catch(() => undefined);
      await scratch.drop();
    },
  };
}

/**
 * A config for tests: no built web app and no storage unless given; mail without SMTP_URL
 * goes to .eml files under a temporary DATA_DIR, never into the working tree's ./data. Asks for
 * the demo passenger (SEED_DEMO=1), which PostgreSQL gets only when asked; `SEED_DEMO: ''`
 * gives the default.
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DIST_DIR: path.join(tmpdir(), 'ridebook-no-dist'),
    STORAGE_DIR: path.join(tmpdir(), 'ridebook-no-storage'),
    DATA_DIR: path.join(tmpdir(), 'ridebook-test-data'),
    SEED_DEMO: '1',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database. `beforeReady` may add test-only routes. The app is ready
 * (migrated and seeded) when this resolves.
 */
export async function startTestApp(
  kind: TestDatabaseKind,
  options: {
    env?: Record<string, string>;
    /** Fastify's logger option; quiet by default. */
    logger?: FastifyServerOptions['logger'];
    beforeReady?: (app: FastifyInstance) => void;
    /** A fixed "now" for rules that depend on the time (grace period, quote expiry). */
    clock?: BuildAppOptions['clock'];
    /** A stand-in distance provider, for failures the real one cannot be made to produce. */
    distance?: BuildAppOptions['distance'];
    rateLimitNameSpace?: BuildAppOptions['rateLimitNameSpace'];
    /** The HTTPS agent Web Push goes through: one trusting a stand-in push service. */
    pushAgent?: BuildAppOptions['pushAgent'];
  } = {},
): Promise<TestApp> {
  const db = await openTestDatabase(kind, { seeded: true });
  const app = await buildApp({
    config: testConfig(options.env),
    db: db.handle,
    logger: options.logger ?? false,
    clock: options.clock,
    distance: options.distance,
    rateLimitNameSpace: options.rateLimitNameSpace,
    pushAgent: options.pushAgent,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.dispose();
    },
  };
}

/** A temporary directory removed by the returned function. */
export async function tempDir(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
