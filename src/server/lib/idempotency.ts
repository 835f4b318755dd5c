import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { BOOKING_MESSAGES } from '../../domain/messages';
import type { Database } from '../db/schema';
import { HttpError, RequestValidationError } from '../errors';
import { createIdempotencyRepository } from '../repositories/idempotency-repository';
import type {
  IdempotencyRecord,
  IdempotencyRepository,
} from '../repositories/idempotency-repository';

/**
 * Idempotency-Key (API.md, Headers): a POST repeated with the same key and body gets the first
 * answer back and creates nothing; the same key with another body is refused (422). The key is
 * claimed inside the transaction that does the work, so concurrent repeats wait on the key's
 * unique index and then read the committed answer: exactly one of them does the work. Failures
 * roll the claim back with everything else, so a corrected retry may use the same key.
 */

/** How long a key's answer is kept (Stripe keeps theirs 24 hours too). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** How often a repeat looks whether the first request's call has ended. */
const CALL_POLL_MS = 100;
const KEY_HEADER = 'idempotency-key';
/** Printable ASCII without spaces, as UUIDs and Stripe-style keys are. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** An answer as sent: status and JSON body. */
export interface IdempotentAnswer<T> {
  statusCode: number;
  body: T;
}

/** The request's Idempotency-Key, undefined without one; a 400 when malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw new RequestValidationError([
      { path: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 printable characters' },
    ]);
  }
  return value;
}

/**
 * JSON with object keys sorted, so the same body hashes the same however it was written.
 * Without recursion: a body nested 50,000 deep (which JSON.parse takes) must not overflow the
 * stack. The pending list holds values to write and literal text (`{ text }`) between them.
 */
function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const pending: ({ text: string } | { value: unknown })[] = [{ value }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if ('text' in next) {
      out.push(next.text);
      continue;
    }
    const item = next.value;
    const parts: ({ text: string } | { value: unknown })[] = [];
    if (Array.isArray(item)) {
      parts.push({ text: '[' });
      item.forEach((child, i) => parts.push(...(i ? [{ text: ',' }] : []), { value: child }));
      parts.push({ text: ']' });
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item as Record<string, unknown>)
        .filter(([, child]) => child !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      parts.push({ text: '{' });
      entries.forEach(([key, child], i) =>
        parts.push({ text: `${i ? ',' : ''}${JSON.stringify(key)}:` }, { value: child }),
      );
      parts.push({ text: '}' });
    } else {
      out.push(JSON.stringify(item) ?? 'null');
      continue;
    }
    for (let i = parts.length - 1; i >= 0; i -= 1) pending.push(parts[i]!);
  }
  return out.join('');
}

/** A digest of a request body, compared when a key is used again. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export interface IdempotencyOptions {
  /** Which call the key belongs to ('booking', 'checkout-session', 'contact-us', ...). */
  scope: string;
  /** The Idempotency-Key, or undefined to just run the work in a transaction. */
  key: string | undefined;
  /** requestHash() of the parsed body. */
  hash: string;
  now: Date;
}

function replay<T>(record: IdempotencyRecord, hash: string): IdempotentAnswer<T> {
  if (record.requestHash !== hash) throw new HttpError(422, BOOKING_MESSAGES.idempotencyKeyReused);
  return { statusCode: record.statusCode, body: record.response as T };
}

/** What the idempotent runs work over: the database and its table of keys. */
interface IdempotencyDeps {
  db: Kysely<Database>;
  keys: IdempotencyRepository;
}

/** Work done inside the transaction that holds the key; its answer is stored for repeats. */
type IdempotentWork<T, P> = (
  trx: Transaction<Database>,
  prepared: P,
) => Promise<IdempotentAnswer<T>>;

/** The write after a provider's call, in the transaction that stores the answer. */
type IdempotentWrite<T, P, C> = (
  trx: Transaction<Database>,
  prepared: P,
  called: C,
) => Promise<IdempotentAnswer<T>>;

/** Creates the helper over one database; `run` is the idempotent work. */
export function createIdempotency(db: Kysely<Database>) {
  const deps: IdempotencyDeps = { db, keys: createIdempotencyRepository(db) };
  return {
    /** Whether `key` already has a live answer, so a repeat would only replay it. */
    answered: async (scope: string, key: string, now: Date): Promise<boolean> =>
      (await liveAnswer(deps, scope, key, now)) !== undefined,
    /** `prepare`, then `work` in a transaction, once per key (see runOnce). */
    run: <T, P>(
      options: IdempotencyOptions,
      prepare: () => Promise<P>,
      work: IdempotentWork<T, P>,
    ): Promise<IdempotentAnswer<T>> => runOnce(deps, options, prepare, work),
    /** Like `run`, with a slow provider's call outside any transaction (see runCallingOnce). */
    runCalling: <T, P, C>(
      options: IdempotencyOptions & { callMs: number },
      prepare: () => Promise<P>,
      call: (prepared: P) => Promise<C>,
      write: IdempotentWrite<T, P, C>,
    ): Promise<IdempotentAnswer<T>> => runCallingOnce(deps, options, prepare, call, write),
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/** The live answer stored for `key`; undefined without a key or an answer. */
async function liveAnswer(
  { keys }: IdempotencyDeps,
  scope: string,
  key: string | undefined,
  now: Date,
) {
  if (key === undefined) return undefined;
  const done = await keys.find(scope, key);
  return done && done.statusCode > 0 && done.expiresAt > now ? done : undefined;
}

/**
 * A repeat's stored answer, else `prepare`'s result. A repeat racing the first request may
 * fail a check the first one's work changed (a new client's email is now registered): the
 * first answer is then the right one.
 */
async function replayOrPrepare<T, P>(
  deps: IdempotencyDeps,
  { scope, key, hash, now }: IdempotencyOptions,
  prepare: () => Promise<P>,
): Promise<{ answer: IdempotentAnswer<T> } | { prepared: P }> {
  // The common repeat (a retry after the first answer) needs no work at all.
  const done = await liveAnswer(deps, scope, key, now);
  if (done) return { answer: replay<T>(done, hash) };
  try {
    return { prepared: await prepare() };
  } catch (error) {
    const first = await liveAnswer(deps, scope, key, now);
    if (first) return { answer: replay<T>(first, hash) };
    throw error;
  }
}

/**
 * Runs `prepare` (checks and pricing that need no transaction), then `work` in a
 * transaction, once per key: a repeat returns the stored answer without preparing again,
 * so a replay is not refused because, say, its quote has expired since. `work` must use
 * only the transaction it is given (on PGlite, the one connection is the transaction's).
 */
async function runOnce<T, P>(
  deps: IdempotencyDeps,
  options: IdempotencyOptions,
  prepare: () => Promise<P>,
  work: IdempotentWork<T, P>,
): Promise<IdempotentAnswer<T>> {
  const { db, keys } = deps;
  const { scope, key, hash, now } = options;
  const ready = await replayOrPrepare<T, P>(deps, options, prepare);
  if ('answer' in ready) return ready.answer;
  const { prepared } = ready;
  if (key === undefined) return db.transaction().execute((trx) => work(trx, prepared));

  return db.transaction().execute(async (trx) => {
    await keys.deleteIfExpired(scope, key, now, trx);
    const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
    if (!(await keys.claim({ scope, key, requestHash: hash, expiresAt }, trx))) {
      // The claim waited for the other transaction; its answer is committed and visible
      // (READ COMMITTED takes a new snapshot per statement).
      const first = await keys.find(scope, key, trx);
      if (!first || first.statusCode === 0) {
        throw new Error(`Idempotency key ${scope}/${key} held without an answer`);
      }
      return replay<T>(first, hash);
    }
    const answer = await work(trx, prepared);
    await keys.complete(scope, key, { statusCode: answer.statusCode, response: answer.body }, trx);
    return answer;
  });
}

/**
 * Like `run`, for work that must first call another service (the card provider), which may
 * be slow: no transaction is open during the call, so a provider that does not answer holds
 * no connection (on PGlite, the only one). The key is claimed and committed first, then
 * `call` runs, then `write` stores its result and the answer in one transaction. A repeat
 * while the call is out waits for its answer (never calling twice), up to `callMs`, the
 * longest the call may take, then gets a 409; a failed call or write releases the key, so
 * a retry with it may succeed.
 */
async function runCallingOnce<T, P, C>(
  deps: IdempotencyDeps,
  options: IdempotencyOptions & { callMs: number },
  prepare: () => Promise<P>,
  call: (prepared: P) => Promise<C>,
  write: IdempotentWrite<T, P, C>,
): Promise<IdempotentAnswer<T>> {
  const { db, keys } = deps;
  const { scope, key, now } = options;
  const ready = await replayOrPrepare<T, P>(deps, options, prepare);
  if ('answer' in ready) return ready.answer;
  const { prepared } = ready;
  if (key === undefined) {
    const called = await call(prepared);
    return db.transaction().execute((trx) => write(trx, prepared, called));
  }

  const replayed = await claimForCall<T>(deps, { ...options, key });
  if (replayed) return replayed;
  try {
    const called = await call(prepared);
    return await db.transaction().execute(async (trx) => {
      const answer = await write(trx, prepared, called);
      await keys.complete(
        scope,
        key,
        { statusCode: answer.statusCode, response: answer.body },
        trx,
        new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      );
      return answer;
    });
  } catch (error) {
    // The caller hears why the call failed, not that the release failed too.
    await keys.release(scope, key).catch(() => undefined);
    throw error;
  }
}

/**
 * Claims `key` for a call and commits the claim; undefined once it is ours. While another
 * request's call holds it, waits for that call's answer and returns it instead.
 */
async function claimForCall<T>(
  { db, keys }: IdempotencyDeps,
  { scope, key, hash, now, callMs }: IdempotencyOptions & { key: string; callMs: number },
): Promise<IdempotentAnswer<T> | undefined> {
  // Real time, not `now`: tests fix the clock, and this only bounds a wait.
  const waitUntil = Date.now() + callMs;
  for (;;) {
    const held = await db.transaction().execute(async (trx) => {
      await keys.deleteIfExpired(scope, key, now, trx);
      // A claim outlives the longest call, so only a process that died while calling
      // leaves one behind; after this the key is free again.
      const expiresAt = new Date(now.getTime() + 2 * callMs + 60_000);
      if (await keys.claim({ scope, key, requestHash: hash, expiresAt }, trx)) return null;
      return keys.find(scope, key, trx);
    });
    if (held === null) return undefined;
    if (held && held.statusCode > 0) return replay<T>(held, hash);
    if (held && held.requestHash !== hash) {
      throw new HttpError(422, BOOKING_MESSAGES.idempotencyKeyReused);
    }
    if (Date.now() >= waitUntil) throw new HttpError(409, BOOKING_MESSAGES.requestInProgress);
    // Held by a call still out (or just released: the next claim takes it).
    await setTimeout(CALL_POLL_MS);
  }
}
