import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { chakraThemeSlice } from './build/chakra-theme-slice';

/**
 * The server files run one per core: much of their time is spent waiting (child servers
 * starting, PostgreSQL, SMTP, timeouts), so a second file overlaps those waits. Vitest's default
 * of one fewer than the cores runs every file in turn on a two-core machine.
 */
const SERVER_WORKERS = availableParallelism();

/** One migrated, seeded database of each kind per run, for the projects whose tests start apps. */
const SEEDED_TEMPLATES = 'tests/support/seeded-templates.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['tests/domain/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
          maxWorkers: SERVER_WORKERS,
        },
      },
      {
        test: {
          name: 'server',
          globalSetup: [SEEDED_TEMPLATES],
          sequence: { groupOrder: 0 },
          maxWorkers: SERVER_WORKERS,
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits for a state, not a deadline: its default second is short on a busy
          // CI machine (a scroll restore once missed it).
          expect: { poll: { timeout: 5_000 } },
        },
      },
      {
        define: { __APP_VERSION__: JSON.stringify('test') },
        // The theme imports Chakra's tokens cut to this site's palettes (as the build does).
        plugins: [chakraThemeSlice()],
        test: {
          name: 'web',
          // After the server files, one file at a time: a jsdom file's first render waits on
          // Testing Library's clock, which a second file on the same cores can starve.
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup: [SEEDED_TEMPLATES],
          setupFiles: ['tests/e2e/setup.ts'],
          // Browser suites start servers and Chromium: run them after the unit suites.
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000 } },
          // Two files at once: a file alone keeps about half a core busy (it mostly waits on
          // Chromium and its server), so a second overlaps those waits. Four files took 119 s
          // one at a time and 95 s two at a time, on a 2-core machine already loaded by others;
          // each file still has its own server, data and browser.
          maxWorkers: 2,
        },
      },
    ],
  },
});
