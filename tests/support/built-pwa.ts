import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Longer than the build takes on a loaded two-core machine (about a minute). */
const BUILD_TIMEOUT_MS = 600_000;

/**
 * Resolves once the PWA in dist/ is built. `npm test` (scripts/test.mjs) builds beside the tests
 * and names in RIDEBOOK_BUILD_STATE the file it writes when the build ends; without it (a file
 * run alone), dist/ is taken as it is, built by `npm run build` beforehand.
 */
export async function builtPwa(): Promise<void> {
  const state = process.env.RIDEBOOK_BUILD_STATE;
  if (!state) return;
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!existsSync(state)) {
    if (Date.now() > deadline) throw new Error('the PWA build did not end in time');
    await sleep(250);
  }
  if (readFileSync(state, 'utf8') !== 'passed')
    throw new Error('the PWA build failed: see its output');
}
