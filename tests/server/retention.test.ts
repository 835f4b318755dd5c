import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutboxRepository } from '../../src/server/repositories/outbox-repository';
import { bookingConfirmationMail } from '../../src/server/services/mail/booking-mails';
import { resetCodeMail } from '../../src/server/services/mail/reset-code-mail';
import { addPassenger } from './accounts-fixtures';
import { quoteFor } from './booking-fixtures';
import { startTestApp, tempDir, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { returnBookingMailData } from './mail-fixtures';

/** "Now" for every pass in this file. */
const NOW = new Date('2026-11-21T10:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe.each(testDatabaseKinds())('retention purge on %s', (kind) => {
  let t: TestApp;
  let data: { dir: string; remove(): Promise<void> };
  let passengerId: number;
  beforeAll(async () => {
    data = await tempDir('ridebook-retention');
    t = await startTestApp(kind, {
      clock: () => NOW,
      // Defaults for the periods: mail bodies 30 days, quotes 24 h, open checkouts 72 h.
      env: { DATA_DIR: data.dir, MAIL_POLL_INTERVAL_MS: '0', RETENTION_INTERVAL_MS: '0' },
    });
    passengerId = await addPassenger(t);
  });
  afterAll(async () => {
    await t?.close();
    await data?.remove();
  });
  beforeEach(async () => {
    const db = t.db.handle.db;
    for (const table of [
      'quotes',
      'passenger_sessions',
      'idempotency_keys',
      'reset_codes',
      'outbox',
      'checkout_sessions',
    ] as const) {
      await db.deleteFrom(table).execute();
    }
  });

  /** Rows at both sides of each cut-off; the names say which must survive a pass at NOW. */
  async function insertOldAndFresh() {
    const db = t.db.handle.db;
    const quoteIds: string[] = [];
    for (let i = 0; i < 3; i += 1) quoteIds.push((await quoteFor(t)).quote.quote_id);
    const [oldQuote, graceQuote, liveQuote] = quoteIds;
    await db
      .updateTable('quotes')
      .set({ expires_at: ago(25 * HOUR) })
      .where('id', '=', oldQuote!)
      .execute();
    await db
      .updateTable('quotes')
      .set({ expires_at: ago(23 * HOUR) })
      .where('id', '=', graceQuote!)
      .execute();
    await db
      .updateTable('quotes')
      .set({ expires_at: later(10 * MINUTE) })
      .where('id', '=', liveQuote!)
      .execute();

    await db
      .insertInto('passenger_sessions')
      .values([
        { token_hash: 'expired', passenger_id: passengerId, expires_at: ago(MINUTE) },
        {
          token_hash: 'revoked',
          passenger_id: passengerId,
          expires_at: later(DAY),
          revoked_at: ago(HOUR),
        },
        { token_hash: 'live', passenger_id: passengerId, expires_at: later(DAY) },
      ])
      .execute();

    const answer = { scope: 'booking', request_hash: 'h', status_code: 200, response: '{}' };
    await db
      .insertInto('idempotency_keys')
      .values([
        { ...answer, key: 'expired', expires_at: ago(MINUTE) },
        { ...answer, key: 'live', expires_at: later(HOUR) },
      ])
      .execute();

    const code = { passenger_id: passengerId, code_hash: 'x' };
    await db
      .insertInto('reset_codes')
      .values([
        { ...code, code_hash: 'used', expires_at: later(5 * MINUTE), used_at: ago(MINUTE) },
        { ...code, code_hash: 'expired', expires_at: ago(MINUTE) },
        { ...code, code_hash: 'live', expires_at: later(5 * MINUTE) },
      ])
      .execute();

    const mail = {
      kind: 'booking-confirmation',
      recipient: 'a@example.com',
      text_body: 'words',
      html_body: '<p>words</p>',
    };
    await db
      .insertInto('outbox')
      .values([
        {
          ...mail,
          subject: 'old sent',
          status: 'sent',
          sent_at: ago(31 * DAY),
          attachments: '[{"filename":"a.ics","contentType":"text/calendar","content":"x"}]',
        },
        { ...mail, subject: 'recent sent', status: 'sent', sent_at: ago(29 * DAY) },
        { ...mail, subject: 'old unsent', status: 'pending', created_at: ago(40 * DAY) },
      ])
      .execute();

    const checkout = {
      provider: 'test' as const,
      amount_pence: 5000,
      currency: 'gbp',
      pending: JSON.stringify({
        registration: { passwordHash: '$argon2id$…', email: 'new@example.com' },
      }),
      url: 'http://x/checkout',
      success_url: 'http://x/ok',
      cancel_url: 'http://x/cancel',
    };
    await db
      .insertInto('checkout_sessions')
      .values([
        { ...checkout, id: 'cs_open_abandoned', expires_at: ago(73 * HOUR) },
        { ...checkout, id: 'cs_open_in_grace', expires_at: ago(71 * HOUR) },
        { ...checkout, id: 'cs_canceled_expired', status: 'canceled', expires_at: ago(MINUTE) },
        { ...checkout, id: 'cs_canceled_live', status: 'canceled', expires_at: later(HOUR) },
        { ...checkout, id: 'cs_paid_unbooked', status: 'paid', expires_at: ago(30 * DAY) },
        { ...checkout, id: 'cs_open_live', expires_at: later(HOUR) },
      ])
      .execute();

    // The .eml mail drop (no SMTP_URL), aged by modification time.
    const dir = path.join(data.dir, 'outbox');
    await mkdir(dir, { recursive: true });
    for (const [name, age] of [
      ['901-booking-confirmation.eml', 31 * DAY],
      ['902-booking-confirmation.eml', 29 * DAY],
      ['903-reset-code.eml', 11 * MINUTE],
      ['904-reset-code.eml', 5 * MINUTE],
    ] as const) {
      const file = path.join(dir, name);
      await writeFile(file, 'Subject: test\r\n\r\nbody\r\n');
      await utimes(file, ago(age), ago(age));
    }
    return { liveQuote, graceQuote };
  }

  async function remaining() {
    const db = t.db.handle.db;
    return {
      quotes: (await db.selectFrom('quotes').select('id').execute()).map((r) => r.id).sort(),
      sessions: (await db.selectFrom('passenger_sessions').select('token_hash').execute())
        .map((r) => r.token_hash)
        .sort(),
      idempotency: (await db.selectFrom('idempotency_keys').select('key').execute())
        .map((r) => r.key)
        .sort(),
      resetCodes: (await db.selectFrom('reset_codes').select('code_hash').execute())
        .map((r) => r.code_hash)
        .sort(),
      mail: await db
        .selectFrom('outbox')
        .select(['subject', 'text_body', 'html_body', 'attachments', 'status'])
        .orderBy('subject')
        .execute(),
      checkouts: (await db.selectFrom('checkout_sessions').select('id').execute())
        .map((r) => r.id)
        .sort(),
      emlFiles: (await readdir(path.join(data.dir, 'outbox')))
        .filter((n) => n.startsWith('90'))
        .sort(),
    };
  }

  it('removes exactly what has ended and keeps the rest', async () => {
    const { liveQuote, graceQuote } = await insertOldAndFresh();

    const result = await t.app.retention.runOnce();

    expect(result).toEqual({
      quotes: 1,
      sessions: 2,
      idempotencyAnswers: 1,
      resetCodes: 2,
      mailBodies: 1,
      checkouts: 2,
      positions: 0,
      emlFiles: 2,
    });
    const left = await remaining();
    expect(left.quotes).toEqual([graceQuote, liveQuote].sort());
    expect(left.sessions).toEqual(['live']);
    expect(left.idempotency).toEqual(['live']);
    expect(left.resetCodes).toEqual(['live']);
    // Every mail's record stays; only the old sent one loses its words.
    expect(left.mail).toEqual([
      { subject: 'old sent', text_body: '', html_body: '', attachments: [], status: 'sent' },
      {
        subject: 'old unsent',
        text_body: 'words',
        html_body: '<p>words</p>',
        attachments: [],
        status: 'pending',
      },
      {
        subject: 'recent sent',
        text_body: 'words',
        html_body: '<p>words</p>',
        attachments: [],
        status: 'sent',
      },
    ]);
    expect(left.checkouts).toEqual(
      ['cs_canceled_live', 'cs_open_in_grace', 'cs_open_live', 'cs_paid_unbooked'].sort(),
    );
    expect(left.emlFiles).toEqual(['902-booking-confirmation.eml', '904-reset-code.eml']);

    // A second pass finds nothing more.
    expect(await t.app.retention.runOnce()).toEqual({
      quotes: 0,
      sessions: 0,
      idempotencyAnswers: 0,
      resetCodes: 0,
      mailBodies: 0,
      checkouts: 0,
      positions: 0,
      emlFiles: 0,
    });
  });

  it('runs two passes at once without failing, and the outcome is the same', async () => {
    await insertOldAndFresh();
    const results = await Promise.all([t.app.retention.runOnce(), t.app.retention.runOnce()]);
    // One pass may find the other holding the lock and stand aside (undefined).
    expect(results.filter((r) => r !== undefined).length).toBeGreaterThanOrEqual(1);
    const left = await remaining();
    expect(left.sessions).toEqual(['live']);
    expect(left.checkouts).toHaveLength(4);
    expect(left.emlFiles).toEqual(['902-booking-confirmation.eml', '904-reset-code.eml']);
  });

  it('clears a reset code mail as soon as it is sent, and keeps other bodies', async () => {
    const outbox = createOutboxRepository(t.db.handle.db);
    const resetId = await outbox.enqueue(
      resetCodeMail({ to: 'alice@example.com', code: '482913', validMinutes: 10 }),
    );
    const bookingId = await outbox.enqueue(bookingConfirmationMail(returnBookingMailData()));
    expect(await t.app.mailSender.drain()).toEqual({ sent: 2, failed: 0 });

    const rows = await t.db.handle.db
      .selectFrom('outbox')
      .select(['id', 'status', 'text_body', 'html_body', 'kind', 'recipient'])
      .orderBy('id')
      .execute();
    const reset = rows.find((row) => row.id === resetId);
    expect(reset).toMatchObject({
      status: 'sent',
      text_body: '',
      html_body: '',
      kind: 'reset-code',
    });
    expect(reset?.recipient).toBe('alice@example.com');
    expect(rows.find((row) => row.id === bookingId)?.text_body).toContain('RB7K4Q9M');
  });
});

describe.each(testDatabaseKinds())('retention schedule on %s', (kind) => {
  it('runs the purge by itself every RETENTION_INTERVAL_MS once the app is ready', async () => {
    const t = await startTestApp(kind, {
      clock: () => NOW,
      env: { MAIL_POLL_INTERVAL_MS: '0', RETENTION_INTERVAL_MS: '50' },
    });
    try {
      const passengerId = await addPassenger(t);
      await t.db.handle.db
        .insertInto('passenger_sessions')
        .values({ token_hash: 'ended', passenger_id: passengerId, expires_at: ago(MINUTE) })
        .execute();
      await vi.waitFor(
        async () => {
          const rows = await t.db.handle.db.selectFrom('passenger_sessions').select('id').execute();
          expect(rows).toEqual([]);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await t.close();
    }
  });
});
