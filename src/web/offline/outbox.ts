import type * as z from 'zod/mini';
import { API_PATHS } from '../../contract/paths';
import { submissionResponseSchema } from '../../contract/submissions';
import { ApiError, apiRequest } from '../lib/api-client';
import { db, guardQuota, type OutboxKind, type OutboxRecord, type RideBookDb } from './db';
import { OUTBOX_SYNC_TAG } from './outbox-sync-tag';

/**
 * The offline outbox: a Quote Now or Contact Us submission that cannot reach the server now is
 * kept in IndexedDB with its Idempotency-Key and replayed later, by the page (at start, on
 * 'online', on a timer) and by the service worker (Background Sync, sw/sw.ts). The server
 * answers a repeated key with its first answer and stores nothing new, so a replay is always
 * safe; this module only has to make sure an item leaves the outbox after a 2xx, and never
 * sooner. A refusal that will never change (any 4xx but 429) keeps the item, marked `refusedAt`
 * with the server's reason, so the visitor learns of it even when the worker replayed with no
 * page open or the page has reloaded since; it is never sent again, and goes when dismissed.
 *
 * This module is also bundled into the service worker: nothing at its top level may touch
 * `window` or the DOM.
 */

const PATHS: Record<OutboxKind, string> = {
  'quote-now': API_PATHS.sendInstantEmail,
  'contact-us': API_PATHS.contactUs,
};

/** How often waiting items are retried while a page is open. */
export const REPLAY_INTERVAL_MS = 60_000;
/** Web Locks name: one replay at a time across tabs and the service worker. */
export const OUTBOX_LOCK_NAME = 'ridebook-outbox-replay';

/**
 * Sent, or saved to go later under `idempotencyKey` (its outbox row's key: the page follows
 * that row to tell the visitor when it has gone).
 */
export type SubmitResult = { status: 'sent' } | { status: 'queued'; idempotencyKey: string };

/** Network errors, 5xx and 429 may succeed later. */
export function isRetryable(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500)
  );
}

/** Any other 4xx is the server's final word on this body: sending it again cannot help. */
function isRefused(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && !isRetryable(error)
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Not refused: still to be sent. */
function isWaiting(item: OutboxRecord): boolean {
  return item.refusedAt === undefined;
}

/** Everything in the outbox, waiting and refused, oldest first. */
export function outboxItems(database: RideBookDb = db): Promise<OutboxRecord[]> {
  return database.outbox.orderBy('createdAt').toArray();
}

/** The items waiting to be sent, oldest first. */
export function pendingSubmissions(database: RideBookDb = db): Promise<OutboxRecord[]> {
  return database.outbox.orderBy('createdAt').filter(isWaiting).toArray();
}

function countWaiting(database: RideBookDb): Promise<number> {
  return database.outbox.filter(isWaiting).count();
}

/** The visitor has read why these were refused: they leave the outbox. */
export async function dismissRefusedSubmissions(
  ids: readonly number[],
  database: RideBookDb = db,
): Promise<void> {
  // Only refused ones: an id must never take a waiting item with it.
  await database.outbox
    .where('id')
    .anyOf([...ids])
    .filter((item) => !isWaiting(item))
    .delete();
}

async function send(kind: OutboxKind, body: unknown, idempotencyKey: string): Promise<void> {
  try {
    await apiRequest(PATHS[kind], {
      method: 'POST',
      body,
      idempotencyKey,
      schema: submissionResponseSchema as z.core.$ZodType<unknown>,
    });
  } catch (error) {
    // A 2xx whose body did not read as expected was still accepted: the server has it.
    if (error instanceof ApiError && error.status >= 200 && error.status < 300) return;
    throw error;
  }
}

/** Asks the browser to wake the service worker when the connection returns, where it can. */
async function registerBackgroundSync(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) return;
    const registration = (await navigator.serviceWorker.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch (error) {
    // No Background Sync (Firefox, Safari) or not allowed: 'online' and the timer still replay.
    console.warn('Background Sync is not available; the outbox replays from the page', error);
  }
}

async function enqueue(
  kind: OutboxKind,
  body: unknown,
  idempotencyKey: string,
  lastError: string | null,
  database: RideBookDb,
): Promise<void> {
  await guardQuota(() =>
    database.outbox.add({
      kind,
      idempotencyKey,
      body,
      createdAt: Date.now(),
      attempts: lastError === null ? 0 : 1,
      lastError,
    }),
  );
  // A browser that had nothing stored at start has no replay triggers yet.
  startOutbox(database, { replayNow: false });
  void registerBackgroundSync();
}

/**
 * Sends a submission under a new Idempotency-Key, or keeps it for later when offline or when
 * the failure may pass (network, 5xx, 429). Resolves sent or queued (with the key); rejects with the
 * ApiError of a refusal (any other 4xx), which the page shows and nobody retries, or with a
 * StorageQuotaError when it had to be kept and the device is full.
 */
export async function submitOrQueue(
  kind: OutboxKind,
  body: unknown,
  database: RideBookDb = db,
): Promise<SubmitResult> {
  // One key per press of the button: every later replay of this submission sends the same one.
  const idempotencyKey = crypto.randomUUID();
  if (!navigator.onLine) {
    await enqueue(kind, body, idempotencyKey, null, database);
    return { status: 'queued', idempotencyKey };
  }
  try {
    await send(kind, body, idempotencyKey);
    return { status: 'sent' };
  } catch (error) {
    if (!isRetryable(error)) throw error;
    await enqueue(kind, body, idempotencyKey, errorText(error), database);
    return { status: 'queued', idempotencyKey };
  }
}

/**
 * Sends each waiting item once, oldest first. Removes an item only after the server's 2xx; a
 * refusal marks it refused with the server's reason, kept for the visitor to read and never
 * sent again. Anything else (network, 5xx, 429, the unexpected) leaves the item waiting with
 * its error for the next try.
 */
async function replayItems(database: RideBookDb): Promise<void> {
  for (const item of await pendingSubmissions(database)) {
    let delivered = false;
    let failure: unknown;
    try {
      await send(item.kind, item.body, item.idempotencyKey);
      delivered = true;
    } catch (error) {
      failure = error;
    }
    if (delivered) {
      await database.outbox.delete(item.id);
    } else if (isRefused(failure)) {
      await database.outbox.update(item.id, {
        attempts: item.attempts + 1,
        lastError: errorText(failure),
        refusedAt: Date.now(),
      });
    } else {
      await database.outbox.update(item.id, {
        attempts: item.attempts + 1,
        lastError: errorText(failure),
      });
      // Unreachable, or asked to slow down: the rest would fare the same until the next try.
      if (failure instanceof ApiError && (failure.status === 0 || failure.status === 429)) break;
    }
  }
}

/**
 * Runs `work` while holding the outbox lock, or returns `busy` at once when another tab or
 * the service worker holds it (that one is sending the same items). Without Web Locks, the
 * server's idempotency still makes a second sender harmless.
 */
async function withReplayLock<T>(work: () => Promise<T>, busy: T): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(OUTBOX_LOCK_NAME, { ifAvailable: true }, (lock) =>
    lock ? work() : busy,
  ) as Promise<T>;
}

let running: Promise<void> | undefined;

/**
 * Sends every waiting item once from this page. While a replay runs here, another call joins
 * it instead of starting a second one, so no item is ever in flight twice from one page; an
 * item saved meanwhile waits for the next trigger.
 */
export function replayOutbox(database: RideBookDb = db): Promise<void> {
  running ??= withReplayLock(() => replayItems(database), undefined)
    .catch((error: unknown) => console.error('Could not replay the outbox', error))
    .finally(() => {
      running = undefined;
    });
  return running;
}

/**
 * The service worker's Background Sync: sends what waits even with no page open. A refusal is
 * written to the outbox, where an open page's live query shows it at once and a later page
 * finds it. Rejects while items are still waiting, so the browser tries again later with its
 * own back-off.
 */
export async function replayFromServiceWorker(database: RideBookDb = db): Promise<void> {
  const replayed = await withReplayLock(() => replayItems(database).then(() => true), false);
  // A page is replaying right now. Should it fail, the items need this sync again later.
  if (!replayed) throw new Error('The outbox is being sent from a page; trying later');
  const waiting = await countWaiting(database);
  if (waiting > 0) throw new Error(`${waiting} submission(s) still waiting for the server`);
}

let stopOutbox: (() => void) | undefined;

/**
 * Starts the page's replay triggers: now (unless `replayNow` is false), on the 'online' event
 * and every REPLAY_INTERVAL_MS while items wait.
 * Starting again while started only replays now. Returns the function that stops it all.
 */
export function startOutbox(
  database: RideBookDb = db,
  { replayNow = true }: { replayNow?: boolean } = {},
): () => void {
  const replay = () => {
    if (navigator.onLine) void replayOutbox(database);
  };
  if (stopOutbox) {
    if (replayNow) replay();
    return stopOutbox;
  }
  const timer = window.setInterval(() => {
    if (!navigator.onLine) return;
    void countWaiting(database).then((waiting) => {
      if (waiting > 0) replay();
    });
  }, REPLAY_INTERVAL_MS);
  window.addEventListener('online', replay);
  if (replayNow) replay();
  const stop = () => {
    window.clearInterval(timer);
    window.removeEventListener('online', replay);
    stopOutbox = undefined;
  };
  stopOutbox = stop;
  return stop;
}

/** Stops the triggers and forgets a replay in progress; tests call it between cases. */
export function resetOutboxForTests(): void {
  stopOutbox?.();
  running = undefined;
}
