import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { submissionResponseSchema } from '../../src/contract/submissions';
import { SUBMISSION_MESSAGES } from '../../src/domain/messages';
import { startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  clearSubmissions,
  movableClock,
  NOW,
  OPERATOR_EMAIL,
  queuedMail,
  quoteBody,
  storedSubmissions,
  submit,
} from './submissions-fixtures';

describe.each(testDatabaseKinds())('POST /send-instant-email (Quote Now) on %s', (kind) => {
  let t: TestApp;
  const time = movableClock();
  beforeAll(async () => {
    // No background delivery: mail stays queued where the test can read it.
    t = await startTestApp(kind, {
      clock: time.clock,
      env: { MAIL_POLL_INTERVAL_MS: '0' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    time.set(NOW);
    await clearSubmissions(t);
  });

  /** A 400 naming `path`, with nothing stored or mailed. */
  async function expectRefused(body: unknown, path: string, message?: RegExp) {
    const res = await submit(t, 'sendInstantEmail', body);
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json<{
      success: boolean;
      message: string;
      errors: { path: string; message: string }[];
    }>();
    expect(answer.success).toBe(false);
    expect(answer.errors.map((issue) => issue.path)).toContain(path);
    const issue = answer.errors.find((item) => item.path === path);
    expect(issue?.message).toContain(path);
    if (message) expect(issue?.message).toMatch(message);
    expect(answer.message).toBe(answer.errors[0]?.message);
    expect(await storedSubmissions(t)).toEqual([]);
    expect(await queuedMail(t)).toEqual([]);
    return answer;
  }

  it('stores the request and queues one mail to the operator and one to the passenger', async () => {
    const res = await submit(t, 'sendInstantEmail', quoteBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: SUBMISSION_MESSAGES.quoteSent,
      data: { success: true },
    });
    expect(submissionResponseSchema.safeParse(res.json()).success).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');

    const [row, ...more] = await storedSubmissions(t);
    expect(more).toEqual([]);
    expect(row?.kind).toBe('quote-now');
    expect(row?.email).toBe('alice.smith@example.co.uk');
    expect(row?.created_at).toEqual(new Date(NOW));
    expect(row?.payload).toEqual({
      pickup_address: 'Heathrow Airport Terminal 5, TW6 2GA',
      dropoff_address: 'Charing Cross Station, London WC2N 5HF',
      pickup_date: '2026-11-28',
      pickup_time: '14:30',
      passenger_email: 'alice.smith@example.co.uk',
      passenger_phone: '+44 7700 900123',
      passenger_name: 'Alice Smith',
      additional_info: 'Two large suitcases and a pushchair',
      passengers: 3,
      luggages: 2,
    });

    const mail = await queuedMail(t);
    expect(mail.map((m) => [m.kind, m.recipient, m.subject, m.status])).toEqual([
      [
        'operator-quote-request',
        OPERATOR_EMAIL,
        'Quote request: Saturday 28 November 2026 at 14:30',
        'pending',
      ],
      [
        'quote-request-received',
        'alice.smith@example.co.uk',
        'We have received your quote request',
        'pending',
      ],
    ]);
    const [operator, acknowledgement] = mail;
    for (const line of [
      'Pickup: Heathrow Airport Terminal 5, TW6 2GA',
      'Drop-off: Charing Cross Station, London WC2N 5HF',
      'Date: Saturday 28 November 2026',
      'Time: 14:30',
      'Passengers: 3',
      'Luggages: 2',
      'Name: Alice Smith',
      'Email: alice.smith@example.co.uk',
      'Phone: +44 7700 900123',
      'Additional comments: Two large suitcases and a pushchair',
    ]) {
      expect(operator?.text_body).toContain(line);
    }
    // Nothing typed is echoed to whatever address was given (issue 17): no name, no addresses.
    expect(acknowledgement?.text_body).toContain('Thank you. We have received your request');
    expect(acknowledgement?.text_body).not.toContain('Alice');
    expect(acknowledgement?.text_body).not.toContain('Heathrow');
    // The operator's contact details, from the seeded settings.
    expect(acknowledgement?.text_body).toContain(`Email: ${OPERATOR_EMAIL}`);
    // Free text goes to the operator only, never back out to whatever address was typed.
    expect(acknowledgement?.text_body).not.toContain('pushchair');
  });

  it('fills in the defaults and turns the date and time into YYYY-MM-DD and 24-hour HH:MM', async () => {
    const res = await submit(t, 'sendInstantEmail', {
      pickup_date: '05/12/2026',
      pickup_time: '9:30pm',
      passenger_email: '  carol@example.com ',
      passenger_phone: '07700 900456',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await storedSubmissions(t);
    expect(row?.payload).toEqual({
      pickup_address: '',
      dropoff_address: '',
      pickup_date: '2026-12-05',
      pickup_time: '21:30',
      passenger_email: 'carol@example.com',
      passenger_phone: '07700 900456',
      passenger_name: '',
      additional_info: '',
      passengers: 1,
      luggages: 0,
    });
    const mail = await queuedMail(t);
    expect(mail.map((m) => m.recipient)).toEqual([OPERATOR_EMAIL, 'carol@example.com']);
    expect(mail[1]?.text_body).toContain('Thank you. We have received your request');
  });

  it.each([
    ['9pm', '21:00'],
    ['12am', '00:00'],
    ['12pm', '12:00'],
    ['12:15 PM', '12:15'],
    ['9.30am', '09:30'],
    ['7:05', '07:05'],
    ['23:59', '23:59'],
    ['09:30:00', '09:30'],
  ])('reads the pickup time %s as %s', async (sent, stored) => {
    const res = await submit(t, 'sendInstantEmail', quoteBody({ pickup_time: sent }));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await storedSubmissions(t);
    expect((row?.payload as { pickup_time: string }).pickup_time).toBe(stored);
  });

  it('takes passengers 1 to 50 and luggages 0 to 20, as numbers or numeric text', async () => {
    for (const [passengers, luggages] of [
      [1, 0],
      ['50', '20'],
      [null, ''],
    ]) {
      const res = await submit(t, 'sendInstantEmail', quoteBody({ passengers, luggages }));
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await storedSubmissions(t);
    const counts = rows.map((row) => row.payload as { passengers: number; luggages: number });
    expect(counts.map((count) => [count.passengers, count.luggages])).toEqual([
      [1, 0],
      [50, 20],
      [1, 0],
    ]);
  });

  it('names every missing required field at once', async () => {
    const answer = await expectRefused({}, 'pickup_date', /required/);
    expect(answer.errors.map((issue) => issue.path).sort()).toEqual([
      'passenger_email',
      'passenger_phone',
      'pickup_date',
      'pickup_time',
    ]);
    for (const issue of answer.errors) expect(issue.message).toBe(`${issue.path} is required`);
  });

  it('names every field that breaks a rule at once', async () => {
    const answer = await expectRefused(
      quoteBody({
        passenger_email: 'alice',
        passenger_phone: 'x',
        pickup_date: '2026-13-01',
        pickup_time: '9',
        passengers: 99,
        luggages: 99,
      }),
      'passenger_email',
    );
    expect(answer.errors.map((issue) => issue.path).sort()).toEqual([
      'luggages',
      'passenger_email',
      'passenger_phone',
      'passengers',
      'pickup_date',
      'pickup_time',
    ]);
  });

  it('treats blank required fields as missing', async () => {
    await expectRefused(quoteBody({ passenger_email: '   ' }), 'passenger_email', /required/);
  });

  it.each([
    ['passenger_email', 'alice.example.com', /email address/],
    ['passenger_email', 'alice@example', /email address/],
    ['passenger_email', 'a,b@example.com', /email address/],
    ['passenger_email', 'Alice <alice@example.com>', /email address/],
    ['passenger_phone', 'call me', /only digits/],
    ['passenger_phone', '12345', /at least 7 digits/],
    ['pickup_date', '2026-02-30', /valid date/],
    ['pickup_date', '31/11/2026', /valid date/],
    ['pickup_date', 'next week', /valid date/],
    ['pickup_date', '2026-11-20', /in the past/],
    ['pickup_time', '25:00', /time such as/],
    ['pickup_time', '13pm', /time such as/],
    ['pickup_time', 'noon', /time such as/],
    ['passengers', 0, /1 to 50/],
    ['passengers', 51, /1 to 50/],
    ['passengers', 2.5, /1 to 50/],
    ['passengers', '3 people', /1 to 50/],
    ['passengers', true, /1 to 50/],
    ['passengers', [3], /1 to 50/],
    ['luggages', -1, /0 to 20/],
    ['luggages', 21, /0 to 20/],
    ['passenger_name', 'A'.repeat(201), /at most 200 characters/],
    ['additional_info', 'x'.repeat(2001), /at most 2000 characters/],
    ['pickup_address', 'x'.repeat(301), /at most 300 characters/],
    ['passenger_email', `${'a'.repeat(250)}@example.com`, /at most 254 characters/],
    ['passenger_name', 42, /must be text/],
    ['passenger_name', ['Alice'], /must be text/],
    ['passenger_email', { address: 'a@b.com' }, /must be text/],
    ['passenger_name', null, /must be text/],
    ['passenger_name', 'Alice\u0000Smith', /not allowed/],
    ['pickup_address', 'Line one\nBcc: someone', /not allowed/],
    ['passenger_email', 'alice\u0000@example.com', /email address/],
    ['passenger_email', 'alice\ud800@example.com', /email address/],
  ])('refuses %s = %j with a 400 naming it', async (field, value, message) => {
    await expectRefused(quoteBody({ [field]: value }), field, message);
  });

  it('keeps line breaks in the additional comments', async () => {
    const res = await submit(
      t,
      'sendInstantEmail',
      quoteBody({ additional_info: 'Flight BA283\nLands 14:05\tterminal 5' }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('judges "in the past" by the date in London, not in UTC', async () => {
    // 23:30 UTC on 30 June is already 00:30 on 1 July in London (BST).
    time.set('2026-06-30T23:30:00Z');
    await expectRefused(quoteBody({ pickup_date: '2026-06-30' }), 'pickup_date', /in the past/);
    const today = await submit(t, 'sendInstantEmail', quoteBody({ pickup_date: '01/07/2026' }));
    expect(today.statusCode, today.body).toBe(200);
  });
});
