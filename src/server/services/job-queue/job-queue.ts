import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/schema';
import type { DatabaseHandle } from '../../db/database';
import { JOB_KINDS, type JobData, type JobName } from './job-kinds';

/** Where pg-boss keeps its tables, beside the app's (one database per test, so one name). */
const QUEUE_SCHEMA = 'pgboss';

type Executor = Kysely<Database> | Transaction<Database>;

/** pg-boss's `db` over a Kysely executor: its queries share the app's pool and transactions. */
function sqlThrough(executor: Executor, handle?: DatabaseHandle) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      // pg-boss sends its install and upgrade scripts, several statements, without values.
      if (values === undefined && handle) return handle.execScript(text);
      const result = await executor.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows };
    },
  };
}

/**
 * Counts what is under way in the queue's own name: its queries and the handlers it runs.
 * pg-boss's graceful stop waits for jobs it has fetched, not for a fetch still in flight, and
 * records a job's end without awaiting it; stop() waits for this to be idle, so nothing of the
 * queue touches the database after the app has closed it.
 */
function workInFlight() {
  let count = 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    async track<T>(work: () => Promise<T>): Promise<T> {
      count += 1;
      try {
        return await work();
      } finally {
        count -= 1;
      }
    },
    /** Resolves once nothing has been under way for two looks in a row (at most `limitMs`). */
    async idle(limitMs: number): Promise<void> {
      const until = Date.now() + limitMs;
      let quiet = 0;
      while (quiet < 2 && Date.now() < until) {
        quiet = count === 0 ? quiet + 1 : 0;
        await sleep(25);
      }
    },
  };
}

export type JobHandler<N extends JobName> = (data: JobData<N>) => Promise<void>;

export interface AddOptions {
  /** The change's transaction: the job exists only if it commits. */
  trx?: Executor;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

/**
 * The one job queue (issue 35): pg-boss in the app's own database, PGlite or PostgreSQL. A job
 * is added in the transaction of the change that causes it, is fetched by one worker in one
 * process (SKIP LOCKED), is retried with backoff when its handler throws, and may wait until a
 * given time. Handlers are registered before start; a queue without a handler in this process
 * keeps its jobs for a process that has one.
 */
export interface JobQueue {
  handle<N extends JobName>(name: N, handler: JobHandler<N>, pollSeconds?: number): void;
  /** Runs `pass` once every `intervalMs` (whole seconds) across all processes. */
  every(name: JobName, intervalMs: number, pass: () => Promise<unknown>): void;
  add<N extends JobName>(name: N, data: JobData<N>, options?: AddOptions): Promise<string | null>;
  /** Wakes this process's worker for `name` now, e.g. after the commit that added its job. */
  nudge(name: JobName): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createJobQueue(options: {
  handle: DatabaseHandle;
  logger: FastifyBaseLogger;
}): JobQueue {
  const { logger } = options;
  const inFlight = workInFlight();
  const ownSql = sqlThrough(options.handle.db, options.handle);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => inFlight.track(() => ownSql.executeSql(text, values)) },
    schema: QUEUE_SCHEMA,
    // Cron's whole minutes are too coarse for the sweeps: `every` throttles by the second.
    schedule: false,
    supervise: true,
  });
  boss.on('error', (error) => failed(error));
  const starters: Array<() => Promise<unknown>> = [];
  const timers: NodeJS.Timeout[] = [];
  const failed = (error: unknown) => logger.error({ err: error }, 'job queue error');
  const workerIds = new Map<JobName, string>();
  let started = false;

  const add: JobQueue['add'] = (name, data, addOptions = {}) =>
    boss.send(name, data as object, {
      startAfter: addOptions.startAfterSeconds,
      db: addOptions.trx ? sqlThrough(addOptions.trx) : undefined,
    });

  function onJob<N extends JobName>(name: N, handler: JobHandler<N>, pollSeconds = 5) {
    starters.push(async () => {
      const id = await boss.work<JobData<N>>(
        name,
        { pollingIntervalSeconds: Math.max(0.5, pollSeconds) },
        // One job per fetch, so a failure retries only its own job; pg-boss waits the poll
        // interval after each fetch, so a worker that found one is woken to look again.
        async (jobs) => {
          for (const job of jobs) await inFlight.track(() => handler(job.data));
          if (jobs.length > 0) wake(name);
        },
      );
      workerIds.set(name, id);
    });
  }

  function every(name: JobName, intervalMs: number, pass: () => Promise<unknown>) {
    if (intervalMs <= 0) return;
    const seconds = Math.max(1, Math.round(intervalMs / 1000));
    // The process whose offer won wakes its own worker (below), so the worker's poll is only
    // for a run whose process died before it: every poll is a query, and PGlite's cost CPU.
    onJob(name, () => pass().then(() => undefined), Math.max(seconds, 60));
    // Every process offers a run each interval; pg-boss's throttle (one job per time slot of
    // `seconds`) keeps all but one offer out, so the pass runs once per interval in all.
    const offer = async () => {
      const id = await boss.send(name, {}, { singletonSeconds: seconds });
      if (id) wake(name);
    };
    starters.push(async () => {
      timers.push(setInterval(() => void offer().catch(failed), seconds * 1000).unref());
    });
  }

  function wake(name: JobName) {
    const id = workerIds.get(name);
    if (id) boss.notifyWorker(id);
  }

  return {
    handle: onJob,
    every,
    add,
    nudge: wake,
    async start() {
      await boss.start();
      for (const [name, kind] of Object.entries(JOB_KINDS))
        await boss.createQueue(name, { name, ...kind });
      for (const start of starters) await start();
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      for (const timer of timers.splice(0)) clearInterval(timer);
      // Waits for handlers under way; what is left stays queued for the next start.
      await boss.stop({ graceful: true, wait: true, close: false });
      await inFlight.idle(30_000);
    },
  };
}
