import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QUERY_REASONS } from '../../src/contract/submissions';
import { SUBMISSION_MESSAGES } from '../../src/domain/messages';
import { startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  clearSubmissions,
  contactBody,
  movableClock,
  NOW,
  OPERATOR_EMAIL,
  queuedMail,
  storedSubmissions,
  submit,
} from './submissions-fixtures';

describe.each(testDatabaseKinds())('POST /contact-us on %s', (kind) => {
  let t: TestApp;
  const time = movableClock();
  beforeAll(async () => {
    // No background delivery: mail stays queued where the test can read it.
    t = await startTestApp(kind, { clock: time.clock, env: { MAIL_POLL_INTERVAL_MS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await clearSubmissions(t);
  });

  /** A 400 naming `path`, `error` repeating the message, nothing stored or mailed. */
  async function expectRefused(body: unknown, path: string, message?: RegExp) {
    const res = await submit(t, 'contactUs', body);
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json<{
      success: boolean;
      message: string;
      error: string;
      errors: { path: string; message: string }[];
    }>();
    expect(answer.success).toBe(false);
    expect(answer.error).toBe(answer.message);
    expect(answer.errors.map((issue) => issue.path)).toEqual([path]);
    expect(answer.message).toBe(answer.errors[0]?.message);
    expect(answer.message).toContain(path);
    if (message) expect(answer.message).toMatch(message);
    expect(await storedSubmissions(t)).toEqual([]);
    expect(await queuedMail(t)).toEqual([]);
  }

  it('stores the message and queues one mail to the operator and one to the sender', async () => {
    const res = await submit(t, 'contactUs', contactBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SUBMISSION_MESSAGES.formSubmitted });
    expect(res.headers['cache-control']).toBe('no-store');

    const [row, ...more] = await storedSubmissions(t);
    expect(more).toEqual([]);
    expect(row?.kind).toBe('contact-us');
    expect(row?.email).toBe('bob.jones@example.com');
    expect(row?.created_at).toEqual(new Date(NOW));
    expect(row?.payload).toEqual(contactBody());

    const mail = await queuedMail(t);
    expect(mail.map((m) => [m.kind, m.recipient, m.subject])).toEqual([
      ['operator-contact-message', OPERATOR_EMAIL, 'Contact form: Lost Item (booking 123456789)'],
      ['contact-message-received', 'bob.jones@example.com', 'We have received your message'],
    ]);
    const [operator, acknowledgement] = mail;
    for (const line of [
      'Query reason: Lost Item',
      'Booking number: 123456789',
      'Comments: I left a black umbrella in the car.',
      'First name: Bob',
      'Last name: Jones',
      'Email: bob.jones@example.com',
      'Telephone: +44 20 7946 0018',
    ]) {
      expect(operator?.text_body).toContain(line);
    }
    expect(operator?.text_body).toContain('Reply to bob.jones@example.com');
    // Nothing typed is echoed to whatever address was given (issue 17): no name, no numbers.
    expect(acknowledgement?.text_body).toContain('Thank you. We have received your message');
    expect(acknowledgement?.text_body).not.toContain('Bob');
    expect(acknowledgement?.text_body).not.toContain('123456789');
    expect(acknowledgement?.text_body).toContain(`Email: ${OPERATOR_EMAIL}`);
    expect(acknowledgement?.text_body).not.toContain('umbrella');
  });

  it('needs only an email; the query reason defaults to Booking', async () => {
    const res = await submit(t, 'contactUs', { email: 'dee@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await storedSubmissions(t);
    expect(row?.payload).toEqual({
      firstName: '',
      lastName: '',
      email: 'dee@example.com',
      telephone: '',
      queryReason: 'Booking',
      bookingNumber: '',
      comments: '',
    });
    const [operator] = await queuedMail(t);
    expect(operator?.subject).toBe('Contact form: Booking');
  });

  it('still stores and acknowledges the message when FROM_EMAIL is not set', async () => {
    const settings = t.db.handle.db
      .updateTable('settings')
      .where('setting_name', '=', 'FROM_EMAIL');
    await settings.set({ setting_value: '' }).execute();
    try {
      const res = await submit(t, 'contactUs', contactBody());
      expect(res.statusCode, res.body).toBe(200);
      expect(await storedSubmissions(t)).toHaveLength(1);
      // Nowhere to send the operator's copy; the stored row is the operator's record.
      expect((await queuedMail(t)).map((m) => m.kind)).toEqual(['contact-message-received']);
    } finally {
      await settings.set({ setting_value: OPERATOR_EMAIL }).execute();
    }
  });

  it.each(QUERY_REASONS)('accepts the query reason %s', async (queryReason) => {
    const res = await submit(t, 'contactUs', contactBody({ queryReason }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('escapes what the sender typed in the HTML mails', async () => {
    const res = await submit(t, 'contactUs', contactBody({ firstName: '<script>x</script>' }));
    expect(res.statusCode, res.body).toBe(200);
    for (const mail of await queuedMail(t)) {
      // The acknowledgement carries no typed name at all (issue 17); the operator's escapes it.
      if (mail.kind === 'operator-contact-message') {
        expect(mail.html_body).toContain('&lt;script&gt;x&lt;/script&gt;');
      }
      expect(mail.html_body).not.toContain('<script>');
    }
  });

  it.each([
    ['email', undefined, /required/],
    ['email', '', /required/],
    ['email', 'bob', /email address/],
    ['email', 'bob;eve@example.com', /email address/],
    ['email', 7, /must be text/],
    ['telephone', 'ring me', /only digits/],
    ['telephone', '0207', /at least 7 digits/],
    ['bookingNumber', 'RB7K4Q9M', /only digits/],
    ['bookingNumber', '123 456', /only digits/],
    ['bookingNumber', 123456789, /must be text/],
    ['queryReason', 'Refund', /one of Booking, Invoice, Complaint, Lost Item, Other/],
    ['queryReason', 'booking', /one of/],
    ['firstName', ['Bob'], /must be text/],
    ['lastName', 'J'.repeat(101), /at most 100 characters/],
    ['comments', 'x'.repeat(5001), /at most 5000 characters/],
    ['firstName', 'Bob\rBcc: x', /not allowed/],
    ['comments', 'Lost\u0000property', /not allowed/],
  ])('refuses %s = %j with a 400 naming it, with error', async (field, value, message) => {
    await expectRefused(contactBody({ [field]: value }), field, message);
  });
});
