import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database';
import { freePort, spawnServer } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { testDatabaseKinds } from './helpers';
import {
  createProcessDatabase,
  guestBookingBodies,
  postBooking,
  QUICK_LOCK_TAKEOVER_MS,
  seededRandom,
  sleep,
  waitFor,
} from './process-fixtures';
import type { ProcessDatabase } from './process-fixtures';

/**
 * kill -9 during a load of bookings (issue 6, item 1): the real server process, several
 * clients booking at once, the process killed at seeded moments and restarted on the same
 * data; clients retry a request that got no answer with the same Idempotency-Key, as the web
 * app's outbox does. Whatever a client was told was booked must be in the database once, under
 * the number it was told, and nothing may be booked twice.
 *
 * CRASH_SEED picks another kill schedule; a failure names the seed it ran with.
 */
const SEED = Number(process.env.CRASH_SEED ?? 6_2026);
const CLIENTS = 4;
const BOOKINGS = 48;
const KILLS = 3;
/** The mails a guest booking queues, by kind. */
const BOOKING_MAILS = ['booking-confirmation', 'operator-new-booking'];

/**
 * The server's environment besides its data: quiet mail (files under DATA_DIR), and no quote
 * or booking limits, since every client here books from one address.
 */
const SERVER_ENV = {
  QUOTE_RATE_LIMIT_PER_MINUTE: '0',
  BOOKING_LIMIT_PER_ADDRESS: '0',
  BOOKING_LIMIT_PER_EMAIL: '0',
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server whose process the test may kill; stopped (if still alive) after the test. */
async function startServer(data: ProcessDatabase, port: number): Promise<ServerProcess> {
  const server = await spawnServer({
    env: { ...SERVER_ENV, ...data.env, PORT: String(port) },
    timeoutMs: 120_000,
  });
  cleanups.push(() => server.stop());
  return server;
}

async function usingData(data: ProcessDatabase): Promise<ProcessDatabase> {
  cleanups.push(() => data.remove());
  return data;
}

interface StoredBooking {
  bookingNumber: string;
  email: string;
}

/**
 * The test's bookings (passenger emails starting `prefix`; the demo data has bookings of its
 * own), every booking Idempotency-Key's answer, and the confirmations queued to the test's
 * passengers.
 */
async function storedBookings(handle: DatabaseHandle, prefix: string) {
  const bookings: StoredBooking[] = (
    await handle.db
      .selectFrom('bookings')
      .innerJoin('booking_passengers', 'booking_passengers.booking_id', 'bookings.id')
      .select(['bookings.booking_number', 'booking_passengers.email'])
      .where('booking_passengers.email', 'like', `${prefix}%`)
      .execute()
  ).map((row) => ({ bookingNumber: row.booking_number, email: row.email }));
  const keys = await handle.db
    .selectFrom('idempotency_keys')
    .select(['key', 'status_code', 'response'])
    .where('scope', '=', 'booking')
    .execute();
  const answers = new Map(
    keys.map((row) => {
      const response = (
        typeof row.response === 'string' ? JSON.parse(row.response) : row.response
      ) as { data?: { booking?: { booking_number?: string } } } | null;
      return [
        row.key,
        { status: row.status_code, number: response?.data?.booking?.booking_number },
      ];
    }),
  );
  const mails = await handle.db.selectFrom('outbox').select(['kind', 'subject']).execute();
  /** The mails queued for one booking: its confirmation and the operator's notice. */
  const mailsFor = (bookingNumber: string) =>
    mails
      .filter(
        (mail) =>
          mail.subject === `Booking received: ${bookingNumber}` ||
          mail.subject.startsWith(`New booking: ${bookingNumber},`),
      )
      .map((mail) => mail.kind)
      .sort();
  return { bookings, answers, mailsFor };
}

interface ClientBooking {
  key: string;
  email: string;
  /** The number the client was told, once it was. */
  told?: string;
  /** Requests that got no answer (connection refused or cut) and were sent again. */
  lostAnswers: number;
  /**
   * For some bookings the client also stops waiting on its first try this soon, so more
   * answers are lost after the server booked (a kill rarely falls in that short gap).
   */
  giveUpAfterMs?: number;
}

describe.each(testDatabaseKinds())('kill -9 during a booking load on %s', (kind) => {
  it(
    `keeps every acknowledged booking once, through ${KILLS} kills (seed ${SEED})`,
    { timeout: 180_000 },
    async () => {
      const random = seededRandom(SEED);
      // Restarts after kill -9 are the point here, not the first start on an empty database.
      const data = await usingData(
        await createProcessDatabase(kind, { seeded: true, lockStaleMs: QUICK_LOCK_TAKEOVER_MS }),
      );
      const port = await freePort();
      let server = await startServer(data, port);
      const body = await guestBookingBodies(server.url);

      const planned: ClientBooking[] = Array.from({ length: BOOKINGS }, (_, i) => ({
        key: `crash-${SEED}-${i}`,
        email: `crash-${i}@example.com`,
        lostAnswers: 0,
        giveUpAfterMs: random() < 0.25 ? 5 + Math.floor(random() * 40) : undefined,
      }));
      const unexpected: string[] = [];
      let acknowledged = 0;
      /** Answers lost to a kill, and to the client giving up. */
      const lost = { cutOff: 0, gaveUp: 0 };
      // While the server is down this is a promise of it being back; clients wait on it.
      let up: Promise<void> = Promise.resolve();

      async function client(queue: ClientBooking[]) {
        for (let next = queue.shift(); next; next = queue.shift()) {
          for (;;) {
            await up;
            const giveUpAfterMs = next.lostAnswers === 0 ? next.giveUpAfterMs : undefined;
            const attempt = await postBooking(
              server.url,
              body(next.email),
              next.key,
              giveUpAfterMs,
            );
            if (attempt.kind === 'booked') {
              next.told = attempt.bookingNumber;
              acknowledged += 1;
              break;
            }
            if (attempt.kind === 'status') {
              unexpected.push(`${next.key}: ${attempt.status} ${attempt.body}`);
              break;
            }
            next.lostAnswers += 1;
            lost[giveUpAfterMs === undefined ? 'cutOff' : 'gaveUp'] += 1;
            if (next.lostAnswers > 100) {
              unexpected.push(`${next.key}: no answer after 100 tries (${attempt.error})`);
              break;
            }
            await sleep(10);
          }
        }
      }

      const queue = [...planned];
      const clients = Array.from({ length: CLIENTS }, () => client(queue));
      let kills = 0;
      for (; kills < KILLS; kills += 1) {
        // A seeded number of acknowledgements from now, with CLIENTS requests in flight.
        const at = acknowledged + 3 + Math.floor(random() * 8);
        await waitFor(
          `${at} acknowledged bookings`,
          () => acknowledged >= at || queue.length === 0,
        );
        if (queue.length === 0) break;
        let restarted!: () => void;
        up = new Promise((resolve) => (restarted = resolve));
        await server.kill();
        server = await startServer(data, port);
        restarted();
      }
      await Promise.all(clients);

      // kill -9 once more with nothing in flight, then read the data as the next start would.
      await server.kill();
      const handle = await data.open();
      const stored = await storedBookings(handle, 'crash-').finally(() => handle.close());

      const context = `seed ${SEED}, ${kind}`;
      expect(kills, context).toBe(KILLS);
      expect(unexpected, context).toEqual([]);
      // Answers were lost, to the kills and to the client giving up, and those sent again.
      expect(lost.cutOff, context).toBeGreaterThan(0);
      expect(lost.gaveUp, context).toBeGreaterThan(0);
      expect(planned.every((booking) => booking.told !== undefined)).toBe(true);

      // Each booking once, under the number its client was told.
      const byEmail = new Map<string, string[]>();
      for (const row of stored.bookings) {
        byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.bookingNumber]);
      }
      expect(stored.bookings, context).toHaveLength(BOOKINGS);
      for (const booking of planned) {
        expect(byEmail.get(booking.email), `${booking.key} (${context})`).toEqual([booking.told]);
        // A repeat of the key replays the same answer.
        expect(stored.answers.get(booking.key), `${booking.key} (${context})`).toEqual({
          status: 200,
          number: booking.told,
        });
      }
      expect(stored.answers.size).toBe(BOOKINGS);
      // Both mails were queued in the booking's transaction: once each per booking.
      for (const booking of planned) {
        expect(stored.mailsFor(booking.told ?? ''), booking.key).toEqual(BOOKING_MAILS);
      }
    },
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)('two API processes on one PostgreSQL', () => {
  it(
    'books once per Idempotency-Key when each booking is sent to both at once',
    { timeout: 120_000 },
    async () => {
      const data = await usingData(await createProcessDatabase('postgres'));
      // One after the other: the first migrates and seeds, the second finds it done.
      const first = await startServer(data, await freePort());
      const second = await startServer(data, await freePort());
      const body = await guestBookingBodies(first.url);

      const count = 24;
      const pairs = [];
      for (let i = 0; i < count; i += 4) {
        // Four keys at a time, each sent to both processes at the same moment.
        pairs.push(
          ...(await Promise.all(
            [0, 1, 2, 3].map(async (j) => {
              const key = `twin-${i + j}`;
              const sent = body(`twin-${i + j}@example.com`);
              const answers = await Promise.all([
                postBooking(first.url, sent, key),
                postBooking(second.url, sent, key),
              ]);
              return { key, answers };
            }),
          )),
        );
      }

      // The contract (lib/idempotency.ts): the second waits on the key's unique index, then
      // replays the first's committed answer; neither is refused.
      for (const { key, answers } of pairs) {
        const [a, b] = answers;
        expect(a?.kind, `${key}: ${JSON.stringify(a)}`).toBe('booked');
        expect(b, key).toEqual(a);
      }
      const handle = await data.open();
      try {
        const stored = await storedBookings(handle, 'twin-');
        expect(stored.bookings).toHaveLength(count);
        expect(new Set(stored.bookings.map((row) => row.email)).size).toBe(count);
        expect(stored.answers.size).toBe(count);
        for (const { key, answers } of pairs) {
          const [answer] = answers;
          const told = answer?.kind === 'booked' ? answer.bookingNumber : '';
          expect(
            stored.bookings.filter((row) => row.bookingNumber === told),
            key,
          ).toHaveLength(1);
          expect(stored.answers.get(key), key).toEqual({ status: 200, number: told });
          expect(stored.mailsFor(told), key).toEqual(BOOKING_MAILS);
        }
      } finally {
        await handle.close();
      }
    },
  );
});
