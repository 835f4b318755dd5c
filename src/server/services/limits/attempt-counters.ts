import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { ACCOUNT_MESSAGES, BOOKING_MESSAGES } from '../../../domain/messages';
import { emailKey } from '../../../domain/registration';
import { HttpError } from '../../errors';
import type { CookieOptions } from '../../http/cookie-options';
import { BoundedMemoryCounter, redisCounter } from '../../lib/window-counters';
import type { WindowCounter } from '../../lib/window-counters';
import { accountTag, readDevice, rememberDevice } from './known-devices';

const MINUTE_MS = 60_000;

/**
 * Attempts allowed per email and per client address in each window, by kind. One set of
 * counters for the whole product: every password check counts as `password` wherever it
 * happens (sign-in, check-passenger-email, an existing client's booking or checkout session,
 * the current password of a profile change), so a guesser gains nothing by switching route.
 */
export const ATTEMPT_LIMITS = {
  /**
   * Each check costs an argon2 hash and is a guess; a right password is given back, so only
   * wrong ones use the allowance and a passenger who books several rides never meets it.
   */
  password: { windowMs: 15 * MINUTE_MS, perEmail: 10, perAddress: 30 },
  /** Each request sends an email. */
  forgotPassword: { windowMs: 15 * MINUTE_MS, perEmail: 3, perAddress: 10 },
  /** verify-code and reset-password counted together; each code also dies after 5 misses. */
  resetCode: { windowMs: 15 * MINUTE_MS, perEmail: 20, perAddress: 30 },
  /**
   * POST /booking (pay in car) and POST /create-checkout-session, counted together; each
   * mails the passenger. A family booking several rides, with a retry or two, stays far
   * below; a script mailing a stranger is stopped at the tenth. A repeat with the same
   * Idempotency-Key books nothing and is not counted. The defaults of BOOKING_LIMIT_PER_EMAIL
   * and BOOKING_LIMIT_PER_ADDRESS.
   */
  booking: { windowMs: 60 * MINUTE_MS, perEmail: 10, perAddress: 30 },
  /**
   * Manage booking's lookup by reference and email (issue 22), counted per address, per email
   * and per reference like sign-in: each miss is a guess at a booking. A match is given back.
   */
  manageLookup: { windowMs: 15 * MINUTE_MS, perEmail: 10, perAddress: 30 },
  /**
   * Manage booking's changes (POST /manage-booking/{n}/amend; issue 30), counted per booking
   * (its reference), per the mailbox its mails go to and per client address: each change mails
   * the passenger and the operator, so a script must not turn one booking into a mail relay.
   * A passenger adjusting a booking a few times stays far below. A repeat of an answered
   * Idempotency-Key is not counted, and a change refused with a 4xx is given back: neither
   * changes or mails anything.
   */
  bookingChange: { windowMs: 60 * MINUTE_MS, perEmail: 10, perAddress: 30 },
} as const;

export type AttemptKind = keyof typeof ATTEMPT_LIMITS;

/**
 * Kinds whose success proves the browser belongs to the account (a right password, a booking
 * found by its reference and email). A browser that has succeeded before is counted apart, per
 * browser and account (perEmail), and not by the account's or the address's counters: ten
 * wrong guesses from strangers must not lock the owner out (issue 30). The other kinds send
 * mail, where who asks does not matter.
 */
const DEVICE_KINDS: ReadonlySet<AttemptKind> = new Set(['password', 'manageLookup']);

/** The kinds of DEVICE_KINDS: each count of one names the realm it proves an account in. */
export type DeviceKind = 'password' | 'manageLookup';

/**
 * Where an account lives. One email can name a passenger account, which anyone can open
 * unverified by booking as a new client, and a console account: a browser that got into the
 * one must count as a stranger to the other, or a passenger account opened with the
 * dispatcher's email would buy guesses at the console's password outside its counters. A
 * driver's sign-in (issue 34) is a realm of its own for the same reason.
 */
export type AccountRealm = 'console' | 'passenger' | 'lookup' | 'driver';

/** The 429's text for each kind. */
const LIMIT_MESSAGES: Record<AttemptKind, string> = {
  password: ACCOUNT_MESSAGES.tooManyRequests,
  forgotPassword: ACCOUNT_MESSAGES.tooManyRequests,
  resetCode: ACCOUNT_MESSAGES.tooManyRequests,
  booking: BOOKING_MESSAGES.tooManyBookings,
  manageLookup: ACCOUNT_MESSAGES.tooManyRequests,
  bookingChange: BOOKING_MESSAGES.tooManyChanges,
};

/** One counted attempt. */
export interface Attempt {
  /**
   * Takes the attempt back from its counters: a right password is not a guess. For a kind
   * that proves the account (DEVICE_KINDS), also marks this browser as one that got in, in its
   * device cookie.
   */
  giveBack(): Promise<void>;
}

export interface AttemptCounters {
  /**
   * Counts one attempt of `kind` from the request's client address and for `email` (each of
   * them, when the attempt names several), or throws a 429 with Retry-After when any is over
   * its limit. The address is counted first: an address over its own limit counts no email,
   * so it cannot use up (or, in a store that forgets, push out) the allowance of emails it
   * names.
   * From a browser whose device cookie says it got into every account named, in `realm`
   * (DEVICE_KINDS), only that browser's own counter for them is counted instead.
   */
  count(
    kind: DeviceKind,
    request: FastifyRequest,
    reply: FastifyReply,
    email: string | string[],
    realm: AccountRealm,
  ): Promise<Attempt>;
  count(
    kind: Exclude<AttemptKind, DeviceKind>,
    request: FastifyRequest,
    reply: FastifyReply,
    email: string | string[],
  ): Promise<Attempt>;
}

export interface AttemptCountersOptions {
  /** Shared counters for several processes (REDIS_URL); without it, counters are in memory. */
  redis?: Redis;
  /** Key prefix in Redis; tests give each app its own. */
  nameSpace?: string;
  logger: FastifyBaseLogger;
  /** The booking limits as configured (BOOKING_LIMIT_PER_*); 0 is no limit. */
  booking: { perEmail: number; perAddress: number };
  /** The change limits as configured (CHANGE_LIMIT_PER_*); 0 is no limit. */
  bookingChange?: { perEmail: number; perAddress: number };
  /** The device cookie's attributes (cookie-options.ts). */
  cookieOptions: (request: FastifyRequest) => CookieOptions;
}

/** A limit of 0 (turned off in the configuration): counts nothing, refuses nothing. */
const NO_LIMIT: WindowCounter = {
  hit: () => Promise.resolve({ allowed: true, msBeforeReset: 0 }),
  unhit: () => Promise.resolve(),
};

/**
 * The client address as one counter: IPv4 as is, IPv6 by its /64, which one household or
 * phone holds whole, so rotating through its addresses does not reset the count. request.ip
 * is the real client's only with TRUST_PROXY set behind a proxy (config.ts).
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [
        ...headGroups,
        ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
        ...tailGroups,
      ]
    : headGroups;
  const prefix = groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** An email as one counter, however it is typed; hashed, so Redis never holds an address. */
export function emailCounterKey(email: string): string {
  return createHash('sha256').update(emailKey(email)).digest('hex').slice(0, 32);
}

/**
 * The product's attempt counters, created once per app and handed to every route that checks
 * a password or books (app.ts), so all of them count in the same place.
 */
export function createAttemptCounters(options: AttemptCountersOptions): AttemptCounters {
  const onError = (error: unknown) =>
    options.logger.warn({ err: error }, 'Attempt counter unavailable; request not counted');
  const counter = (kind: AttemptKind, per: 'email' | 'address' | 'device'): WindowCounter => {
    const limits =
      kind === 'booking'
        ? { ...ATTEMPT_LIMITS.booking, ...options.booking }
        : kind === 'bookingChange'
          ? { ...ATTEMPT_LIMITS.bookingChange, ...options.bookingChange }
          : ATTEMPT_LIMITS[kind];
    // A known browser gets an account's own allowance, for itself alone.
    const limit = per === 'address' ? limits.perAddress : limits.perEmail;
    if (limit === 0) return NO_LIMIT;
    return options.redis
      ? redisCounter(options.redis, {
          limit,
          windowMs: limits.windowMs,
          keyPrefix: `${options.nameSpace ?? 'ridebook-'}attempts-${kind}-${per}`,
          onError,
        })
      : new BoundedMemoryCounter({ limit, windowMs: limits.windowMs });
  };
  const kinds = Object.keys(ATTEMPT_LIMITS) as AttemptKind[];
  const counters = Object.fromEntries(
    kinds.map((kind) => [
      kind,
      {
        address: counter(kind, 'address'),
        email: counter(kind, 'email'),
        device: counter(kind, 'device'),
      },
    ]),
  ) as Record<AttemptKind, Record<'address' | 'email' | 'device', WindowCounter>>;

  const refuse = (kind: AttemptKind, reply: FastifyReply, msBeforeReset: number): HttpError => {
    reply.header('retry-after', Math.max(1, Math.ceil(msBeforeReset / 1000)));
    return new HttpError(429, LIMIT_MESSAGES[kind]);
  };

  return {
    async count(
      kind: AttemptKind,
      request: FastifyRequest,
      reply: FastifyReply,
      email: string | string[],
      realm?: AccountRealm,
    ) {
      const emailIds = [...new Set((Array.isArray(email) ? email : [email]).map(emailCounterKey))];
      // Within a realm an email names one account at a time (unique per table).
      const tags = emailIds.map((id) => accountTag(kind, `${realm}:${id}`));
      const proves = realm !== undefined && DEVICE_KINDS.has(kind);
      const remember = () => {
        if (proves) rememberDevice(request, reply, tags, options.cookieOptions(request));
      };
      const device = proves ? readDevice(request) : undefined;
      if (device && tags.every((tag) => device.tags.includes(tag))) {
        const deviceId = `${device.id}:${tags.join(':')}`;
        const byDevice = await counters[kind].device.hit(deviceId);
        if (!byDevice.allowed) throw refuse(kind, reply, byDevice.msBeforeReset);
        return {
          async giveBack() {
            await counters[kind].device.unhit(deviceId);
            remember();
          },
        };
      }
      const { address, email: byEmail } = counters[kind];
      const addressId = addressKey(request.ip);
      const byAddress = await address.hit(addressId);
      if (!byAddress.allowed) throw refuse(kind, reply, byAddress.msBeforeReset);
      for (const emailId of emailIds) {
        const forEmail = await byEmail.hit(emailId);
        if (!forEmail.allowed) throw refuse(kind, reply, forEmail.msBeforeReset);
      }
      return {
        async giveBack() {
          await Promise.all([address.unhit(addressId), ...emailIds.map((id) => byEmail.unhit(id))]);
          remember();
        },
      };
    },
  };
}
