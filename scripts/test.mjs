// `npm test`: every static check and every test, each started as soon as what it needs is ready.
// The static checks and the PWA build run beside the tests rather than before them: only the
// browser tests need the build (tests/e2e/harness.ts waits for it), and nothing needs the checks.
// Each check's output is printed when it ends, so it does not cut through Vitest's; the exit code
// is non-zero when anything failed.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Runs a command with its output kept; resolves with how it ended. */
function run(name, command, args, { live = false, env = {} } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      const ok = code === 0;
      if (!live) {
        console.log(`\n== ${name}: ${ok ? 'passed' : 'FAILED'} (${seconds} s)`);
        if (!ok) console.log(output);
      }
      resolve({ name, ok, seconds, signal });
    });
  });
}

/** Runs the steps one after another, stopping at the first failure. */
async function chain(steps) {
  const results = [];
  for (const step of steps) {
    const result = await step();
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

// The browser tests wait for this file to say how the build ended.
const buildStateDir = mkdtempSync(join(tmpdir(), 'ridebook-build-'));
const buildState = join(buildStateDir, 'state');

// package.json's own scripts, so `npm run lint` and `npm test` check the same things.
const checks = chain([
  () => run('typecheck', npm, ['run', 'typecheck']),
  () => run('lint (ESLint, dependency-cruiser, Prettier)', npm, ['run', 'lint']),
]);
const build = run('build', npm, ['run', 'build']).then((result) => {
  // Written whole, then renamed: the browser tests read it as soon as it exists.
  writeFileSync(`${buildState}.partial`, result.ok ? 'passed' : 'failed');
  renameSync(`${buildState}.partial`, buildState);
  return result;
});
const tests = run('vitest', npx, ['vitest', 'run', ...process.argv.slice(2)], {
  live: true,
  env: { RIDEBOOK_BUILD_STATE: buildState },
});

const results = [...(await checks), await build, await tests];
rmSync(buildStateDir, { recursive: true, force: true });
console.log('\n== npm test');
for (const { name, ok, seconds } of results) {
  console.log(`${ok ? 'passed' : 'FAILED'}  ${name} (${seconds} s)`);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
