import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { buildApp } from '../../src/server/app';
import { startFakeSmtp } from './fakes/smtp';
import type { FakeSmtp } from './fakes/smtp';
import {
  API_HEADERS,
  openTestDatabase,
  startTestApp,
  testConfig,
  testDatabaseKinds,
} from './helpers';
import type { TestApp } from './helpers';
import {
  contactBody,
  movableClock,
  OPERATOR_EMAIL,
  queuedMail,
  quoteBody,
  storedSubmissions,
  submit,
} from './submissions-fixtures';

function recipient(mail: ParsedMail | undefined): string {
  return mail?.to && 'text' in mail.to ? mail.to.text : '';
}

/** Waits until `count` messages in all have arrived since `before`, and returns them. */
async function arrived(smtp: FakeSmtp, before: number, count: number): Promise<ParsedMail[]> {
  await vi.waitFor(() => expect(smtp.messages.length).toBeGreaterThanOrEqual(before + count), {
    timeout: 10_000,
  });
  return smtp.messages.slice(before);
}

describe.each(testDatabaseKinds())('submission mails over SMTP on %s', (kind) => {
  describe('while SMTP is up', () => {
    let t: TestApp;
    let smtp: FakeSmtp;
    beforeAll(async () => {
      smtp = await startFakeSmtp();
      // A poll far longer than the tests: only the nudge after each request can deliver in time.
      t = await startTestApp(kind, {
        clock: movableClock().clock,
        env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '3600000' },
      });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.stop();
    });

    it('sends a Quote Now request to the operator and an acknowledgement to the passenger, once', async () => {
      const before = smtp.messages.length;
      const key = crypto.randomUUID();
      const first = await submit(t, 'sendInstantEmail', quoteBody(), { key });
      expect(first.statusCode, first.body).toBe(200);

      const received = await arrived(smtp, before, 2);
      expect(received).toHaveLength(2);
      const operator = received.find((mail) => recipient(mail) === OPERATOR_EMAIL);
      const acknowledgement = received.find(
        (mail) => recipient(mail) === 'alice.smith@example.co.uk',
      );
      expect(operator?.from?.text).toBe(OPERATOR_EMAIL);
      expect(operator?.subject).toBe('Quote request: Saturday 28 November 2026 at 14:30');
      expect(operator?.text).toContain('Alice Smith asks for a quote');
      expect(operator?.text).toContain('Pickup: Heathrow Airport Terminal 5, TW6 2GA');
      expect(operator?.text).toContain('Drop-off: Charing Cross Station, London WC2N 5HF');
      expect(operator?.text).toContain('Phone: +44 7700 900123');
      expect(operator?.text).toContain('Additional comments: Two large suitcases and a pushchair');
      expect(operator?.html).toContain('Heathrow Airport Terminal 5');
      // The operator answers the passenger with Reply; the acknowledgement is replied to us.
      expect(operator?.replyTo?.text).toBe('alice.smith@example.co.uk');
      expect(acknowledgement?.replyTo).toBeUndefined();
      expect(acknowledgement?.from?.text).toBe(OPERATOR_EMAIL);
      expect(acknowledgement?.subject).toBe('We have received your quote request');
      expect(acknowledgement?.text).toContain('Saturday 28 November 2026 at 14:30');
      expect(acknowledgement?.text).toContain(`Email: ${OPERATOR_EMAIL}`);

      // The browser's outbox sends it again, twice, with the same key.
      for (let i = 0; i < 2; i += 1) {
        const repeat = await submit(t, 'sendInstantEmail', quoteBody(), { key });
        expect(repeat.json()).toEqual(first.json());
      }
      expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.messages).toHaveLength(before + 2);
    });

    it('sends a Contact Us message to the operator and an acknowledgement to the sender, once', async () => {
      const before = smtp.messages.length;
      const key = crypto.randomUUID();
      const answers = await Promise.all([
        submit(t, 'contactUs', contactBody(), { key }),
        submit(t, 'contactUs', contactBody(), { key }),
      ]);
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);

      const received = await arrived(smtp, before, 2);
      const operator = received.find((mail) => recipient(mail) === OPERATOR_EMAIL);
      const acknowledgement = received.find((mail) => recipient(mail) === 'bob.jones@example.com');
      expect(operator?.subject).toBe('Contact form: Lost Item (booking 123456789)');
      expect(operator?.text).toContain('Bob Jones sent a Lost Item query (booking 123456789).');
      expect(operator?.text).toContain('Comments: I left a black umbrella in the car.');
      expect(operator?.text).toContain('Telephone: +44 20 7946 0018');
      expect(operator?.replyTo?.text).toBe('bob.jones@example.com');
      expect(acknowledgement?.replyTo).toBeUndefined();
      expect(acknowledgement?.subject).toBe('We have received your message');
      expect(acknowledgement?.text).toContain('Thank you. We have received your message');

      expect(await t.app.mailSender.drain()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.messages).toHaveLength(before + 2);
    });
  });

  it('keeps both mails through an SMTP outage and a restart, then delivers each once', async () => {
    const smtp = await startFakeSmtp();
    const db = await openTestDatabase(kind);
    const time = movableClock();
    // No background delivery: each pass is the test's drain().
    const config = testConfig({ SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '0' });
    try {
      await smtp.stop();
      const first = await buildApp({ config, db: db.handle, clock: time.clock });
      try {
        await first.ready();
        const res = await first.inject({
          method: 'POST',
          url: `${API_BASE}${API_PATHS.contactUs}`,
          headers: { ...API_HEADERS, 'content-type': 'application/json' },
          payload: JSON.stringify(contactBody()),
        });
        // The visitor is told it went: the message is safe in the database.
        expect(res.statusCode, res.body).toBe(200);
        expect(await first.mailSender.drain()).toEqual({ sent: 0, failed: 2 });
      } finally {
        await first.close();
      }

      // The process restarts; SMTP is back; the retry falls due.
      await smtp.start();
      time.advanceMinutes(10);
      const second = await buildApp({ config, db: db.handle, clock: time.clock });
      try {
        await second.ready();
        expect(await second.mailSender.drain()).toEqual({ sent: 2, failed: 0 });
        expect(await second.mailSender.drain()).toEqual({ sent: 0, failed: 0 });
      } finally {
        await second.close();
      }
      expect(smtp.messages.map(recipient).sort()).toEqual(
        ['bob.jones@example.com', OPERATOR_EMAIL].sort(),
      );
      const rows = await queuedMail({ db });
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
      expect(await storedSubmissions({ db })).toHaveLength(1);
    } finally {
      await db.dispose();
      await smtp.stop();
    }
  });
});
