import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database';
import { freePort, spawnServer } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { bookingBody, guestRegistration, postApi, quoteFor } from './booking-fixtures';
import { startFakeSmtp } from './fakes/smtp';
import type { FakeSmtp } from './fakes/smtp';
import { startTestApp, tempDir, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  createProcessDatabase,
  guestBookingBodies,
  postBooking,
  QUICK_LOCK_TAKEOVER_MS,
  waitFor,
} from './process-fixtures';
import type { ProcessDatabase } from './process-fixtures';
import { FIXED_NOW } from './quote-fixtures';

/**
 * Mail under faults (issue 6, item 2), beyond mail-delivery.test.ts (a 451 to every recipient,
 * then the port closed, on rows queued by hand): bookings made through the API while the SMTP
 * server refuses connections, cuts sessions and answers 4xx after the message, then recovers;
 * and the real server process killed between a booking's commit and its mail's send.
 *
 * At-least-once, plainly: the outbox marks a row sent only after the SMTP server's 250. A
 * message the server took whole but did not answer (or answered just before the sender died)
 * is sent again, under the same Message-ID, so a receiver can tell the copy from a new mail.
 */

/** The subjects of a guest booking's two mails, as booking-mails.ts writes them. */
function isMailOf(mail: ParsedMail, bookingNumber: string): boolean {
  return (
    mail.subject === `Booking received: ${bookingNumber}` ||
    (mail.subject ?? '').startsWith(`New booking: ${bookingNumber},`)
  );
}

/** The Message-IDs of `mails`, counted. */
function messageIdCounts(mails: ParsedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mails)
    counts.set(mail.messageId ?? '', (counts.get(mail.messageId ?? '') ?? 0) + 1);
  return counts;
}

async function outboxRows(db: DatabaseHandle) {
  return db.db
    .selectFrom('outbox')
    .select([
      'id',
      'kind',
      'subject',
      'status',
      'attempts',
      'locked_until',
      'message_id',
      'last_error',
    ])
    .orderBy('id')
    .execute();
}

describe.each(testDatabaseKinds())('booking mails through SMTP faults on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let data: Awaited<ReturnType<typeof tempDir>>;
  let now = FIXED_NOW;
  const later = () => (now = new Date(now.getTime() + 20 * 60_000));
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    data = await tempDir('ridebook-mail-faults');
    t = await startTestApp(kind, {
      clock: () => now,
      // No background delivery: each try is the test's drain(), after the clock moved on.
      env: {
        SMTP_URL: smtp.url,
        MAIL_POLL_INTERVAL_MS: '0',
        DATA_DIR: data.dir,
        PAYMENT_PROVIDER: 'test',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    smtp?.dropAll();
    await smtp?.stop();
    await data?.remove();
  });

  /** Books `count` guests through POST /booking; their booking numbers. */
  async function book(count: number, tag: string): Promise<string[]> {
    const { quote } = await quoteFor(t);
    const numbers = [];
    for (let i = 0; i < count; i += 1) {
      const res = await postApi(
        t,
        'booking',
        bookingBody({
          selectedVehicleData: { quote_id: quote.quote_id },
          registrationData: guestRegistration({ email: `${tag}-${i}@example.com` }),
        }),
        { 'idempotency-key': `${tag}-${i}` },
      );
      expect(res.statusCode, res.body).toBe(200);
      numbers.push(
        (res.json() as { data: { booking: { booking_number: string } } }).data.booking
          .booking_number,
      );
    }
    return numbers;
  }

  it('delivers every booking mail once after refusals, cut sessions and 4xx answers', async () => {
    const numbers: string[] = [];
    const connectionsBefore = smtp.connections;

    // The port is closed: connections are refused.
    await smtp.stop();
    numbers.push(...(await book(2, 'closed')));
    expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 4 });
    let rows = await outboxRows(t.db.handle);
    expect(rows.every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);
    expect(rows[0]?.last_error).toMatch(/ECONNREFUSED/);

    // It listens again but cuts every session after the greeting, before a message is sent.
    await smtp.start();
    smtp.mode = 'drop-in-session';
    numbers.push(...(await book(2, 'dropped')));
    later();
    expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 8 });
    expect(smtp.connections - connectionsBefore).toBeGreaterThanOrEqual(8);
    rows = await outboxRows(t.db.handle);
    expect(rows.every((row) => row.status === 'pending' && row.attempts >= 1)).toBe(true);
    expect(smtp.unacknowledged).toHaveLength(0);
    expect(rows.every((row) => /Connection closed/.test(row.last_error ?? ''))).toBe(true);

    // It takes each message whole, then answers 451: a temporary failure, nothing accepted.
    smtp.mode = 'fail-data';
    numbers.push(...(await book(1, 'failed')));
    later();
    expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 10 });
    expect(smtp.unacknowledged).toHaveLength(10);
    rows = await outboxRows(t.db.handle);
    expect(rows.every((row) => row.status === 'pending' && row.message_id === null)).toBe(true);
    expect(rows.every((row) => /451/.test(row.last_error ?? ''))).toBe(true);
    expect(smtp.messages).toHaveLength(0);

    // It recovers.
    smtp.mode = 'accept';
    later();
    expect(await t.app.mailSender.drain()).toEqual({ sent: 10, failed: 0 });
    later();
    expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 0 });

    // Once each: a confirmation and an operator notice per booking, ten Message-IDs.
    expect(smtp.messages).toHaveLength(10);
    for (const number of numbers) {
      const mails = smtp.messages.filter((mail) => isMailOf(mail, number));
      expect(mails.map((mail) => mail.subject?.split(':')[0]).sort(), number).toEqual([
        'Booking received',
        'New booking',
      ]);
    }
    const accepted = messageIdCounts(smtp.messages);
    expect([...accepted.values()].every((n) => n === 1)).toBe(true);
    rows = await outboxRows(t.db.handle);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(rows.map((row) => row.message_id).sort()).toEqual([...accepted.keys()].sort());
    // The copies refused with 451 were the same messages: same Message-IDs as those accepted.
    expect(smtp.unacknowledged.every((mail) => accepted.has(mail.messageId ?? ''))).toBe(true);
  });

  it('sends a message again, under the same Message-ID, when the connection drops after DATA', async () => {
    const sentBefore = smtp.messages.length;
    const unacknowledgedBefore = smtp.unacknowledged.length;
    smtp.mode = 'drop-after-data';
    const [number = ''] = await book(1, 'cut-after-data');
    expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 2 });
    const cut = smtp.unacknowledged.slice(unacknowledgedBefore);
    expect(cut.filter((mail) => isMailOf(mail, number))).toHaveLength(2);

    smtp.mode = 'accept';
    later();
    expect(await t.app.mailSender.drain()).toEqual({ sent: 2, failed: 0 });
    const accepted = smtp.messages.slice(sentBefore);
    expect(accepted.filter((mail) => isMailOf(mail, number))).toHaveLength(2);
    // The server had each message whole before the drop. One that delivered it anyway now
    // holds two copies, told apart from two mails by the same Message-ID.
    expect(cut.map((mail) => mail.messageId).sort()).toEqual(
      accepted.map((mail) => mail.messageId).sort(),
    );
  });
});

/**
 * The real server process, killed with SIGKILL between a booking's commit and its mail's send.
 * A killed sender leaves its claim on the row (a 5-minute lease, so a live second process
 * never sends it too); the restarted process sends it when the lease runs out. The test runs
 * the lease out in the database rather than wait five minutes.
 */
describe('a crash between the booking commit and the send', () => {
  let data: ProcessDatabase;
  let smtp: FakeSmtp;
  let server: ServerProcess | undefined;
  let port: number;
  let body: (email: string) => Record<string, unknown>;

  const start = async () => {
    server = await spawnServer({
      env: {
        ...data.env,
        PORT: String(port),
        SMTP_URL: smtp.url,
        MAIL_POLL_INTERVAL_MS: '200',
        QUOTE_RATE_LIMIT_PER_MINUTE: '0',
        BOOKING_LIMIT_PER_ADDRESS: '0',
      },
      timeoutMs: 120_000,
    });
    return server;
  };

  /** The booking's outbox rows, read with the process dead (PGlite is one process's). */
  async function rowsOf(bookingNumber: string, then?: (handle: DatabaseHandle) => Promise<void>) {
    const handle = await data.open();
    try {
      const rows = (await outboxRows(handle)).filter(
        (row) =>
          row.subject === `Booking received: ${bookingNumber}` ||
          row.subject.startsWith(`New booking: ${bookingNumber},`),
      );
      await then?.(handle);
      return rows;
    } finally {
      await handle.close();
    }
  }

  /** The messages of a booking the SMTP server has accepted so far. */
  const acceptedOf = (bookingNumber: string) =>
    smtp.messages.filter((mail) => isMailOf(mail, bookingNumber));

  /**
   * Starts the server again after a kill, waits until `count` messages of the booking have been
   * accepted, stops it, and checks both outbox rows are recorded as sent; returns the messages.
   */
  async function restartUntilSent(bookingNumber: string, count: number) {
    await start();
    await waitFor('both mails sent', () => acceptedOf(bookingNumber).length >= count);
    await server!.stop();
    const rows = await rowsOf(bookingNumber);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    return { rows, accepted: acceptedOf(bookingNumber) };
  }

  /** Runs out the claims the killed process held: five minutes later, as far as they know. */
  async function expireLeases(handle: DatabaseHandle) {
    await handle.db
      .updateTable('outbox')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('status', '=', 'pending')
      .where('locked_until', 'is not', null)
      .execute();
  }

  beforeAll(async () => {
    // The kills and restarts are the point here, not the first start on an empty database.
    data = await createProcessDatabase('pglite', {
      seeded: true,
      lockStaleMs: QUICK_LOCK_TAKEOVER_MS,
    });
    smtp = await startFakeSmtp();
    port = await freePort();
    await start();
    body = await guestBookingBodies(server!.url);
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    smtp?.dropAll();
    await smtp?.stop();
    await data?.remove();
  });

  it(
    'delivers each mail once after a kill while SMTP held the message unanswered',
    { timeout: 120_000 },
    async () => {
      smtp.mode = 'hold';
      const answer = await postBooking(server!.url, body('held@example.com'), 'held');
      if (answer.kind !== 'booked') throw new Error(JSON.stringify(answer));
      const number = answer.bookingNumber;
      // The booking is acknowledged; its first mail is on the wire, unanswered.
      await waitFor('the held message', () =>
        smtp.unacknowledged.some((mail) => isMailOf(mail, number)),
      );
      await server!.kill();

      const claimed = await rowsOf(number, expireLeases);
      expect(claimed.map((row) => row.status)).toEqual(['pending', 'pending']);
      // Both claimed by the dead process; neither marked sent.
      expect(claimed.every((row) => row.attempts === 1 && row.locked_until !== null)).toBe(true);

      smtp.mode = 'accept';
      const { rows, accepted } = await restartUntilSent(number, 2);
      expect(accepted.map((mail) => mail.subject?.split(':')[0]).sort()).toEqual([
        'Booking received',
        'New booking',
      ]);
      expect(rows.map((row) => row.message_id).sort()).toEqual(
        accepted.map((mail) => mail.messageId).sort(),
      );
      // The held copy (never answered, so never accepted) had the Message-ID of the one sent.
      const held = smtp.unacknowledged.filter((mail) => isMailOf(mail, number));
      expect(held).toHaveLength(1);
      expect(accepted.map((mail) => mail.messageId)).toContain(held[0]?.messageId);
      await start();
    },
  );

  it(
    'sends again, under the same Message-ID, a message accepted just before the kill',
    { timeout: 120_000 },
    async () => {
      // The SMTP server keeps the message, and the process is killed before it hears the 250
      // and records the send. The kill waits for the booking's own answer: on a slow machine
      // the mail could otherwise go out, and the kill land, before that answer was written.
      smtp.mode = 'accept';
      const victim = server!;
      let answered = () => {};
      const answerArrived = new Promise<void>((resolve) => {
        answered = resolve;
      });
      smtp.onAccepted = async () => {
        smtp.onAccepted = undefined;
        await answerArrived;
        await victim.kill();
      };
      const answer = await postBooking(victim.url, body('accepted@example.com'), 'accepted');
      answered();
      if (answer.kind !== 'booked') throw new Error(JSON.stringify(answer));
      const number = answer.bookingNumber;
      await waitFor('the accepted message', () => acceptedOf(number).length > 0);
      await victim.kill();
      const before = acceptedOf(number);
      expect(before).toHaveLength(1);

      const claimed = await rowsOf(number, expireLeases);
      // The accepted message is not recorded as sent: the outbox cannot know it went.
      expect(claimed.map((row) => row.status)).toEqual(['pending', 'pending']);

      const { accepted } = await restartUntilSent(number, 3);
      expect(accepted).toHaveLength(3);
      // The duplicate is the message accepted before the kill, and carries its Message-ID.
      const counts = messageIdCounts(accepted);
      expect(counts.get(before[0]?.messageId ?? '')).toBe(2);
      expect(counts.size).toBe(2);
      server = undefined;
    },
  );
});
