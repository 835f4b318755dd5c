import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pino from 'pino';
import { openDatabase } from '../../src/server/db/database';
import { createJobQueue, type JobQueue } from '../../src/server/services/job-queue/job-queue';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from './helpers';

const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what: string, done: () => boolean | Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * The one job queue (issue 35) on each database, as the app uses it: pg-boss installed into
 * an empty database by the first start, jobs added in the caller's transaction.
 */
describe.each(testDatabaseKinds())('the job queue on %s', (kind) => {
  const opened: TestDatabase[] = [];
  const queues: JobQueue[] = [];
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    for (const db of opened.splice(0)) await db.dispose();
  });

  async function freshQueue(db?: TestDatabase) {
    const database = db ?? (await openTestDatabase(kind));
    if (!db) opened.push(database);
    const queue = createJobQueue({ handle: database.handle, logger });
    queues.push(queue);
    return { database, queue };
  }

  it('keeps a job added in a transaction only if that transaction commits', async () => {
    const { database, queue } = await freshQueue();
    const seen: number[] = [];
    queue.handle('sms-send', async ({ smsId }) => void seen.push(smsId), 0.5);
    await queue.start();
    const { db } = database.handle;
    await db
      .transaction()
      .execute(async (trx) => {
        await queue.add('sms-send', { smsId: 1 }, { trx });
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    await db.transaction().execute(async (trx) => {
      await queue.add('sms-send', { smsId: 2 }, { trx });
    });
    queue.nudge('sms-send');
    await waitUntil('the committed job', () => seen.includes(2));
    await sleep(1_200);
    expect(seen).toEqual([2]);
  });

  it('tries a failing job again after its retry delay', async () => {
    const { queue } = await freshQueue();
    const tries: number[] = [];
    queue.handle(
      'offer-timeout',
      async () => {
        tries.push(Date.now());
        if (tries.length < 2) throw new Error('not yet');
      },
      0.5,
    );
    await queue.start();
    await queue.add('offer-timeout', { bookingId: 1, leg: 'outward', driverId: 1 });
    await waitUntil('the second try', () => tries.length >= 2, 30_000);
    await sleep(1_000);
    // Once more after retryDelay (5 s, doubling with each further try), and not again.
    const [first = 0, second = 0] = tries;
    expect(second - first).toBeGreaterThanOrEqual(4_000);
    expect(tries).toHaveLength(2);
  }, 45_000);

  it('does not run a job before the time it was added for', async () => {
    const { queue } = await freshQueue();
    const ran: number[] = [];
    queue.handle('offer-timeout', async () => void ran.push(Date.now()), 0.5);
    await queue.start();
    const added = Date.now();
    await queue.add(
      'offer-timeout',
      { bookingId: 1, leg: 'outward', driverId: 1 },
      {
        startAfterSeconds: 2,
      },
    );
    await waitUntil('the delayed job', () => ran.length === 1);
    expect((ran[0] ?? 0) - added).toBeGreaterThanOrEqual(1_900);
  });

  it('has nothing of its own under way once stop() resolves, so the database may close', async () => {
    const { database, queue } = await freshQueue();
    const began: number[] = [];
    const ended: number[] = [];
    queue.handle(
      'sms-send',
      async ({ smsId }) => {
        began.push(smsId);
        await sleep(100);
        ended.push(smsId);
      },
      0.5,
    );
    await queue.start();
    const { db } = database.handle;
    for (let round = 0; round < 3; round += 1) {
      await queue.add('sms-send', { smsId: round });
      // Stopped just as the worker, woken, fetches the job while the database is busy: the
      // stop must wait for that job's handler and its recorded end. (This does not force the
      // rarer case of a fetch ending after pg-boss's own wait; stop() waits for that too.)
      const busy = sql`select pg_sleep(0.3)`.execute(db);
      queue.nudge('sms-send');
      await sleep(20);
      await queue.stop();
      // Whatever began has ended, and nothing begins after.
      expect(ended, `round ${round}`).toEqual(began);
      const seen = began.length;
      await busy;
      await sleep(300);
      expect(began.length, `round ${round}`).toBe(seen);
      const active = await db
        .selectFrom(sql.table('pgboss.job').as('job'))
        .select(sql<number>`count(*)`.as('count'))
        .where(sql.ref('state'), '=', 'active')
        .executeTakeFirstOrThrow();
      expect(Number(active.count), `round ${round}`).toBe(0);
      await queue.start();
    }
  });

  it('runs each job once when two queues (as two processes) work the same jobs', async () => {
    const { database, queue: first } = await freshQueue();
    // On PostgreSQL the second has a pool of its own, as another process would.
    const other =
      kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: await urlOf(database) })
        : database.handle;
    const second = createJobQueue({ handle: other, logger });
    queues.push(second);
    const handled: Array<[string, number]> = [];
    for (const [name, queue] of [
      ['first', first],
      ['second', second],
    ] as const) {
      queue.handle(
        'sms-send',
        async ({ smsId }) => {
          handled.push([name, smsId]);
          await sleep(5);
        },
        0.5,
      );
    }
    await first.start();
    await second.start();
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    await Promise.all(ids.map((smsId) => first.add('sms-send', { smsId })));
    first.nudge('sms-send');
    second.nudge('sms-send');
    await waitUntil('every job', () => handled.length >= ids.length);
    await sleep(1_000);
    await second.stop();
    if (other !== database.handle) await other.close();
    expect(handled.map(([, id]) => id).sort((a, b) => a - b)).toEqual(ids);
  });

  it('runs a repeating pass once per interval however many processes offer it', async () => {
    const { database, queue: first } = await freshQueue();
    const second = createJobQueue({ handle: database.handle, logger });
    queues.push(second);
    let runs = 0;
    for (const queue of [first, second]) {
      queue.every('retention-purge', 1_000, async () => void (runs += 1));
    }
    const started = Date.now();
    await first.start();
    await second.start();
    await waitUntil('three passes', () => runs >= 3);
    const seconds = (Date.now() - started) / 1000;
    // Two processes offer a run every second; one runs per second (or per slot it fell in).
    expect(runs).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });
});

/** The connection string of a PostgreSQL test database (its handle keeps it to itself). */
async function urlOf(database: TestDatabase): Promise<string> {
  const { rows } = await database.handle.execScript('select current_database() as name');
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${(rows[0] as { name: string }).name}`;
  return url.toString();
}
