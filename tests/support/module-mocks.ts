/**
 * The test files, in the projects whose files share their modules within a worker, that replace a
 * module with vi.mock. They run isolated (vitest.config.ts): a module another file had already
 * loaded in the worker would not be replaced. tests/server/module-mocks.test.ts fails when a
 * file using vi.mock is missing here.
 */
export const FILES_WITH_MODULE_MOCKS = {
  server: ['tests/server/database.test.ts'],
  e2e: [],
} as const;
