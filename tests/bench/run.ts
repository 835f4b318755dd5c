// `npm run bench`: figures, not pass/fail. Builds nothing itself; run `npm run build` first.
import { existsSync } from 'node:fs';
import { benchHomeLoad } from './home-load';
import { benchLighthouse } from './lighthouse';

if (!existsSync('dist/index.html')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const rows = [...(await benchHomeLoad()), ...(await benchLighthouse())];
console.log(`\n${'Figure'.padEnd(66)}  Value`);
console.log(`${'-'.repeat(66)}  ${'-'.repeat(10)}`);
for (const [name, value] of rows) console.log(`${name.padEnd(66)}  ${value}`);
