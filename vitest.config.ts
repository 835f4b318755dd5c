import { defineConfig } from 'vitest/config';
import { chakraThemeSlice } from './build/chakra-theme-slice';

export default defineConfig({
  test: {
    // One migrated, seeded embedded database per run for the server and browser tests.
    globalSetup: ['tests/support/pglite-template.ts'],
    projects: [
      { test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
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
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // Browser suites start servers and Chromium: run them after the unit suites, one file at a time.
          sequence: { groupOrder: 1 },
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
