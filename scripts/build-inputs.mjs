// What the PWA build is made from; `npm start` rebuilds when any of it is newer than the build.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const BUILD_INPUTS = [
  'src/web',
  'build',
  'src/domain',
  'src/contract',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
export const BUILD_STAMP = 'dist/.build-stamp';

/** Newest modification time (ms) under the given paths; 0 when none exist. */
export function newestMtime(paths, root = process.cwd()) {
  let newest = 0;
  const visit = (path) => {
    let info;
    try {
      info = statSync(path);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else {
      newest = Math.max(newest, info.mtimeMs);
    }
  };
  for (const p of paths) visit(join(root, p));
  return newest;
}
