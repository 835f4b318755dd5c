import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/domain/messages';
import { createOutboxRepository } from '../../src/server/repositories/outbox-repository';
import {
  bookingConfirmationMail,
  operatorBookingNoticeMail,
} from '../../src/server/services/mail/booking-mails';
import { resetCodeMail } from '../../src/server/services/mail/reset-code-mail';
import { ALICE, addPassenger, postAccount } from './accounts-fixtures';
import { startFakeSmtp } from './fakes/smtp';
import type { FakeSmtp } from './fakes/smtp';
import { startTestApp, tempDir, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { returnBookingMailData } from './mail-fixtures';

/** A clock the test moves by hand, so retries fall due without waiting. */
function movableClock(start = '2026-11-21T10:00:00Z') {
  let now = new Date(start);
  return {
    clock: () => now,
    advanceMinutes(minutes: number) {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}

async function outboxRows(t: TestApp, ids: number[]) {
  return t.db.handle.db
    .selectFrom('outbox')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

describe.each(testDatabaseKinds())('mail outbox on %s', (kind) => {
  describe('over SMTP', () => {
    let t: TestApp;
    let smtp: FakeSmtp;
    const time = movableClock();
    beforeAll(async () => {
      smtp = await startFakeSmtp();
      t = await startTestApp(kind, {
        env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '0' },
        clock: time.clock,
      });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.stop();
    });

    it('sends the booking confirmation with the reference, total and calendar', async () => {
      const outbox = createOutboxRepository(t.db.handle.db);
      const input = returnBookingMailData();
      const ids = [
        await outbox.enqueue(bookingConfirmationMail(input)),
        await outbox.enqueue(operatorBookingNoticeMail(input)),
      ];
      const before = smtp.messages.length;

      expect(await t.app.mailSender.drain()).toEqual({ sent: 2, failed: 0 });

      const received = smtp.messages.slice(before);
      expect(received).toHaveLength(2);
      const [confirmation, notice] = received;
      expect(confirmation?.subject).toBe('Booking received: RB7K4Q9M');
      // FROM_EMAIL from the seeded settings.
      expect(confirmation?.from?.text).toBe('bookings@ridebook.example');
      expect(confirmation?.to && 'text' in confirmation.to ? confirmation.to.text : '').toBe(
        'alice.smith@example.co.uk',
      );
      expect(confirmation?.text).toContain('Reference ID: RB7K4Q9M');
      expect(confirmation?.text).toContain('Total: £1,234.50');
      // The passenger's copy holds nothing the booker typed freely (issue 30); the operator's
      // does, escaped.
      expect(confirmation?.html).not.toContain('Smith');
      expect(notice?.html).toContain('Alice &lt;b&gt;Smith&lt;/b&gt;');
      const ics = confirmation?.attachments.find((a) => a.filename === 'booking-RB7K4Q9M.ics');
      expect(ics?.contentType).toBe('text/calendar');
      const calendar = ics?.content.toString('utf8') ?? '';
      expect(calendar).toContain('BEGIN:VEVENT');
      expect(calendar).toContain('DTSTART:20261128T143000Z');
      expect(notice?.subject).toContain('New booking: RB7K4Q9M');
      expect(notice?.replyTo?.text).toBe(input.data.passengerDetails.passenger_email);
      expect(confirmation?.replyTo).toBeUndefined();
      expect(notice?.to && 'text' in notice.to ? notice.to.text : '').toBe(
        'bookings@ridebook.example',
      );

      const rows = await outboxRows(t, ids);
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
      expect(rows.map((row) => row.message_id)).toEqual(received.map((m) => m.messageId));
      // Nothing is left to send.
      expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.messages).toHaveLength(before + 2);
    });

    it('keeps retrying while SMTP refuses or is down, then delivers each message exactly once', async () => {
      const outbox = createOutboxRepository(t.db.handle.db);
      const input = returnBookingMailData();
      const ids = [
        await outbox.enqueue(bookingConfirmationMail(input)),
        await outbox.enqueue(operatorBookingNoticeMail(input)),
        await outbox.enqueue(
          resetCodeMail({ to: 'bob@example.com', code: '482913', validMinutes: 10 }),
        ),
      ];
      const before = smtp.messages.length;

      // The server refuses every recipient (451): nothing is accepted, all three wait.
      smtp.refusing = true;
      expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 3 });
      expect(smtp.refusals).toBeGreaterThanOrEqual(3);
      let rows = await outboxRows(t, ids);
      expect(rows.every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);
      expect(rows[0]?.last_error).toMatch(/451|Mailbox temporarily unavailable/);
      // Not due again until the backoff has passed.
      expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 0 });

      // Then the server is down altogether: connections are refused.
      await smtp.stop();
      time.advanceMinutes(10);
      expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 3 });
      rows = await outboxRows(t, ids);
      expect(rows.every((row) => row.status === 'pending' && row.attempts === 2)).toBe(true);
      expect(rows[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);

      // It comes back and accepts mail.
      await smtp.start();
      smtp.refusing = false;
      time.advanceMinutes(10);
      expect(await t.app.mailSender.drain()).toEqual({ sent: 3, failed: 0 });
      time.advanceMinutes(60);
      expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 0 });

      const received = smtp.messages.slice(before);
      expect(received.map((m) => m.subject).sort()).toEqual(
        [
          'Booking received: RB7K4Q9M',
          'New booking: RB7K4Q9M, Saturday 28 November 2026 at 14:30',
          'Your password reset code',
        ].sort(),
      );
      expect(new Set(received.map((m) => m.messageId)).size).toBe(3);
      rows = await outboxRows(t, ids);
      expect(rows.every((row) => row.status === 'sent' && row.sent_at !== null)).toBe(true);
      expect(rows.every((row) => row.last_error === null && row.locked_until === null)).toBe(true);
    });
  });

  describe('without SMTP_URL', () => {
    let t: TestApp;
    let data: Awaited<ReturnType<typeof tempDir>>;
    beforeAll(async () => {
      data = await tempDir('ridebook-mail');
      // A poll far longer than the tests: only a nudge (or drain) can deliver in time.
      t = await startTestApp(kind, {
        env: { DATA_DIR: data.dir, MAIL_POLL_INTERVAL_MS: '3600000' },
      });
    });
    afterAll(async () => {
      await t?.close();
      await data?.remove();
    });
    const outboxDir = () => path.join(data.dir, 'outbox');

    it('writes an .eml file per message under DATA_DIR/outbox', async () => {
      const outbox = createOutboxRepository(t.db.handle.db);
      const id = await outbox.enqueue(bookingConfirmationMail(returnBookingMailData()));
      await t.app.mailSender.drain();

      const file = `${id}-booking-confirmation.eml`;
      expect(await readdir(outboxDir())).toContain(file);
      // Written whole and renamed: no temporary file is left behind.
      expect((await readdir(outboxDir())).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      const parsed = await simpleParser(await readFile(path.join(outboxDir(), file)));
      expect(parsed.subject).toBe('Booking received: RB7K4Q9M');
      expect(parsed.from?.text).toBe('bookings@ridebook.example');
      expect(parsed.text).toContain('Total: £1,234.50');
      expect(parsed.attachments[0]?.content.toString('utf8')).toContain('BEGIN:VEVENT');
      const [row] = await outboxRows(t, [id]);
      expect(row?.status).toBe('sent');
      expect(row?.message_id).toBe(parsed.messageId);
    });

    it('delivers a reset code, requested over HTTP, to a file the code can be read from', async () => {
      await addPassenger(t, ALICE);
      const sent = await postAccount(t, 'forgotPassword', { email: ALICE.email, type: 'website' });
      expect(sent.statusCode).toBe(200);
      // The service nudges the sender after its transaction: no drain, no poll needed.
      const file = await vi.waitFor(
        async () => {
          const name = (await readdir(outboxDir())).find((n) => n.endsWith('-reset-code.eml'));
          if (!name) throw new Error('no reset mail yet');
          return name;
        },
        { timeout: 5_000 },
      );
      const mail = await simpleParser(await readFile(path.join(outboxDir(), file)));
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(ALICE.email);
      const code = /Your reset code is (\d{6})\./.exec(mail.text ?? '')?.[1] ?? '';
      const verified = await postAccount(t, 'verifyCode', { email: ALICE.email, code });
      expect(verified.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.codeVerified });
    });

    it('sends in the background as soon as its delivery job is added and nudged', async () => {
      const outbox = createOutboxRepository(t.db.handle.db);
      const id = await outbox.enqueue(
        resetCodeMail({ to: 'c@example.com', code: '111222', validMinutes: 10 }),
      );
      await t.app.jobQueue.add('mail-outbox', {});
      t.app.jobQueue.nudge('mail-outbox');
      await vi.waitFor(
        async () => expect(await readdir(outboxDir())).toContain(`${id}-reset-code.eml`),
        { timeout: 5_000 },
      );
    });
  });
});
