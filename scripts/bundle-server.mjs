// The API server as one ES module (its packages stay in node_modules): Node starts it in about a
// second, against three to five through tsx, which compiles every source file on each start.
// `npm start` runs it, and so do the tests' server processes (tests/support/server-process.ts).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = 'dist-server/server.mjs';

/**
 * Bundles src/server/server.ts to `outfile` (relative to the repository, with a source map
 * beside it). It must lie inside the repository, where Node finds node_modules.
 */
export async function bundleServer(outfile = SERVER_BUNDLE) {
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/server/server.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages load from node_modules as they do under tsx, so the bundle is only our code.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer(process.argv[2]);
