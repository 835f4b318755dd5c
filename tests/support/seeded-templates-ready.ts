import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

/** Where this run's seeded templates lie (built by seeded-templates.ts, Vitest's global setup). */
export interface SeededTemplates {
  /** Written once both templates are complete; it holds this object, names filled in. */
  ready: string;
  /** Written instead when a build failed: its error. */
  failed: string;
  /** PGlite's dump of the seeded database, loaded by apps built in a test. */
  pgliteDump: string;
  /** The seeded data directory, copied for each server process a test starts. */
  pgliteDataDir: string;
  /** The seeded database on TEST_DATABASE_URL's server, when it is set. */
  postgresDatabase?: string;
}

/** How long a test waits for the templates: their build is the first server start of the run. */
const BUILD_TIMEOUT_MS = 180_000;

let ready: Promise<SeededTemplates> | undefined;

/** This run's seeded templates, once built; a failed build rejects with its error. */
export function seededTemplates(): Promise<SeededTemplates> {
  ready ??= waitForTemplates(inject('seededTemplates'));
  return ready;
}

async function waitForTemplates(where: SeededTemplates): Promise<SeededTemplates> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    if (existsSync(where.ready)) return JSON.parse(await readFile(where.ready, 'utf8'));
    if (existsSync(where.failed)) {
      throw new Error(`the seeded test templates failed:\n${await readFile(where.failed, 'utf8')}`);
    }
    if (Date.now() > deadline) throw new Error('the seeded test templates were not built in time');
    await sleep(100);
  }
}
