import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * The embedded database is one process's: a second server on the same files answers requests,
 * then one of them overwrites what the other wrote, and acknowledged bookings vanish. A lock
 * next to the data directory keeps a second server out.
 */

/**
 * A lock whose holder stopped refreshing it this long ago is a crashed server's (kill -9); a
 * restart after a crash waits this long. proper-lockfile's default: a holder whose event loop
 * stalls this long (a long synchronous query on a loaded machine) loses it, so it is kept well
 * above any stall seen. DATA_DIR_LOCK_STALE_MS overrides it (tests that kill servers often).
 */
export const DEFAULT_LOCK_STALE_MS = 10_000;
/**
 * How often the holder refreshes it, at most; a quarter of a shorter staleness, so a holder
 * still rides out a stall of three quarters of it (proper-lockfile refreshes at most every 1 s).
 */
const REFRESH_MS = 2_000;

/**
 * How long a start waits for a held lock: 12 steps of a tenth of the staleness (1 s at the
 * default), a little longer than the staleness, so a server restarted at once after a crash
 * takes over its predecessor's lock rather than refusing.
 */
const WAIT_TRIES = 12;

/** A problem with DATA_DIR found at start; its message is for the operator, as is. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

export interface DataDirLockOptions {
  /** Hears of a lock lost while running (its directory removed, or taken by another start). */
  onLost(error: Error): void;
  /** See DEFAULT_LOCK_STALE_MS. */
  staleMs?: number;
}

/** Why a write failed, in words, from an errno code. */
function writeProblem(code: string | undefined): string {
  switch (code) {
    case 'EROFS':
      return 'is on a read-only file system';
    case 'EACCES':
    case 'EPERM':
      return 'is not writable by this process';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'cannot be created: part of its path is a file, not a directory';
    case 'ENOSPC':
      return 'is on a full disk';
    default:
      return `cannot be written (${code ?? 'unknown error'})`;
  }
}

function unwritable(dir: string, error: unknown): DataDirError {
  const code = (error as NodeJS.ErrnoException).code;
  return new DataDirError(
    `DATA_DIR: the embedded database's directory ${dir} ${writeProblem(code)}. ` +
      'Set DATA_DIR to a directory this process can write, or DATABASE_URL to use PostgreSQL.',
  );
}

/**
 * Creates `dir` if needed, checks this process can write it, and locks it for this process.
 * Resolves with the release; rejects with a DataDirError naming the directory when it cannot
 * be written or another live server holds it.
 */
export async function lockDataDir(
  dir: string,
  options: DataDirLockOptions,
): Promise<() => Promise<void>> {
  try {
    await mkdir(dir, { recursive: true });
    // A read-only file system fails here, and so does a directory this user may not write.
    await access(dir, constants.W_OK);
    // Root passes that check on any directory, but PGlite's file layer checks the mode bits
    // itself and fails on one nobody may write, as "PGlite failed to initialize properly".
    if (((await stat(dir)).mode & 0o222) === 0) {
      throw Object.assign(new Error('no write permission bits'), { code: 'EACCES' });
    }
  } catch (error) {
    throw unwritable(dir, error);
  }
  const lockPath = `${dir}.lock`;
  const staleMs = options.staleMs ?? DEFAULT_LOCK_STALE_MS;
  const waitStepMs = staleMs / 10;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, {
      lockfilePath: lockPath,
      stale: staleMs,
      update: Math.min(REFRESH_MS, staleMs / 4),
      retries: {
        retries: WAIT_TRIES,
        factor: 1,
        minTimeout: waitStepMs,
        maxTimeout: waitStepMs,
      },
      onCompromised: options.onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirError(
        `DATA_DIR: ${path.dirname(dir)} is in use by another server process (lock ${lockPath}). ` +
          'The embedded database serves one process: stop the other server, give this one its ' +
          'own DATA_DIR, or set DATABASE_URL so several processes share one PostgreSQL database.',
      );
    }
    // The lock is the first write beside the directory: a read-only parent fails here.
    throw unwritable(dir, error);
  }
  // A lock already let go (closed twice, or lost while running) needs no second release.
  return () =>
    release().catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ERELEASED') throw error;
    });
}
