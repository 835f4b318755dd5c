import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, SUBMISSION_MESSAGES } from '../../src/domain/messages';
import { startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  clearSubmissions,
  contactBody,
  movableClock,
  NOW,
  queuedMail,
  quoteBody,
  storedSubmissions,
  submit,
} from './submissions-fixtures';
import type { SubmissionPath } from './submissions-fixtures';

const FORMS: [SubmissionPath, (overrides?: Record<string, unknown>) => Record<string, unknown>][] =
  [
    ['sendInstantEmail', quoteBody],
    ['contactUs', contactBody],
  ];

describe.each(testDatabaseKinds())('submissions with an Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  const time = movableClock();
  beforeAll(async () => {
    t = await startTestApp(kind, { clock: time.clock, env: { MAIL_POLL_INTERVAL_MS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    time.set(NOW);
    await clearSubmissions(t);
  });

  describe.each(FORMS)('%s', (path, body) => {
    it('stores and mails once for 10 concurrent requests with one key, all answered alike', async () => {
      const key = crypto.randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => submit(t, path, body(), { key })),
      );
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual(answers[0]?.json());
      }
      expect(await storedSubmissions(t)).toHaveLength(1);
      expect(await queuedMail(t)).toHaveLength(2);
    });

    it('answers a later repeat with the first answer, even once its date has passed', async () => {
      const key = crypto.randomUUID();
      // A pickup today, NOW's date.
      const fields = path === 'sendInstantEmail' ? body({ pickup_date: '2026-11-21' }) : body();
      const first = await submit(t, path, fields, { key });
      expect(first.statusCode, first.body).toBe(200);
      // Replayed by the offline outbox the next morning, inside the key's 24 hours.
      time.set('2026-11-22T09:00:00Z');
      const replay = await submit(t, path, fields, { key });
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toEqual(first.json());
      expect(await storedSubmissions(t)).toHaveLength(1);
      expect(await queuedMail(t)).toHaveLength(2);
    });

    it('forgets a key after 24 hours: a repeat then counts as a new submission', async () => {
      const key = crypto.randomUUID();
      expect((await submit(t, path, body(), { key })).statusCode).toBe(200);
      time.advanceMinutes(24 * 60 + 1);
      expect((await submit(t, path, body(), { key })).statusCode).toBe(200);
      expect(await storedSubmissions(t)).toHaveLength(2);
    });

    it('treats the same fields written in another order, or with spaces around them, as the same', async () => {
      const key = crypto.randomUUID();
      const fields = body();
      const reordered = Object.fromEntries(Object.entries(fields).reverse());
      const email = path === 'contactUs' ? 'email' : 'passenger_email';
      const padded = { ...reordered, [email]: ` ${String(fields[email])} ` };
      expect((await submit(t, path, fields, { key })).statusCode).toBe(200);
      expect((await submit(t, path, padded, { key })).statusCode).toBe(200);
      expect(await storedSubmissions(t)).toHaveLength(1);
    });

    it('refuses the key with another body (422) and stores nothing more', async () => {
      const key = crypto.randomUUID();
      expect((await submit(t, path, body(), { key })).statusCode).toBe(200);
      const other = await submit(
        t,
        path,
        body(path === 'contactUs' ? { firstName: 'Eve' } : { passengers: 4 }),
        {
          key,
        },
      );
      expect(other.statusCode, other.body).toBe(422);
      const answer = other.json<Record<string, unknown>>();
      expect(answer.success).toBe(false);
      expect(answer.message).toBe(BOOKING_MESSAGES.idempotencyKeyReused);
      if (path === 'contactUs') expect(answer.error).toBe(BOOKING_MESSAGES.idempotencyKeyReused);
      expect(await storedSubmissions(t)).toHaveLength(1);
      expect(await queuedMail(t)).toHaveLength(2);
    });

    it('lets a corrected request reuse the key of a refused one', async () => {
      const key = crypto.randomUUID();
      const email = path === 'contactUs' ? 'email' : 'passenger_email';
      const bad = await submit(t, path, body({ [email]: 'not-an-email' }), { key });
      expect(bad.statusCode).toBe(400);
      const good = await submit(t, path, body(), { key });
      expect(good.statusCode, good.body).toBe(200);
      expect(await storedSubmissions(t)).toHaveLength(1);
    });

    it('keeps two keys apart: two submissions, four mails', async () => {
      expect((await submit(t, path, body(), { key: crypto.randomUUID() })).statusCode).toBe(200);
      expect((await submit(t, path, body(), { key: crypto.randomUUID() })).statusCode).toBe(200);
      expect(await storedSubmissions(t)).toHaveLength(2);
      expect(await queuedMail(t)).toHaveLength(4);
    });

    it.each([
      ['with spaces', 'has spaces in it'],
      ['over 255 characters', 'k'.repeat(256)],
      ['empty', ''],
    ])('refuses a key %s with a 400 naming Idempotency-Key', async (_what, key) => {
      const res = await submit(t, path, body(), { key });
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json<Record<string, unknown>>();
      expect(answer.errors).toEqual([
        {
          path: 'Idempotency-Key',
          message: 'Idempotency-Key must be 1 to 255 printable characters',
        },
      ]);
      if (path === 'contactUs') expect(answer.error).toBe(answer.message);
      expect(await storedSubmissions(t)).toEqual([]);
      expect(await queuedMail(t)).toEqual([]);
    });
  });

  it('keeps the keys of the two forms apart', async () => {
    const key = crypto.randomUUID();
    const quote = await submit(t, 'sendInstantEmail', quoteBody(), { key });
    const contact = await submit(t, 'contactUs', contactBody(), { key });
    expect(quote.json().message).toBe(SUBMISSION_MESSAGES.quoteSent);
    expect(contact.json().message).toBe(SUBMISSION_MESSAGES.formSubmitted);
    expect((await storedSubmissions(t)).map((row) => row.kind)).toEqual([
      'quote-now',
      'contact-us',
    ]);
  });
});
