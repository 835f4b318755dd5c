// `npm start`: build the PWA when the build is missing or older than its sources, then serve it
// and the API on one port (PORT, default 8080) with the embedded database.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { BUILD_INPUTS, BUILD_STAMP, newestMtime } from './build-inputs.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const stale = !existsSync(BUILD_STAMP) || statSync(BUILD_STAMP).mtimeMs < newestMtime(BUILD_INPUTS);

if (stale) {
  console.log(existsSync(BUILD_STAMP) ? 'Sources changed: rebuilding…' : 'No build yet: building…');
  const build = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server, bundled afresh (well under a second), runs in this very process, so stopping
// `npm start` reaches its graceful shutdown directly; a child would outlive a killed parent and
// keep the port and the database open.
const { bundleServer } = await import('./bundle-server.mjs');
process.setSourceMapsEnabled(true);
await import(new URL(`../${await bundleServer()}`, import.meta.url).href);
