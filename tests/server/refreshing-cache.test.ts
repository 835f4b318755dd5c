import { describe, expect, it } from 'vitest';
import { createRefreshingCache } from '../../src/server/lib/refreshing-cache';

/** A load that answers 1, 2, 3… and can be held open or made to fail. */
function counter() {
  let loads = 0;
  let failNext = false;
  let held: { resolve: () => void } | undefined;
  let holdNext = false;
  const load = async (): Promise<number> => {
    loads += 1;
    const value = loads;
    if (holdNext) {
      holdNext = false;
      await new Promise<void>((resolve) => (held = { resolve }));
    }
    if (failNext) {
      failNext = false;
      throw new Error('database down');
    }
    return value;
  };
  return {
    load,
    loads: () => loads,
    failOnce: () => (failNext = true),
    holdOnce: () => (holdNext = true),
    release: () => held?.resolve(),
  };
}

function fakeClock() {
  let now = 1_000;
  return { monotonicMs: () => now, advance: (ms: number) => (now += ms) };
}

describe('refreshing cache', () => {
  it('answers from memory for the TTL, and reads again once it has passed', async () => {
    const source = counter();
    const clock = fakeClock();
    const cache = createRefreshingCache(source.load, { ttlMs: 5_000, ...clock });
    expect(await cache.get()).toBe(1);
    clock.advance(4_999);
    expect(await cache.get()).toBe(1);
    expect(source.loads()).toBe(1);
    clock.advance(1);
    expect(await cache.get()).toBe(2);
  });

  it('shares one load between callers that ask at the same time', async () => {
    const source = counter();
    const cache = createRefreshingCache(source.load, { ttlMs: 5_000, ...fakeClock() });
    const answers = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(answers).toEqual([1, 1, 1]);
    expect(source.loads()).toBe(1);
  });

  it('reads again on the next call after invalidate()', async () => {
    const source = counter();
    const cache = createRefreshingCache(source.load, { ttlMs: 60_000, ...fakeClock() });
    expect(await cache.get()).toBe(1);
    cache.invalidate();
    expect(await cache.get()).toBe(2);
    expect(await cache.get()).toBe(2);
  });

  it('does not keep a load that began before invalidate()', async () => {
    const source = counter();
    const cache = createRefreshingCache(source.load, { ttlMs: 60_000, ...fakeClock() });
    source.holdOnce();
    const before = cache.get();
    // The rows change and the writer invalidates while that read is still running.
    cache.invalidate();
    const after = cache.get();
    source.release();
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await cache.get()).toBe(2);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const source = counter();
    const cache = createRefreshingCache(source.load, { ttlMs: 5_000, ...fakeClock() });
    source.failOnce();
    await expect(cache.get()).rejects.toThrow('database down');
    expect(await cache.get()).toBe(2);
  });

  it('starts the next load before expiry and keeps answering meanwhile', async () => {
    const source = counter();
    const clock = fakeClock();
    const cache = createRefreshingCache(source.load, {
      ttlMs: 5_000,
      refreshAheadMs: 1_000,
      ...clock,
    });
    expect(await cache.get()).toBe(1);
    clock.advance(3_999);
    expect(await cache.get()).toBe(1);
    expect(source.loads()).toBe(1);

    clock.advance(1);
    source.holdOnce();
    // In the last second: the old value at once, and one load in the background.
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    expect(source.loads()).toBe(2);
    source.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get()).toBe(2);
    // The new value's TTL runs from the start of its load.
    clock.advance(4_999);
    expect(await cache.get()).toBe(2);
  });

  it('never answers past the TTL, even when the early load failed', async () => {
    const source = counter();
    const clock = fakeClock();
    const cache = createRefreshingCache(source.load, {
      ttlMs: 5_000,
      refreshAheadMs: 1_000,
      ...clock,
    });
    expect(await cache.get()).toBe(1);
    clock.advance(4_500);
    source.failOnce();
    expect(await cache.get()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    // Only one early attempt per value: the failure is not retried on every call.
    expect(await cache.get()).toBe(1);
    expect(source.loads()).toBe(2);
    clock.advance(500);
    expect(await cache.get()).toBe(3);
  });
});
