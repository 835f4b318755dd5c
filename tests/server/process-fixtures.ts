import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { openDatabase, pgliteDataDir } from '../../src/server/db/database';
import type { DatabaseHandle } from '../../src/server/db/database';
import { quotedBooking, weekAheadForm } from '../support/priced-journey';
import { createScratchDatabase } from '../support/scratch-postgres';
import { seededTemplates } from '../support/seeded-templates-ready';
import { DEMO_HEADERS } from '../support/server-process';

/**
 * For tests that run the real server process (spawnServer) and kill it: where its data lives,
 * how the test opens that data itself once the process is gone, and bodies to book with.
 */

/** Where a server process keeps its data: a PGlite directory, or a PostgreSQL database. */
export interface ProcessDatabase {
  kind: 'pglite' | 'postgres';
  /** The server's environment for this database (DATA_DIR, and DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  /**
   * Opens the data from the test. On PGlite only while no server runs on it: PGlite is one
   * process's database.
   */
  open(): Promise<DatabaseHandle>;
  /** Removes the directory (and the PostgreSQL database). */
  remove(): Promise<void>;
}

/**
 * For tests that kill the server often: a crashed server's lock on DATA_DIR is taken over after
 * 4 s instead of the default 10 s, by the next server and by the test's own open(). Still well
 * above the event-loop stalls of a loaded machine, which would cost a running server its lock.
 */
export const QUICK_LOCK_TAKEOVER_MS = 4_000;

/**
 * A new data directory, plus on PostgreSQL a new database on the TEST_DATABASE_URL server (the
 * server process takes only DATABASE_URL, so a schema of its own is not enough). Nothing in it
 * until a server starts: the server migrates and seeds it as in production. With `seeded`, a
 * PGlite directory starts as a copy of this run's migrated, seeded one
 * (tests/support/seeded-templates.ts), as a restarted server finds its own: creating one takes
 * seconds, and the tests asking for it are not about the first start. `lockStaleMs` sets
 * DATA_DIR_LOCK_STALE_MS for the servers and open().
 */
export async function createProcessDatabase(
  kind: 'pglite' | 'postgres',
  options: { seeded?: boolean; lockStaleMs?: number } = {},
): Promise<ProcessDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ridebook-process-'));
  const lockEnv: Record<string, string> =
    options.lockStaleMs === undefined
      ? {}
      : { DATA_DIR_LOCK_STALE_MS: String(options.lockStaleMs) };
  if (kind === 'pglite') {
    if (options.seeded) {
      const template = await seededTemplates();
      await cp(template.pgliteDataDir, pgliteDataDir(dataDir), { recursive: true });
    }
    return {
      kind,
      env: { DATA_DIR: dataDir, ...lockEnv },
      open: () =>
        openDatabase({
          kind: 'pglite',
          dataDir: pgliteDataDir(dataDir),
          lockStaleMs: options.lockStaleMs,
        }),
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const database = await createScratchDatabase(admin, 'ridebook_proc');
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url, ...lockEnv },
    open: () => openDatabase({ kind: 'postgres', url: database.url }),
    async remove() {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small seeded generator (mulberry32): the same seed gives the same kill schedule. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Prices one journey through the API and returns a maker of guest pay-in-car booking bodies for
 * it; each passenger `email` makes a distinct booking the test can find in the database.
 */
export async function guestBookingBodies(
  base: string,
): Promise<(email: string) => Record<string, unknown>> {
  const quoted = await quotedBooking(
    base,
    weekAheadForm('Heathrow Airport Terminal 5', 'Gatwick Airport South Terminal', '2'),
  );
  return (email) => ({
    ...quoted,
    registrationData: {
      firstName: 'Crash',
      surname: 'Test',
      email,
      number: '+44 7700 900123',
    },
    payment_method: 'car',
    selected_passenger: 'guest_login',
  });
}

/** What a POST /booking came back with: a booking number, another status, or no answer. */
export type BookingAttempt =
  | { kind: 'booked'; bookingNumber: string }
  | { kind: 'status'; status: number; body: string }
  | { kind: 'network'; error: string };

/**
 * One POST /booking with an Idempotency-Key; a lost connection is an answer, not a throw.
 * `giveUpAfterMs` makes the client stop waiting that soon, as a phone losing signal does:
 * the server may still book it, and the answer is lost.
 */
export async function postBooking(
  base: string,
  body: unknown,
  key: string,
  giveUpAfterMs = 20_000,
): Promise<BookingAttempt> {
  try {
    const response = await fetch(`${base}${API_BASE}${API_PATHS.booking}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, ...DEMO_HEADERS },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(giveUpAfterMs),
    });
    // The body is part of the answer: cut off mid-body, the client never saw the booking.
    const text = await response.text();
    if (response.status !== 200) return { kind: 'status', status: response.status, body: text };
    const parsed = JSON.parse(text) as { data?: { booking?: { booking_number?: string } } };
    const bookingNumber = parsed.data?.booking?.booking_number;
    if (!bookingNumber) return { kind: 'status', status: response.status, body: text };
    return { kind: 'booked', bookingNumber };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      kind: 'network',
      error: cause?.code ?? cause?.message ?? (error as Error).name ?? String(error),
    };
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, polling; throws with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
