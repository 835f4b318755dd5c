import { launchBrowser, startServedApp } from '../e2e/harness';
import { median } from './figures';
import { openPhonePage } from './phone-page';

/** Single loads vary a lot on a shared 2-core machine; the median of this many is steadier. */
const RUNS = 7;
/** Long enough after usable for the deferred parts and the service worker's start to run. */
const SETTLE_MS = 3000;
/** A task longer than this blocks input (the long-task and TBT threshold). */
const LONG_TASK_MS = 50;

interface Load {
  longest: number;
  blocking: number;
  longTaskTotal: number;
}

/**
 * Main-thread work of a first visit to the home page at 4x CPU (no network throttling, so it
 * is the phone's CPU that shows): the longest task, and the blocking time of every long task
 * from the navigation on (Lighthouse's TBT counts from first paint, which moves with the
 * machine's noise; this does not).
 */
export async function benchMainThread(): Promise<[string, string][]> {
  const app = await startServedApp();
  const browser = await launchBrowser();
  const loads: Load[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const { context, page } = await openPhonePage(browser, () => {
        const tasks: number[] = [];
        Object.assign(window, { __longTasks: tasks });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(app.url);
      await page.getByRole('tab', { name: 'Hourly Rate' }).waitFor({ timeout: 60_000 });
      await page.waitForTimeout(SETTLE_MS);
      const tasks = await page.evaluate(
        () => (window as unknown as { __longTasks: number[] }).__longTasks,
      );
      loads.push({
        longest: Math.max(0, ...tasks),
        blocking: tasks.reduce((sum, d) => sum + Math.max(0, d - LONG_TASK_MS), 0),
        longTaskTotal: tasks.reduce((sum, d) => sum + d, 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  const figure = (key: keyof Load) => median(loads.map((load) => load[key])).toFixed(0);
  const label = `4x CPU, first visit, median of ${RUNS}`;
  return [
    [`Home longest main-thread task (ms, ${label})`, figure('longest')],
    [`Home blocking time from navigation (ms, ${label})`, figure('blocking')],
    [`Home long-task time (ms, ${label})`, figure('longTaskTotal')],
  ];
}
