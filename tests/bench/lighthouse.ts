import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServedApp } from '../e2e/harness';
import { median, medianWithRuns } from './figures';

/**
 * Single runs on a 2-core machine, where Lighthouse, Chromium and the server share the CPU,
 * spread by about ten points: five runs, and the spread is printed with the median.
 */
const RUNS = 5;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
// --headless=new for Lighthouse (RECIPES.md); the rest keep Chromium off the closed network.
const CHROME_FLAGS = CHROMIUM_ARGS.map((flag) =>
  flag === '--headless' ? '--headless=new' : flag,
).join(' ');

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  /** Lighthouse's own measure of the host's CPU speed, taken at the start of each run. */
  environment?: { benchmarkIndex?: number };
}

/** Lighthouse mobile (its default: slow 4G, 4x CPU) on the served build; median of five runs. */
export async function benchLighthouse(): Promise<[string, string][]> {
  const app = await startServedApp();
  const dir = mkdtempSync(join(tmpdir(), 'ridebook-lh-'));
  const reports: LighthouseReport[] = [];
  try {
    for (let run = 0; run < RUNS + 2 && reports.length < RUNS; run += 1) {
      const output = join(dir, `lh-${run}.json`);
      const result = spawnSync(
        process.execPath,
        [
          'node_modules/lighthouse/cli/index.js',
          `${app.url}/`,
          '--quiet',
          '--output=json',
          `--output-path=${output}`,
          `--only-categories=${CATEGORIES.join(',')}`,
          `--chrome-flags=${CHROME_FLAGS}`,
        ],
        { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: 'utf8', timeout: 180_000 },
      );
      // One run in a few fails with NO_NAVSTART (RECIPES.md): try again rather than report it.
      if (result.status !== 0) continue;
      reports.push(JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await app.stop();
  }
  if (reports.length === 0) return [['Lighthouse', 'no successful run']];

  const score = (category: string) => {
    return medianWithRuns(
      reports.map((r) => Math.round((r.categories[category]?.score ?? NaN) * 100)),
    );
  };
  const medianOf = (read: (report: LighthouseReport) => number | undefined, digits = 0) =>
    median(reports.map((r) => read(r) ?? NaN)).toFixed(digits);
  const metric = (audit: string, digits = 0) =>
    medianOf((r) => r.audits[audit]?.numericValue, digits);
  const label = `median of ${reports.length}`;
  return [
    [`Lighthouse mobile performance (${label})`, score('performance')],
    [`Lighthouse accessibility (${label})`, score('accessibility')],
    [`Lighthouse best practices (${label})`, score('best-practices')],
    ['Lighthouse LCP (ms)', metric('largest-contentful-paint')],
    ['Lighthouse TBT (ms)', metric('total-blocking-time')],
    ['Lighthouse CLS', metric('cumulative-layout-shift', 3)],
    // Lighthouse scales the CPU time it observes by 4, so its scores follow the host's speed:
    // this says which kind of day a score came from.
    [
      'Lighthouse host CPU benchmark index (higher is faster)',
      medianOf((r) => r.environment?.benchmarkIndex),
    ],
  ];
}
