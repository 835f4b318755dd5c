import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { priceDetailsResponseSchema } from '../../src/contract/quotes';
import { spawnServer } from '../support/server-process';
import { createProcessDatabase } from './process-fixtures';

/** The README as a new reader meets it: its file names and its API example must hold. */
const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const run = promisify(execFile);

// The example is what is checked here, not a first start: the run's seeded copy saves creating
// a database.
const data = await createProcessDatabase('pglite', { seeded: true });
afterAll(() => data.remove());

/** Every `code` span that names a file or folder of a project (a path with a slash). */
function namedPaths(): string[] {
  const spans = [...README.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return spans.filter((span) => /^(\.{1,2}\/)?[\w.-]+\/[\w./-]*$/.test(span));
}

describe('the README', () => {
  it('names only files of this repository', () => {
    const paths = namedPaths().filter((path) => !path.startsWith('./data') && path !== 'dist/');
    expect(paths.length).toBeGreaterThan(10);
    const missing = paths.filter((path) => !existsSync(join(ROOT, path.replace(/\/$/, ''))));
    expect(missing).toEqual([]);
  });

  it('runs its quote example as written, for a date that never goes stale', async () => {
    const block = /Try the API[^\n]*\n```sh\n([\s\S]*?)```/.exec(README)?.[1];
    expect(block).toBeDefined();
    expect(block).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const quote = block!
      .split(/\n(?=curl )/)
      .find((command) => command.includes('calculate-distance-price'));
    expect(quote).toBeDefined();
    const server = await spawnServer({ env: data.env });
    try {
      const command = quote!.replaceAll('http://localhost:8080', server.url);
      const { stdout } = await run('bash', ['-c', `${command.trim()} --silent --show-error`]);
      const answer = priceDetailsResponseSchema.parse(JSON.parse(stdout));
      expect(answer.price_details.length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
