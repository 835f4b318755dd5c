import type { DriverStatusRequest } from '../../../../contract/driver';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { guardQuota } from '../../../offline/db';
import { sendStatus } from '../api/send-status';
import { driverDb, type DriverDb, type PressRecord } from './driver-db';

/**
 * The driver's status presses (On the way, Arrived, …): each is written to IndexedDB first,
 * with its Idempotency-Key, its time and the phone's position, and then sent, one at a time in
 * the order pressed: at once when there is signal, else on the 'online' event, at the app's
 * start and every PRESS_RETRY_MS. A press leaves the waiting list only after the server's 2xx
 * (sent) or its final refusal (refused: the booking changed meanwhile, shown to the driver and
 * never sent again). The same key goes with every try, so the server records a press once.
 */

/** How often waiting presses are tried again while the app is open. */
export const PRESS_RETRY_MS = 30_000;
/** Web Locks name: one sender at a time across the app's tabs. */
export const PRESS_LOCK_NAME = 'ridebook-driver-presses';
/** Sent presses stay this long for the job page's list, then go. */
export const PRESS_KEEP_MS = 24 * 60 * 60 * 1000;

/** Writes a press to go to the server; resolves with it as stored. */
export async function recordPress(
  press: { driverId: number; jobRef: string; body: DriverStatusRequest },
  database: DriverDb = driverDb,
): Promise<PressRecord> {
  const record: Omit<PressRecord, 'id'> = {
    ...press,
    idempotencyKey: newIdempotencyKey(),
    createdAt: Date.now(),
    state: 'waiting',
    attempts: 0,
    lastError: null,
    settledAt: null,
  };
  const id = await guardQuota(() => database.presses.add(record as PressRecord));
  return { ...record, id };
}

/** What a failed send means for this press and the ones after it. */
function failureKind(error: unknown): 'refused' | 'later' {
  if (!(error instanceof ApiError)) return 'later';
  const { status } = error;
  // No signal, the server busy or down, or signed out: the press waits, and so do the ones
  // after it, so that they reach the server in the order pressed.
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) {
    return 'later';
  }
  // The server's final word on this press (409: the booking moved on, 404: not this driver's
  // job any more, 400: too old): sending it again cannot help.
  return 'refused';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The signed-in driver's waiting presses, in the order pressed (the keys count up). */
export function waitingPresses(
  driverId: number,
  database: DriverDb = driverDb,
): Promise<PressRecord[]> {
  return database.presses
    .filter((press) => press.state === 'waiting' && press.driverId === driverId)
    .toArray();
}

/** Sends the waiting presses in order; returns the jobs whose presses were settled. */
async function sendWaiting(driverId: number, database: DriverDb): Promise<string[]> {
  const settled: string[] = [];
  for (const press of await waitingPresses(driverId, database)) {
    try {
      await sendStatus(press.jobRef, press.body, press.idempotencyKey);
    } catch (error) {
      const attempts = press.attempts + 1;
      if (failureKind(error) === 'later') {
        await database.presses.update(press.id, { attempts, lastError: errorText(error) });
        break;
      }
      await database.presses.update(press.id, {
        state: 'refused',
        attempts,
        lastError: errorText(error),
        refusedStatus: error instanceof ApiError ? error.status : null,
        settledAt: Date.now(),
      });
      settled.push(press.jobRef);
      continue;
    }
    await database.presses.update(press.id, {
      state: 'sent',
      attempts: press.attempts + 1,
      lastError: null,
      settledAt: Date.now(),
    });
    settled.push(press.jobRef);
  }
  return settled;
}

/**
 * Runs `work` holding the presses' lock, or skips it when another tab holds it (that one is
 * sending the same presses). Without Web Locks, the Idempotency-Key still makes a second
 * sender harmless.
 */
async function withPressLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  await locks.request(PRESS_LOCK_NAME, { ifAvailable: true }, (lock) =>
    lock ? work() : undefined,
  );
}

type Sender = {
  driverId: number;
  database: DriverDb;
  /** Told the jobs whose presses the server took or refused, to fetch them again. */
  onSettled: (jobRefs: readonly string[]) => void;
};

let sender: Sender | undefined;
let running: Promise<void> | undefined;
let runAgain = false;

/**
 * Sends what waits, now, from this page. A call while a run is going asks for one more run
 * after it (a press made meanwhile is not in the running one's list), so no press is ever in
 * flight twice from one page and none is left behind.
 */
export function sendPresses(): Promise<void> {
  const current = sender;
  if (!current || !navigator.onLine) return Promise.resolve();
  if (running) {
    runAgain = true;
    return running;
  }
  running = withPressLock(async () => {
    const settled = await sendWaiting(current.driverId, current.database);
    if (settled.length > 0) current.onSettled(settled);
  })
    .catch((error: unknown) => console.error('Could not send the status presses', error))
    .finally(() => {
      running = undefined;
      if (runAgain) {
        runAgain = false;
        void sendPresses();
      }
    });
  return running;
}

/** Forgets sent presses older than PRESS_KEEP_MS. */
async function prune(database: DriverDb): Promise<void> {
  const before = Date.now() - PRESS_KEEP_MS;
  await database.presses
    .filter((press) => press.state === 'sent' && (press.settledAt ?? 0) < before)
    .delete();
}

/**
 * Starts sending the signed-in driver's presses: now, on 'online' and every PRESS_RETRY_MS.
 * Returns the function that stops it (sign-out, another driver).
 */
export function startPressOutbox(options: {
  driverId: number;
  onSettled: Sender['onSettled'];
  database?: DriverDb;
}): () => void {
  const database = options.database ?? driverDb;
  const own: Sender = { driverId: options.driverId, database, onSettled: options.onSettled };
  sender = own;
  const send = () => void sendPresses();
  window.addEventListener('online', send);
  const timer = window.setInterval(send, PRESS_RETRY_MS);
  void prune(database).catch((error: unknown) => console.error('Could not tidy presses', error));
  send();
  return () => {
    window.removeEventListener('online', send);
    window.clearInterval(timer);
    if (sender === own) sender = undefined;
  };
}

/** Removes a refused press once the driver has read why. */
export async function dismissPress(id: number, database: DriverDb = driverDb): Promise<void> {
  await database.presses.delete(id);
}
