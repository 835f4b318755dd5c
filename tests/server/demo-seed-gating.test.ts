import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { demoAccountsWanted } from '../../src/server/db/seed';
import { DEMO_CORPORATE } from '../../src/server/db/seed-data/corporate';
import { openTestDatabase, testConfig, testDatabaseKinds } from './helpers';
import type { TestDatabase } from './helpers';

/**
 * The demo passenger has a published password (README): seeded unasked on the embedded
 * database, where the demo runs, but on PostgreSQL, where production runs, only with
 * SEED_DEMO=1 (issue 17, item 9). The reference data the product quotes from is seeded on both.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts the app on an empty database with `env`, as a first start does; what it seeded. */
async function firstStart(kind: 'pglite' | 'postgres', env: Record<string, string>) {
  const db: TestDatabase = await openTestDatabase(kind);
  cleanups.push(() => db.dispose());
  const app = await buildApp({ config: testConfig(env), db: db.handle });
  cleanups.push(() => app.close());
  await app.ready();
  const demo = await db.handle.db
    .selectFrom('passengers')
    .select('id')
    .where('email_key', '=', DEMO_CORPORATE.email)
    .executeTakeFirst();
  const companies = await db.handle.db.selectFrom('companies').select('id').execute();
  return { demoPassenger: demo !== undefined, companies: companies.length };
}

describe.each(testDatabaseKinds())('the demo passenger on %s', (kind) => {
  const unasked = kind === 'pglite';

  it(
    `is ${unasked ? 'seeded' : 'not seeded'} when SEED_DEMO is unset; reference data always is`,
    { timeout: 90_000 },
    async () => {
      // '' is unset (testConfig asks for the demo otherwise).
      const seeded = await firstStart(kind, { SEED_DEMO: '' });
      expect(seeded.demoPassenger).toBe(unasked);
      expect(seeded.companies).toBeGreaterThan(0);
    },
  );

  it('is seeded with SEED_DEMO=1', { timeout: 90_000 }, async () => {
    expect((await firstStart(kind, { SEED_DEMO: '1' })).demoPassenger).toBe(true);
  });
});

describe('whether to seed the demo passenger', () => {
  it('follows SEED_DEMO when set, else only embedded databases outside production', () => {
    expect(demoAccountsWanted({}, 'pglite')).toBe(true);
    expect(demoAccountsWanted({}, 'memory')).toBe(true);
    expect(demoAccountsWanted({}, 'postgres')).toBe(false);
    expect(demoAccountsWanted({ NODE_ENV: 'production' }, 'pglite')).toBe(false);
    expect(demoAccountsWanted({ SEED_DEMO: '1' }, 'postgres')).toBe(true);
    expect(demoAccountsWanted({ SEED_DEMO: '1', NODE_ENV: 'production' }, 'postgres')).toBe(true);
    expect(demoAccountsWanted({ SEED_DEMO: '0' }, 'pglite')).toBe(false);
  });
});
