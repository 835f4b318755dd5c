import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';

/**
 * With RIDEBOOK_COUNT_EXPECTS naming a directory, each test file adds a line to its `counts`
 * file: the file and how many expect calls its tests made. It shows that a faster suite still
 * asserts as much as before (issue 31); without the variable it does nothing.
 */
const countsDir = process.env.RIDEBOOK_COUNT_EXPECTS;
if (countsDir) {
  let calls = 0;
  afterEach(() => {
    calls += expect.getState().assertionCalls;
  });
  afterAll(() => {
    const file = path.relative(process.cwd(), expect.getState().testPath ?? 'unknown');
    appendFileSync(path.join(countsDir, 'counts'), `${file} ${calls}\n`);
  });
}
