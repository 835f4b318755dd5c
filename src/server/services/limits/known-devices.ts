import type {} from '@fastify/cookie';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieOptions } from '../../http/cookie-options';

/**
 * The browser's device cookie: HttpOnly, signed with the server's secret (@fastify/cookie's
 * `secret`, app.ts), set when a password or a booking lookup succeeds. It names the accounts
 * this browser has got into, so a stranger's wrong guesses at an account cannot lock its owner
 * out: the owner's browser is counted on its own (attempt-counters.ts).
 */
export const DEVICE_COOKIE = 'ridebook_device';

/** How long a browser stays known after its last success. */
const DEVICE_COOKIE_DAYS = 180;

/** Accounts one cookie remembers, the latest first: a shared family laptop, a few bookings. */
const MAX_ACCOUNTS = 20;

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const TAG = /^[A-Za-z0-9_-]{16}$/;

/** What the cookie says of this browser. */
export interface KnownDevice {
  id: string;
  /** accountTag() of each account it has got into. */
  tags: string[];
}

/**
 * An account as the cookie names it: `kind` (what was proved: a password, a booking lookup)
 * and `account`, its realm and the counter's own key for it (attempt-counters.ts), hashed so
 * the cookie holds no email address.
 */
export function accountTag(kind: string, account: string): string {
  return createHash('sha256').update(`${kind}:${account}`).digest('base64url').slice(0, 16);
}

/** The browser's device cookie when it is there and signed by us, else undefined. */
export function readDevice(request: FastifyRequest): KnownDevice | undefined {
  const raw = request.cookies?.[DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  const [id = '', ...tags] = unsigned.value.split('.');
  if (!DEVICE_ID.test(id) || !tags.every((tag) => TAG.test(tag))) return undefined;
  return { id, tags: tags.slice(0, MAX_ACCOUNTS) };
}

/**
 * Sets the cookie so it names `tags` besides what it named: the browser keeps its id, or gets
 * one on its first success.
 */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  tags: string[],
  options: CookieOptions,
): void {
  const device = readDevice(request);
  const id = device?.id ?? randomBytes(16).toString('base64url');
  const kept = (device?.tags ?? []).filter((tag) => !tags.includes(tag));
  const value = [id, ...[...tags, ...kept].slice(0, MAX_ACCOUNTS)].join('.');
  void reply.setCookie(DEVICE_COOKIE, value, {
    ...options,
    signed: true,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}
