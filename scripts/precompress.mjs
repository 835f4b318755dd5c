// Writes .br and .gz next to each compressible file of the build, so the server sends
// compressed assets without compressing on every request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BUILD_STAMP } from './build-inputs.mjs';

const DIST = 'dist';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 512;

let files = 0;
let before = 0;
let afterBr = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    files += 1;
    before += body.length;
    afterBr += br.length;
  }
};
walk(DIST);
writeFileSync(BUILD_STAMP, new Date().toISOString());
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(1)} kB -> ${(afterBr / 1024).toFixed(1)} kB brotli`,
);
