import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../../src/contract/health';
import { buildApp } from '../../src/server/app';
import { openTestDatabase, testConfig, testDatabaseKinds } from './helpers';

/**
 * GET /health for load balancers (issue 17, item 12): no API key, never cached, 200 while the
 * database answers, 503 once it does not; the mail backlog and the version beside.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const packageVersion = async () =>
  (
    JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;

/** An app on a seeded database the test may close under it; the database is dropped after. */
async function appOnClosableDatabase(kind: 'pglite' | 'postgres') {
  const db = await openTestDatabase(kind, { seeded: true });
  cleanups.push(() => db.dispose());
  const app = await buildApp({
    config: testConfig({ MAIL_POLL_INTERVAL_MS: '0' }),
    db: db.handle,
  });
  cleanups.push(() => app.close());
  await app.ready();
  return {
    app,
    db: db.handle,
    async closeDatabase() {
      await db.handle.close();
    },
  };
}

describe.each(testDatabaseKinds())('GET /health on %s', (kind) => {
  it('answers 200 without API keys: database, mail backlog and version, not cached', async () => {
    const { app, db } = await appOnClosableDatabase(kind);
    const before = await app.inject({ method: 'GET', url: '/health' });
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    const body = healthResponseSchema.parse(before.json());
    expect(body).toEqual({
      status: 'ok',
      database: 'ok',
      mail_backlog: body.mail_backlog,
      version: await packageVersion(),
    });

    // Two messages waiting (nothing sends them: the poll is off) and one sent.
    const mail = { kind: 'health-test', subject: 'Health', text_body: 'x', html_body: 'x' };
    await db.db
      .insertInto('outbox')
      .values([
        { ...mail, recipient: 'a@example.com' },
        { ...mail, recipient: 'b@example.com' },
        { ...mail, recipient: 'c@example.com', status: 'sent', sent_at: new Date() },
      ])
      .execute();
    const after = healthResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/health' })).json(),
    );
    expect(after.mail_backlog).toBe((body.mail_backlog ?? 0) + 2);
  });

  it('answers 503 once the database cannot be reached', async () => {
    const { app, closeDatabase } = await appOnClosableDatabase(kind);
    await closeDatabase();
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(healthResponseSchema.parse(res.json())).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      mail_backlog: null,
      version: await packageVersion(),
    });
  });
});
