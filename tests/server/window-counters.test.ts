import { describe, expect, it } from 'vitest';
import { BoundedMemoryCounter } from '../../src/server/lib/window-counters';

describe('the bounded in-memory counter', () => {
  it('refuses past the limit until the window ends', async () => {
    let now = 0;
    const counter = new BoundedMemoryCounter({ limit: 2, windowMs: 1_000, now: () => now });
    expect((await counter.hit('a')).allowed).toBe(true);
    expect((await counter.hit('a')).allowed).toBe(true);
    const third = await counter.hit('a');
    expect(third).toEqual({ allowed: false, msBeforeReset: 1_000 });
    now = 400;
    expect((await counter.hit('a')).msBeforeReset).toBe(600);
    now = 1_000;
    expect((await counter.hit('a')).allowed).toBe(true);
  });

  it('gives an event back within its window', async () => {
    const counter = new BoundedMemoryCounter({ limit: 1, windowMs: 1_000, now: () => 0 });
    await counter.hit('a');
    await counter.unhit('a');
    expect((await counter.hit('a')).allowed).toBe(true);
  });

  it('keeps the busiest keys when a flood of new keys fills it', async () => {
    const capacity = 100;
    const counter = new BoundedMemoryCounter({
      limit: 3,
      windowMs: 60_000,
      capacity,
      now: () => 0,
    });
    for (let i = 0; i < 4; i += 1) await counter.hit('victim');
    for (let i = 0; i < capacity * 50; i += 1) await counter.hit(`flood-${i}`);
    expect(counter.size).toBeLessThanOrEqual(capacity);
    expect((await counter.hit('victim')).allowed).toBe(false);
  });

  it('drops ended windows before anything else', async () => {
    let now = 0;
    const capacity = 8;
    const counter = new BoundedMemoryCounter({
      limit: 1,
      windowMs: 1_000,
      capacity,
      now: () => now,
    });
    for (let i = 0; i < capacity; i += 1) await counter.hit(`old-${i}`);
    now = 2_000;
    await counter.hit('busy');
    await counter.hit('busy');
    for (let i = 0; i < capacity; i += 1) await counter.hit(`new-${i}`);
    expect((await counter.hit('busy')).allowed).toBe(false);
  });
});
