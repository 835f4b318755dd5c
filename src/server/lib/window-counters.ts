import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** A counter's answer after counting one more event. */
export interface CountResult {
  /** False once the key's window holds more events than the limit. */
  allowed: boolean;
  /** Until the key's window ends and its count starts again. */
  msBeforeReset: number;
}

/** Counts events per key in fixed windows (from a key's first event), against one limit. */
export interface WindowCounter {
  /** Counts one event for `key`. */
  hit(key: string): Promise<CountResult>;
  /** Takes one event of `key`'s current window back. */
  unhit(key: string): Promise<void>;
}

export interface WindowCounterLimit {
  limit: number;
  windowMs: number;
}

/**
 * Keys one in-memory counter holds at most. Each key costs about 200 bytes, so a flood of new
 * keys costs a few megabytes, not the process; a person's counter is one key.
 */
export const MEMORY_COUNTER_CAPACITY = 20_000;

/**
 * A counter in this process's memory (no REDIS_URL) that cannot be flushed: when full it drops
 * ended windows first, then the quietest keys, the newest first among equals. An attacker's
 * flood of fresh keys (one event each) therefore pushes out only its own keys, never the busy
 * counter of a victim's email. (An LRU, as @fastify/rate-limit's store, forgets the victim
 * after 5,000 other keys.)
 */
export class BoundedMemoryCounter implements WindowCounter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  private readonly capacity: number;

  constructor(
    private readonly options: WindowCounterLimit & { capacity?: number; now?: () => number },
  ) {
    this.capacity = Math.max(4, options.capacity ?? MEMORY_COUNTER_CAPACITY);
  }

  /** Keys held now; for tests. */
  get size(): number {
    return this.entries.size;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  hit(key: string): Promise<CountResult> {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      if (!entry) this.makeRoom(now);
      entry = { count: 0, resetAt: now + this.options.windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return Promise.resolve({
      allowed: entry.count <= this.options.limit,
      msBeforeReset: entry.resetAt - now,
    });
  }

  unhit(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > this.now() && entry.count > 0) entry.count -= 1;
    return Promise.resolve();
  }

  /**
   * Called before a new key goes in. Frees a quarter of the capacity at once, so the sort runs
   * once per many new keys rather than on each.
   */
  private makeRoom(now: number): void {
    if (this.entries.size < this.capacity) return;
    for (const [key, entry] of this.entries) {
      if (entry.resetAt <= now) this.entries.delete(key);
    }
    const keep = Math.floor((this.capacity * 3) / 4);
    if (this.entries.size <= keep) return;
    const quietestFirst = [...this.entries].sort(
      ([, a], [, b]) => a.count - b.count || b.resetAt - a.resetAt,
    );
    for (const [key] of quietestFirst.slice(0, this.entries.size - keep)) {
      this.entries.delete(key);
    }
  }
}

/**
 * A counter in Redis (REDIS_URL), shared by every API process; Redis expires each key with its
 * window, so nothing is pushed out. If Redis cannot answer, the event goes through uncounted
 * (reported to `onError`): an outage must not lock every passenger out.
 */
export function redisCounter(
  redis: Redis,
  options: WindowCounterLimit & { keyPrefix: string; onError: (error: unknown) => void },
): WindowCounter {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: options.keyPrefix,
    points: options.limit,
    duration: Math.ceil(options.windowMs / 1000),
  });
  return {
    async hit(key) {
      try {
        const result = await limiter.consume(key);
        return { allowed: true, msBeforeReset: result.msBeforeNext };
      } catch (error) {
        // consume rejects with the counter's state when over the limit, with an Error otherwise.
        if (error instanceof RateLimiterRes) {
          return { allowed: false, msBeforeReset: error.msBeforeNext };
        }
        options.onError(error);
        return { allowed: true, msBeforeReset: 0 };
      }
    },
    async unhit(key) {
      await limiter.reward(key).catch(options.onError);
    },
  };
}
