import type { FastifyBaseLogger } from 'fastify';

/** A background pass run on a timer: the retention purge, the offer sweep. */
export interface PeriodicPass<T> {
  /** Runs a pass every interval, the first one interval after start (no-op when 0). */
  start(): void;
  /** Stops the schedule and waits for a pass in progress to end. */
  stop(): Promise<void>;
  /** One pass now, after any pass in progress: for tests and tools, whatever the schedule does. */
  runOnce(): Promise<T>;
}

/**
 * Runs `pass` every `intervalMs` on an unref'd timer, one pass at a time (a scheduled pass and
 * runOnce never overlap), each next pass timed from the end of the last, so a slow pass never
 * piles up behind itself. A failed pass is logged and the schedule goes on.
 */
export function periodicPass<T>(
  pass: () => Promise<T>,
  options: { intervalMs: number; logger: FastifyBaseLogger; failure: string },
): PeriodicPass<T> {
  const { intervalMs, logger, failure } = options;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();

  function serialised(): Promise<T> {
    const next = current.then(pass, pass);
    current = next.catch(() => undefined);
    return next;
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      void serialised()
        .catch((error: unknown) => logger.error({ err: error }, failure))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (running || intervalMs === 0) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      await current;
    },
    runOnce: serialised,
  };
}
