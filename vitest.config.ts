import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { chakraThemeSlice } from './build/chakra-theme-slice';
import { LongFilesFirst } from './tests/support/long-files-first';
import { FILES_WITH_MODULE_MOCKS } from './tests/support/module-mocks';

/**
 * The domain, server and jsdom files run together, one more at a time than there are cores:
 * much of a server file's time is spent waiting (child servers starting, PostgreSQL, SMTP,
 * timeouts), which the others fill. (Projects sharing a group must share this number.)
 */
const UNIT_WORKERS = availableParallelism() + 1;
/** Browser files, after the others: each waits on Chromium and its server much of the time. */
const E2E_WORKERS = availableParallelism() + 1;

/** One migrated, seeded database of each kind per run, for the projects whose tests start apps. */
const SEEDED_TEMPLATES = 'tests/support/seeded-templates.ts';
/** Counts expect calls per file when RIDEBOOK_COUNT_EXPECTS is set; otherwise nothing. */
const COUNT_EXPECTS = 'tests/support/count-expects.ts';

/** Which files a project runs, and whether each file gets its modules afresh. */
interface ProjectFiles {
  name: string;
  include: string[];
  exclude?: string[];
  isolate: boolean;
}

/** A project of server files (the API on both databases), run with the domain and jsdom files. */
function serverProject(test: ProjectFiles) {
  return {
    test: {
      ...test,
      setupFiles: [COUNT_EXPECTS],
      globalSetup: [SEEDED_TEMPLATES],
      sequence: { groupOrder: 0 },
      maxWorkers: UNIT_WORKERS,
      environment: 'node' as const,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // expect.poll waits for a state, not a deadline: its default second is short on a busy
      // CI machine (a scroll restore once missed it).
      expect: { poll: { timeout: 5_000 } },
    },
  };
}

export default defineConfig({
  test: {
    // The longest files start first, across the projects of a group (long-files-first.ts).
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'domain',
          setupFiles: [COUNT_EXPECTS],
          include: ['tests/domain/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
          maxWorkers: UNIT_WORKERS,
        },
      },
      serverProject({
        name: 'server',
        include: ['tests/server/**/*.test.ts'],
        exclude: [...FILES_WITH_MODULE_MOCKS.server],
        // The files of a worker share their modules (Fastify, Kysely, PGlite, the app): each
        // test still builds its own app on its own database (helpers.ts startTestApp).
        isolate: false,
      }),
      serverProject({
        name: 'server-mocks',
        include: [...FILES_WITH_MODULE_MOCKS.server],
        // vi.mock replaces a module only for a file that loads it afresh.
        isolate: true,
      }),
      {
        define: { __APP_VERSION__: JSON.stringify('test') },
        // The theme imports Chakra's tokens cut to this site's palettes (as the build does).
        plugins: [chakraThemeSlice()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          sequence: { groupOrder: 0 },
          maxWorkers: UNIT_WORKERS,
          // Each file gets its modules and its jsdom afresh: the app keeps state in modules
          // (booking drafts, the remembered position, the outbox) and in IndexedDB, which files
          // sharing a worker would hand on to each other.
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts', COUNT_EXPECTS],
          // A deadline only for a test that hangs: the longest form walks (personal-details'
          // four checks) take 12 s in a full run and have passed 20 s on a busier machine.
          testTimeout: 45_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...FILES_WITH_MODULE_MOCKS.e2e],
          globalSetup: [SEEDED_TEMPLATES, 'tests/e2e/shared-chromium.ts'],
          // The files of a worker share their modules (Playwright, the harness); each still
          // starts its own server on its own data and opens its own browser contexts.
          isolate: false,
          setupFiles: ['tests/e2e/setup.ts', COUNT_EXPECTS],
          // Browser suites start servers and share one Chromium: run them after the unit suites.
          sequence: { groupOrder: 1 },
          environment: 'node',
          // A deadline only for a test that hangs: the long walks (the quote flow's axe scans of
          // every state, the manage-booking walk) have passed 60 s in full runs on two cores.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000 } },
          // A file alone keeps about half a core busy (it mostly waits on Chromium and its
          // server), so a few at once overlap those waits (E2E_WORKERS).
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
});
