import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteDataDir } from '../../src/server/db/database';
import { spawnServer } from './server-process';

/**
 * Where this run's migrated, seeded embedded database lies: its data directory (copied for each
 * server a browser test starts) and PGlite's dump of it (loaded by apps built in a test).
 */
export interface PgliteTemplate {
  dump: string;
  dataDir: string;
}

/** The test projects whose tests start apps on the embedded database. */
const APP_PROJECTS = new Set(['server', 'e2e']);

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: PgliteTemplate;
  }
}

/**
 * Vitest globalSetup: one embedded database for the whole run, migrated and seeded by the real
 * server on an empty directory. Creating a PGlite database takes about 3 s and seeding it 1-2 s
 * more; loading a copy takes under 1 s, and the app's own migrate-and-seed at start then finds
 * nothing to do, as on a restart. The first start on an empty directory stays covered by the
 * tests that ask for it (lifecycle, seed).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  // In the root config, so one run builds it once; a run of other projects alone does not.
  const startsApps = project.vitest.projects.some((each) => APP_PROJECTS.has(each.name));
  if (!startsApps) return;
  const dir = await mkdtemp(path.join(tmpdir(), 'ridebook-template-'));
  const serverDataDir = path.join(dir, 'data');
  const template: PgliteTemplate = {
    dump: path.join(dir, 'seeded.tar'),
    dataDir: pgliteDataDir(serverDataDir),
  };
  const server = await spawnServer({ env: { DATA_DIR: serverDataDir }, timeoutMs: 120_000 });
  await server.stop();
  const client = await PGlite.create(template.dataDir);
  try {
    const dumped = await client.dumpDataDir('none');
    await writeFile(template.dump, Buffer.from(await dumped.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplate', template);
  return () => rm(dir, { recursive: true, force: true });
}
