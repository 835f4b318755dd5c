import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first. Vitest orders files by the durations it cached
 * on the last run, and by size when it has none (a fresh clone, as in CI); it also runs the
 * projects of a group one after another. Both leave the longest files to start last, and a
 * group ends only when its last file does. Starting these first lets the short files fill the
 * gaps. Only the order changes: a missing or renamed file here is harmless (it just runs in
 * Vitest's own order), so the list needs updating only when a file becomes one of the longest.
 */
export const LONG_FILES_FIRST = [
  // browser files (about a minute or more each on a 2-core machine)
  'tests/e2e/accessibility-routes.test.ts',
  'tests/e2e/booking.test.ts',
  'tests/e2e/accessibility.test.ts',
  'tests/e2e/operator-console.test.ts',
  'tests/e2e/corporate.test.ts',
  'tests/e2e/submissions.test.ts',
  'tests/e2e/manage-booking.test.ts',
  'tests/e2e/quote.test.ts',
  // server and jsdom files of 40 s or more
  'tests/server/crash-recovery.test.ts',
  'tests/server/hostile-input.test.ts',
  'tests/web/personal-details.test.tsx',
  'tests/server/mail-faults.test.ts',
  'tests/server/attempt-limits.test.ts',
  'tests/server/mail-recipient-cap.test.ts',
  'tests/web/quote-form.test.tsx',
  'tests/server/data-dir.test.ts',
];

function rank(spec: TestSpecification): number {
  const root = spec.project.config.root;
  const path = spec.moduleId.startsWith(`${root}/`)
    ? spec.moduleId.slice(root.length + 1)
    : spec.moduleId;
  const index = LONG_FILES_FIRST.indexOf(path);
  return index === -1 ? LONG_FILES_FIRST.length : index;
}

/** Vitest's order, with the long files moved to the front of their group. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: files not listed keep Vitest's order.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b),
    );
  }
}
