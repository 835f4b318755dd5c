import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { LONG_FILES_FIRST } from '../support/long-files-first';

// A renamed or removed file would silently drop out of the order the groups are packed by.
it.each(LONG_FILES_FIRST)('%s, listed as a long file, exists', (path) => {
  expect(existsSync(path)).toBe(true);
});
