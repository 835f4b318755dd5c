import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE, API_KEY_HEADERS, API_PATHS } from '../../src/contract/paths';
import { ConfigError, loadConfig } from '../../src/server/config';
import { DISABLE_DEMO_LOGINS_COMMAND } from '../../src/server/db/demo-logins';
import { DEMO_CORPORATE } from '../../src/server/db/seed-data/corporate';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { spawnServer } from '../support/server-process';
import { createProcessDatabase } from './process-fixtures';

/**
 * NODE_ENV=production (issue 17, item 9): the demo's defaults (published API keys, a checkout
 * that charges nothing, mail to files, checkout returning to any Host) stop the server at start,
 * every missing variable named in one list, rather than reaching real customers.
 */

/** Everything production needs; each test leaves out what it is about. */
const COMPLETE_PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_API_KEY: 'site-public-7f3a',
  SECRET_API_KEY: 'site-secret-91c2',
  STRIPE_SECRET_KEY: 'sk_test_production_check',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_production_check',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_check',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PUBLIC_URL: 'https://book.example.co.uk',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/** The variable each problem line names (the text before its colon). */
const named = (problems: string[]) => problems.map((line) => line.split(':')[0]);

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('NODE_ENV=production configuration', () => {
  it('accepts a complete production configuration', () => {
    expect(problemsOf(COMPLETE_PRODUCTION)).toEqual([]);
  });

  it.each(['SMTP_URL', 'PUBLIC_URL', 'PUBLIC_API_KEY', 'SECRET_API_KEY'])(
    'refuses to start without %s and names it',
    (name) => {
      const env: Record<string, string> = { ...COMPLETE_PRODUCTION };
      delete env[name];
      expect(named(problemsOf(env))).toEqual([name]);
    },
  );

  it('refuses the demo API keys', () => {
    const problems = problemsOf({
      ...COMPLETE_PRODUCTION,
      PUBLIC_API_KEY: 'demo-public-key',
      SECRET_API_KEY: 'demo-secret-key',
    });
    expect(named(problems)).toEqual(['PUBLIC_API_KEY', 'SECRET_API_KEY']);
  });

  it('refuses the test checkout, asked for or chosen for want of Stripe keys', () => {
    expect(named(problemsOf({ ...COMPLETE_PRODUCTION, PAYMENT_PROVIDER: 'test' }))).toEqual([
      'PAYMENT_PROVIDER',
    ]);
    const withoutStripe: Record<string, string> = { ...COMPLETE_PRODUCTION };
    delete withoutStripe.STRIPE_SECRET_KEY;
    delete withoutStripe.STRIPE_PUBLISHABLE_KEY;
    delete withoutStripe.STRIPE_WEBHOOK_SECRET;
    const problems = problemsOf(withoutStripe);
    expect(named(problems)).toEqual(['PAYMENT_PROVIDER']);
    expect(problems[0]).toMatch(/test checkout charges nothing/);
  });

  it('needs the webhook secret with stripe, which records payments whose browser never returns', () => {
    const env: Record<string, string> = { ...COMPLETE_PRODUCTION };
    delete env.STRIPE_WEBHOOK_SECRET;
    expect(named(problemsOf(env))).toEqual(['STRIPE_WEBHOOK_SECRET']);
  });

  it('lists missing and malformed variables together', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PORT: 'eighty' });
    expect(named(problems).sort()).toEqual(
      [
        'PAYMENT_PROVIDER',
        'PORT',
        'PUBLIC_API_KEY',
        'PUBLIC_URL',
        'SECRET_API_KEY',
        'SMTP_URL',
      ].sort(),
    );
  });

  it('refuses SEED_DEMO=1, which seeds accounts with published passwords', () => {
    expect(named(problemsOf({ ...COMPLETE_PRODUCTION, SEED_DEMO: '1' }))).toEqual(['SEED_DEMO']);
    expect(problemsOf({ ...COMPLETE_PRODUCTION, SEED_DEMO: '0' })).toEqual([]);
  });

  it('asks nothing of a server that is not in production', () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
  });
});

describe('the server process with NODE_ENV=production', () => {
  it('exits non-zero at start, naming every missing variable', { timeout: 120_000 }, async () => {
    const data = await createProcessDatabase('pglite');
    cleanups.push(() => data.remove());
    const started = spawnServer({ env: { ...data.env, NODE_ENV: 'production' } });
    const error = await started.then(
      async (server) => {
        await server.stop();
        throw new Error('the server started without the production variables');
      },
      (refused: unknown) => refused as Error,
    );
    expect(error.message).toMatch(/exited with code [1-9]/);
    for (const name of [
      'PUBLIC_API_KEY',
      'SECRET_API_KEY',
      'PAYMENT_PROVIDER',
      'SMTP_URL',
      'PUBLIC_URL',
    ]) {
      expect(error.message).toContain(`${name}:`);
    }
  });

  it(
    'starts with a complete configuration, without the demo passenger on the embedded database',
    { timeout: 120_000 },
    async () => {
      const data = await createProcessDatabase('pglite');
      cleanups.push(() => data.remove());
      const server = await spawnServer({
        env: { ...data.env, ...COMPLETE_PRODUCTION },
        timeoutMs: 120_000,
      });
      cleanups.push(() => server.stop());
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(200);
      await server.stop();

      const handle = await data.open();
      try {
        const companies = await handle.db.selectFrom('companies').select('name').execute();
        expect(companies.length).toBeGreaterThan(0);
        const demo = await handle.db
          .selectFrom('passengers')
          .select('id')
          .where('email_key', '=', DEMO_CORPORATE.email)
          .executeTakeFirst();
        expect(demo).toBeUndefined();
      } finally {
        await handle.close();
      }
    },
  );
});

describe('a data directory first started as the demo, then with NODE_ENV=production', () => {
  const ROOT = fileURLToPath(new URL('../../', import.meta.url));

  /** A sign-in on the production server; its status. */
  async function signIn(url: string, path: string, who: { email: string; password: string }) {
    const res = await fetch(`${url}${API_BASE}${path}`, {
      method: 'POST',
      headers: {
        [API_KEY_HEADERS.public]: COMPLETE_PRODUCTION.PUBLIC_API_KEY,
        [API_KEY_HEADERS.secret]: COMPLETE_PRODUCTION.SECRET_API_KEY,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: who.email, password: who.password }),
    });
    return res.status;
  }

  it(
    'refuses to start, naming the demo accounts and the command; starts once it has run',
    { timeout: 180_000 },
    async () => {
      // A copy of a directory the demo started on: the demo accounts are in it.
      const data = await createProcessDatabase('pglite', { seeded: true });
      cleanups.push(() => data.remove());
      const env = { ...data.env, ...COMPLETE_PRODUCTION };
      const error = await spawnServer({ env, timeoutMs: 120_000 }).then(
        async (server) => {
          await server.stop();
          throw new Error('the server started with the demo logins in place');
        },
        (refused: unknown) => refused as Error,
      );
      expect(error.message).toMatch(/exited with code [1-9]/);
      for (const account of [...DEMO_OPERATORS, DEMO_CORPORATE]) {
        expect(error.message).toContain(account.email);
      }
      expect(error.message).toContain(DISABLE_DEMO_LOGINS_COMMAND);

      // The documented command, as an operator runs it: npm, the same DATA_DIR.
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      const command = DISABLE_DEMO_LOGINS_COMMAND.split(' ');
      expect(command.slice(0, 2)).toEqual(['npm', 'run']);
      const ran = spawnSync(npm, command.slice(1), {
        cwd: ROOT,
        env: { ...process.env, ...data.env },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(ran.status, ran.stderr).toBe(0);
      expect(ran.stdout).toContain(DEMO_CORPORATE.email);

      const server = await spawnServer({ env, timeoutMs: 120_000 });
      cleanups.push(() => server.stop());
      const admin = DEMO_OPERATORS.find((o) => o.role === 'admin')!;
      expect(await signIn(server.url, API_PATHS.operatorLogin, admin)).toBe(401);
      expect(await signIn(server.url, API_PATHS.checkPassengerLogin, DEMO_CORPORATE)).toBe(401);
    },
  );
});
