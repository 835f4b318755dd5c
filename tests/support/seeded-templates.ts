import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteDataDir } from '../../src/server/db/database';
import { bundleServer } from '../../scripts/bundle-server.mjs';
import { createScratchDatabase } from './scratch-postgres';
import { spawnServer } from './server-process';
import type { SeededTemplates } from './seeded-templates-ready';

/** The repository, where the server bundle must lie for Node to find its packages. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplates: SeededTemplates;
  }
}

/**
 * Vitest globalSetup of the projects whose tests start apps (server, e2e): one migrated, seeded
 * database per run for each kind, made by the real server on an empty one. Creating a PGlite
 * database takes about 3 s and seeding it 1-2 s more, migrating and seeding PostgreSQL 2-4 s;
 * a copy takes well under a second, and the app's own migrate-and-seed at start then finds nothing
 * to do, as on a restart. The first start on an empty database stays covered by the tests that
 * ask for it (lifecycle, seed, demo gating).
 *
 * The templates are built in the background: Vitest runs every global setup before the first
 * test, so waiting here would hold the domain and jsdom files too. A test that needs one waits
 * for it (seeded-templates-ready.ts). A run of neither project builds nothing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Both projects list this file, and each project loads it apart (its own module instance), so
  // the run's one build is kept on the process: the first project's build serves the run.
  const builds = globalThis as { ridebookSeededTemplates?: Promise<Build> };
  const build = await (builds.ridebookSeededTemplates ??= startBuilding());
  build.users += 1;
  project.provide('seededTemplates', build.templates);
  return async () => {
    if (--build.users > 0) return;
    delete builds.ridebookSeededTemplates;
    await build.done;
    await build.dispose();
  };
}

interface Build {
  templates: SeededTemplates;
  users: number;
  done: Promise<void>;
  dispose(): Promise<void>;
}

async function startBuilding(): Promise<Build> {
  const run = `ridebook-${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(tmpdir(), run);
  // Before any worker starts (they take process.env as it is then); it takes about a second.
  const bundle = await bundleServer(path.join('dist-server', run, 'server.mjs'));
  process.env.RIDEBOOK_SERVER_BUNDLE = path.join(ROOT, bundle);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const templates: SeededTemplates = {
    ready: path.join(dir, 'ready'),
    failed: path.join(dir, 'failed'),
    pgliteDump: path.join(dir, 'seeded.tar'),
    pgliteDataDir: pgliteDataDir(path.join(dir, 'data')),
  };
  let dropPostgres: (() => Promise<void>) | undefined;
  const buildPostgres = async () => {
    if (!adminUrl) return;
    const scratch = await createScratchDatabase(adminUrl, 'ridebook_template');
    dropPostgres = scratch.drop;
    // As tests' apps are configured (helpers.ts testConfig): the demo accounts asked for.
    const server = await spawnServer({
      env: { DATA_DIR: path.join(dir, 'pg-data'), DATABASE_URL: scratch.url, SEED_DEMO: '1' },
      timeoutMs: 120_000,
    });
    await server.stop();
    templates.postgresDatabase = new URL(scratch.url).pathname.slice(1);
  };
  const done = (async () => {
    try {
      await mkdir(dir, { recursive: true });
      // Both settle before a failure is reported, so teardown finds every server stopped and
      // the PostgreSQL template named for dropping.
      const builds = await Promise.allSettled([
        buildPglite(templates, path.join(dir, 'data')),
        buildPostgres(),
      ]);
      for (const build of builds) if (build.status === 'rejected') throw build.reason;
      // Written last, with the PostgreSQL template's name: its presence says both are complete.
      await writeFile(`${templates.ready}.partial`, JSON.stringify(templates));
      await rename(`${templates.ready}.partial`, templates.ready);
    } catch (error) {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      await writeFile(templates.failed, text).catch(() => undefined);
    }
  })();
  return {
    templates,
    users: 0,
    done,
    async dispose() {
      await dropPostgres?.();
      await rm(path.dirname(path.join(ROOT, bundle)), { recursive: true, force: true });
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** PGlite: the server seeds a data directory, which is dumped once for in-memory copies. */
async function buildPglite(templates: SeededTemplates, serverDataDir: string): Promise<void> {
  const server = await spawnServer({ env: { DATA_DIR: serverDataDir }, timeoutMs: 120_000 });
  await server.stop();
  const client = await PGlite.create(templates.pgliteDataDir);
  try {
    const dumped = await client.dumpDataDir('none');
    await writeFile(templates.pgliteDump, Buffer.from(await dumped.arrayBuffer()));
  } finally {
    await client.close();
  }
}
