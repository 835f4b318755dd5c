/**
 * One value read from the database (settings, pricing tables) kept in memory, so a busy
 * endpoint does not read the same rows on every request.
 *
 * Staleness bound: a value is served for at most `ttlMs` after its load *started* (the rows it
 * holds were read after that moment), so a change in the database is seen by every request
 * that starts `ttlMs` after the change at the latest, or at once after `invalidate()`.
 * Under steady traffic the next load begins `refreshAheadMs` before the value expires, in the
 * background, so requests do not queue behind a reload; if that load fails the value still
 * expires on time and the next request loads again (and hears of the failure).
 */
export interface RefreshingCache<T> {
  /** The value, from memory when it is younger than the TTL; one shared load otherwise. */
  get(): Promise<T>;
  /**
   * Forgets the value, so the next `get()` reads the database. A load already running when
   * this is called is not kept: it may have read the rows from before the change.
   */
  invalidate(): void;
}

export interface RefreshingCacheOptions {
  /** The longest a loaded value is served, from the start of its load. */
  ttlMs: number;
  /** How long before expiry a request starts the next load in the background; 0 never. */
  refreshAheadMs?: number;
  /** A monotonic clock in ms; the wall clock can jump (and is fixed in tests). */
  monotonicMs?: () => number;
}

export function createRefreshingCache<T>(
  load: () => Promise<T>,
  options: RefreshingCacheOptions,
): RefreshingCache<T> {
  const { ttlMs } = options;
  const refreshAheadMs = Math.min(options.refreshAheadMs ?? 0, ttlMs);
  const monotonicMs = options.monotonicMs ?? (() => performance.now());

  /** The loaded value and when its load started; `refreshing` once a background load began. */
  let current: { startedAt: number; value: T; promise: Promise<T>; refreshing: boolean } | null =
    null;
  /** The load in flight, shared by every caller that needs it. */
  let pending: Promise<T> | null = null;
  /** Bumped by invalidate(): a load from an older generation is not kept. */
  let generation = 0;

  function startLoad(now: number): Promise<T> {
    const loadGeneration = generation;
    const loading = load();
    pending = loading;
    loading.then(
      (value) => {
        if (pending === loading) pending = null;
        if (loadGeneration !== generation) return;
        // A slower load that started earlier must not replace a newer value.
        if (current && current.startedAt > now) return;
        current = { startedAt: now, value, promise: loading, refreshing: false };
      },
      () => {
        // Not remembered: the next request tries again.
        if (pending === loading) pending = null;
      },
    );
    return loading;
  }

  return {
    get(): Promise<T> {
      const now = monotonicMs();
      if (current && now - current.startedAt < ttlMs) {
        if (
          refreshAheadMs > 0 &&
          !current.refreshing &&
          pending === null &&
          now - current.startedAt >= ttlMs - refreshAheadMs
        ) {
          current.refreshing = true;
          // The failure is met again, and reported, by the first request after expiry.
          startLoad(now).catch(() => undefined);
        }
        return current.promise;
      }
      return pending ?? startLoad(now);
    },

    invalidate(): void {
      generation += 1;
      current = null;
      pending = null;
    },
  };
}
