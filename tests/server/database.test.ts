import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import type * as DatabaseModule from '../../src/server/db/database';
import { tempDir, testConfig } from './helpers';

/** Every close() of a database the code under test opened, in order. */
const closes = vi.hoisted(() => [] as string[]);

// The real module, with close() recorded so a test can see whether a handle was let go.
vi.mock('../../src/server/db/database', async (importOriginal) => {
  const actual = await importOriginal<typeof DatabaseModule>();
  return {
    ...actual,
    openDatabase: async (...args: Parameters<typeof actual.openDatabase>) => {
      const handle = await actual.openDatabase(...args);
      return {
        ...handle,
        close: async () => {
          closes.push(args[0].kind);
          await handle.close();
        },
      };
    },
  };
});

describe('starting the app on a database that cannot be migrated', () => {
  let tmp: { dir: string; remove(): Promise<void> };
  beforeEach(async () => {
    closes.length = 0;
    tmp = await tempDir('ridebook-broken-db');
  });
  afterEach(async () => {
    await tmp.remove();
  });

  /** An embedded database holding a table where the first migration wants to create one. */
  async function strayTableIn(dataDir: string): Promise<void> {
    const client = await PGlite.create(`${dataDir}/pglite`);
    await client.exec('create table settings (id integer)');
    await client.close();
  }

  it('closes the database it opened before reporting the failure', async () => {
    await strayTableIn(tmp.dir);
    await expect(buildApp({ config: testConfig({ DATA_DIR: tmp.dir }) })).rejects.toThrow(
      /settings/,
    );
    expect(closes).toEqual(['pglite']);
  });

  it('leaves a database the caller opened to the caller', async () => {
    const handle = await openDatabase({ kind: 'memory' });
    try {
      await sql`create table settings (id integer)`.execute(handle.db);
      await expect(buildApp({ config: testConfig(), db: handle })).rejects.toThrow(/settings/);
      expect(closes).toEqual([]);
      await expect(sql`select 1 as one`.execute(handle.db)).resolves.toMatchObject({
        rows: [{ one: 1 }],
      });
    } finally {
      await handle.close();
    }
  });
});

// Only PostgreSQL has idle pooled connections to lose; this runs where TEST_DATABASE_URL is set.
const postgresUrls = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

describe.each(postgresUrls)('a PostgreSQL connection lost while idle', (postgresUrl) => {
  it('is logged, and the next query gets a new connection', async () => {
    const logged: string[] = [];
    const handle = await openDatabase(
      { kind: 'postgres', url: postgresUrl },
      { logger: { error: (_details, message) => logged.push(message) } },
    );
    try {
      // One query leaves one idle client in the pool; end its backend as a restart would.
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
        handle.db,
      );
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      } finally {
        await admin.end();
      }

      await expect.poll(() => logged).toEqual([expect.stringMatching(/connection lost/)]);
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });
});
