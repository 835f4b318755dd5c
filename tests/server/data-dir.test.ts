import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { spawnServer } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { tempDir, testConfig } from './helpers';
import {
  createProcessDatabase,
  guestBookingBodies,
  postBooking,
  QUICK_LOCK_TAKEOVER_MS,
} from './process-fixtures';

/**
 * The embedded database's directory at start (issue 17, items 10 and 12): a second server on
 * the same DATA_DIR refuses instead of losing the first one's bookings, and a DATA_DIR this
 * process cannot write is named, with the variable, instead of "PGlite failed to initialize".
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts a server expected to refuse; resolves with what spawnServer said (its output). */
async function refusedStart(env: Record<string, string>): Promise<string> {
  return spawnServer({ env, timeoutMs: 120_000 }).then(
    async (server: ServerProcess) => {
      await server.stop();
      throw new Error('the server started');
    },
    (error: unknown) => (error as Error).message,
  );
}

describe('two servers on one DATA_DIR', () => {
  it(
    'the second refuses with a clear message; the first keeps serving',
    { timeout: 180_000 },
    async () => {
      // A start refuses once it has waited longer than the staleness: the shorter one here
      // refuses sooner by the same path (the next test keeps the default).
      const data = await createProcessDatabase('pglite', {
        seeded: true,
        lockStaleMs: QUICK_LOCK_TAKEOVER_MS,
      });
      cleanups.push(() => data.remove());
      const first = await spawnServer({ env: data.env, timeoutMs: 120_000 });
      cleanups.push(() => first.stop());

      const output = await refusedStart(data.env);
      expect(output).toMatch(/exited with code [1-9]/);
      expect(output).toContain(
        `DATA_DIR: ${data.env.DATA_DIR} is in use by another server process`,
      );

      const body = await guestBookingBodies(first.url);
      const booked = await postBooking(first.url, body('lock-first@example.com'), 'lock-first-1');
      expect(booked.kind).toBe('booked');
    },
  );

  it('a server killed with -9 does not keep the next one out', { timeout: 180_000 }, async () => {
    // The default staleness: a restart at once outwaits it instead of refusing.
    const data = await createProcessDatabase('pglite', { seeded: true });
    cleanups.push(() => data.remove());
    const first = await spawnServer({ env: data.env, timeoutMs: 120_000 });
    await first.kill();
    const next = await spawnServer({ env: data.env, timeoutMs: 120_000 });
    cleanups.push(() => next.stop());
    expect((await fetch(`${next.url}/health`)).status).toBe(200);
  });
});

describe('a DATA_DIR this process cannot write', () => {
  it('names the directory and DATA_DIR when part of its path is a file', async () => {
    const tmp = await tempDir('ridebook-data-dir');
    cleanups.push(() => tmp.remove());
    const file = path.join(tmp.dir, 'not-a-directory');
    await writeFile(file, 'a file where a directory should be');
    const dataDir = path.join(file, 'data');

    await expect(buildApp({ config: testConfig({ DATA_DIR: dataDir }) })).rejects.toThrow(
      `DATA_DIR: the embedded database's directory ${path.join(dataDir, 'pglite')} cannot be created`,
    );
  });

  it('names the directory and DATA_DIR when it is read-only', async () => {
    const tmp = await tempDir('ridebook-data-dir');
    cleanups.push(() => tmp.remove());
    const pgliteDir = path.join(tmp.dir, 'pglite');
    await mkdir(pgliteDir);
    await chmod(pgliteDir, 0o500);
    await chmod(tmp.dir, 0o500);
    cleanups.push(() => chmod(tmp.dir, 0o700));
    // As root too: the kernel lets root write, but PGlite's file layer reads the mode bits.
    await expect(buildApp({ config: testConfig({ DATA_DIR: tmp.dir }) })).rejects.toThrow(
      `DATA_DIR: the embedded database's directory ${pgliteDir} is not writable by this process`,
    );
  });

  it('the server process says so and exits non-zero', { timeout: 120_000 }, async () => {
    const tmp = await tempDir('ridebook-data-dir');
    cleanups.push(() => tmp.remove());
    const pgliteDir = path.join(tmp.dir, 'pglite');
    await mkdir(pgliteDir, { mode: 0o500 });
    const output = await refusedStart({ DATA_DIR: tmp.dir });
    expect(output).toMatch(/exited with code [1-9]/);
    expect(output).toContain(
      `DATA_DIR: the embedded database's directory ${pgliteDir} is not writable by this process`,
    );
    expect(output).not.toContain('PGlite failed');
  });
});
