import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_BASE, API_KEY_HEADERS, API_PATHS } from '../../src/contract/paths';
import { buildApp } from '../../src/server/app';
import {
  DemoLoginsError,
  DISABLE_DEMO_LOGINS_COMMAND,
  disableDemoLogins,
} from '../../src/server/db/demo-logins';
import { demoAccountsWanted } from '../../src/server/db/seed';
import { DEMO_CORPORATE } from '../../src/server/db/seed-data/corporate';
import {
  DEMO_DRIVER_LOGINS,
  DEMO_OPERATORS,
} from '../../src/server/db/seed-data/operator-accounts';
import { hashPassword } from '../../src/server/services/accounts/passwords';
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

/** What production needs besides the database (production-config.test.ts checks each). */
const PRODUCTION = {
  NODE_ENV: 'production',
  SEED_DEMO: '',
  PUBLIC_API_KEY: 'site-public-7f3a',
  SECRET_API_KEY: 'site-secret-91c2',
  STRIPE_SECRET_KEY: 'sk_test_production_check',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_production_check',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_check',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PUBLIC_URL: 'https://book.example.co.uk',
  MAIL_POLL_INTERVAL_MS: '0',
};

/** A sign-in to the console or the corporate area on a production app; its status. */
async function signInStatus(
  app: FastifyInstance,
  path: string,
  who: { email: string; password: string },
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}${path}`,
    headers: {
      [API_KEY_HEADERS.public]: PRODUCTION.PUBLIC_API_KEY,
      [API_KEY_HEADERS.secret]: PRODUCTION.SECRET_API_KEY,
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ email: who.email, password: who.password }),
  });
  return res.statusCode;
}

describe.each(testDatabaseKinds())('a demo database started in production on %s', (kind) => {
  it(
    'refuses to start while an account has a published password, until the command disables them',
    { timeout: 120_000 },
    async () => {
      const db: TestDatabase = await openTestDatabase(kind);
      cleanups.push(() => db.dispose());
      const demo = await buildApp({ config: testConfig({ SEED_DEMO: '1' }), db: db.handle });
      await demo.ready();
      await demo.close();
      // A dispatcher given a password of their own is no longer the demo's: judged by the hash.
      const kept = DEMO_OPERATORS.find((o) => o.email === 'dispatch@northern-star.example')!;
      await db.handle.db
        .updateTable('operators')
        .set({ password_hash: await hashPassword('Northern Star own phrase 9') })
        .where('email_key', '=', kept.email)
        .execute();
      // The demo passenger, under an email of its own, still has the published password.
      const renamed = { ...DEMO_CORPORATE, email: 'corporate.renamed@example.co.uk' };
      await db.handle.db
        .updateTable('passengers')
        .set({ email: renamed.email, email_key: renamed.email })
        .where('email_key', '=', DEMO_CORPORATE.email)
        .execute();

      // A demo driver (issue 34) under an email of their own still has the published password.
      const [james, callum] = DEMO_DRIVER_LOGINS;
      const movedDriver = { ...callum!, email: 'callum.own@northern-star.example' };
      await db.handle.db
        .updateTable('drivers')
        .set({ email: movedDriver.email })
        .where('licence_number', '=', callum!.licence)
        .execute();

      const refused = await buildApp({ config: testConfig(PRODUCTION), db: db.handle }).then(
        async (app) => {
          await app.close();
          throw new Error('production started with the demo logins in place');
        },
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DemoLoginsError);
      const message = (refused as Error).message;
      const published = [...DEMO_OPERATORS.filter((o) => o !== kept), renamed, james!, movedDriver];
      for (const account of published) expect(message).toContain(account.email);
      expect(message).not.toContain(kept.email);
      expect(message).toContain(DISABLE_DEMO_LOGINS_COMMAND);

      const disabled = await disableDemoLogins(db.handle.db);
      expect(disabled.map((login) => login.email).sort()).toEqual(
        published.map((account) => account.email).sort(),
      );
      const app = await buildApp({ config: testConfig(PRODUCTION), db: db.handle });
      cleanups.push(() => app.close());
      await app.ready();
      for (const operator of DEMO_OPERATORS.filter((o) => o !== kept)) {
        expect(await signInStatus(app, API_PATHS.operatorLogin, operator), operator.email).toBe(
          401,
        );
      }
      expect(await signInStatus(app, API_PATHS.checkPassengerLogin, renamed)).toBe(401);
      for (const driver of [james!, movedDriver]) {
        expect(await signInStatus(app, API_PATHS.driverLogin, driver), driver.email).toBe(401);
      }
      const own = { email: kept.email, password: 'Northern Star own phrase 9' };
      expect(await signInStatus(app, API_PATHS.operatorLogin, own)).toBe(200);
    },
  );
});
