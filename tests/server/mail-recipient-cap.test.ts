import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingResponseSchema } from '../../src/contract/bookings';
import { RECIPIENT_DAILY_MAIL_CAP } from '../../src/server/services/mail/recipient-cap';
import { addPassenger, postAccount } from './accounts-fixtures';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { bookingBody, clearBookings, guestRegistration, quoteFor } from './booking-fixtures';
import { startFakeSmtp } from './fakes/smtp';
import { fakeStripeConfig, startFakeStripe } from './fakes/stripe-server';
import type { FakeStripe } from './fakes/stripe-server';
import type { FakeSmtp } from './fakes/smtp';
import { API_HEADERS, startTestApp, tempDir, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { fixedClock, pence } from './quote-fixtures';
import {
  contactBody,
  freshAddress,
  OPERATOR_EMAIL,
  quoteBody,
  submit,
} from './submissions-fixtures';

const CAP = RECIPIENT_DAILY_MAIL_CAP;

function recipient(mail: ParsedMail): string {
  return mail.to && 'text' in mail.to ? mail.to.text.toLowerCase() : '';
}

/** The same inbox written as a stranger might type it: any case, any +tag. */
function spellings(local: string, domain: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    i % 3 === 0
      ? `${local}@${domain}`
      : i % 3 === 1
        ? `${local.toUpperCase()}@${domain}`
        : `${local}+${i}@${domain}`,
  );
}

function mailboxOf(address: string): string {
  const [local = '', domain = ''] = address.toLowerCase().split('@');
  return `${local.split('+')[0]}@${domain}`;
}

/**
 * Fills `email`'s daily cap with Contact Us acknowledgements, then opens a guest's checkout
 * session for a ride whose confirmation goes there; the session's id.
 */
async function checkoutForInboxAtCap(t: TestApp, email: string): Promise<string> {
  for (let i = 0; i < CAP; i += 1) {
    await submit(t, 'contactUs', contactBody({ email }));
  }
  const { quote } = await quoteFor(t);
  const { payment_method: _car, ...inputs } = bookingBody({
    selectedVehicleData: { quote_id: quote.quote_id },
    registrationData: guestRegistration({ email }),
  });
  const created = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}${API_PATHS.createCheckoutSession}`,
    headers: { ...API_HEADERS, 'content-type': 'application/json' },
    payload: JSON.stringify({
      ...inputs,
      amount: pence(quote.final_price),
      frontend_url: 'http://localhost',
    }),
    remoteAddress: freshAddress(),
  });
  expect(created.statusCode, created.body).toBe(200);
  return (created.json() as { sessionId: string }).sessionId;
}

describe.each(testDatabaseKinds())('the daily mail cap per recipient on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let data: { dir: string; remove(): Promise<void> };
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    data = await tempDir('ridebook-mail-cap');
    t = await startTestApp(kind, {
      clock: fixedClock,
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
    await smtp?.stop();
    await data?.remove();
  });
  beforeEach(async () => {
    await clearBookings(t);
    await t.db.handle.db.deleteFrom('submissions').execute();
    smtp.messages.length = 0;
  });

  /** Delivers the outbox over SMTP; the messages each mailbox received. */
  async function delivered(): Promise<Map<string, ParsedMail[]>> {
    await t.app.mailSender.drain();
    const byMailbox = new Map<string, ParsedMail[]>();
    for (const mail of smtp.messages) {
      const box = mailboxOf(recipient(mail));
      byMailbox.set(box, [...(byMailbox.get(box) ?? []), mail]);
    }
    return byMailbox;
  }

  async function guestBooking(email: string) {
    const { quote, offer } = await quoteFor(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_PATHS.booking}`,
      headers: { ...API_HEADERS, 'content-type': 'application/json' },
      payload: JSON.stringify(
        bookingBody({
          selectedVehicleData: { quote_id: quote.quote_id, detail: offer },
          registrationData: guestRegistration({ email }),
        }),
      ),
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return bookingResponseSchema.parse(res.json()).data;
  }

  it('delivers at most the cap to one inbox, across bookings, forms and reset codes, while every request succeeds', async () => {
    const victim = 'victim@example.org';
    const addresses = spellings('victim', 'example.org', 11);
    const bookingNumbers: string[] = [];
    for (const address of addresses.slice(0, 4)) {
      bookingNumbers.push((await guestBooking(address)).booking.booking_number);
    }
    for (const address of addresses.slice(4, 8)) {
      const res = await submit(t, 'sendInstantEmail', quoteBody({ passenger_email: address }));
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const address of addresses.slice(8, 11)) {
      const res = await submit(t, 'contactUs', contactBody({ email: address }));
      expect(res.statusCode, res.body).toBe(200);
    }
    // Reset codes go to accounts, each a spelling of the same inbox.
    const accounts = Array.from({ length: 5 }, (_, i) => `victim+account${i}@example.org`);
    for (const address of accounts) {
      await addPassenger(t, { email: address, password: 'Correct horse 1987' });
      const res = await postAccount(t, 'forgotPassword', { email: address }, freshAddress());
      expect(res.statusCode, res.body).toBe(200);
    }

    const byMailbox = await delivered();
    expect(byMailbox.get(victim)).toHaveLength(CAP);
    // The operator hears of every booking and every form, cap or not.
    const operator = byMailbox.get(OPERATOR_EMAIL) ?? [];
    expect(operator.filter((m) => m.subject?.startsWith('New booking'))).toHaveLength(4);
    expect(operator.filter((m) => m.subject?.startsWith('Quote request'))).toHaveLength(4);
    expect(operator.filter((m) => m.subject?.startsWith('Contact form'))).toHaveLength(3);
    // Every booking stands.
    const booked = await t.db.handle.db.selectFrom('bookings').select('booking_number').execute();
    expect(booked.map((row) => row.booking_number).sort()).toEqual(bookingNumbers.sort());

    // The mails over the cap are on record, with the reason and without their words.
    const suppressed = await t.db.handle.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'text_body', 'html_body', 'suppressed_reason', 'sent_at'])
      .where('status', '=', 'suppressed')
      .execute();
    expect(suppressed).toHaveLength(addresses.length + accounts.length - CAP);
    for (const row of suppressed) {
      expect(mailboxOf(row.recipient)).toBe(victim);
      expect(row.suppressed_reason).toMatch(/daily cap of 10/);
      expect([row.text_body, row.html_body, row.sent_at]).toEqual(['', '', null]);
    }
    // The last requests were the reset codes: the suppressed ones hold no code.
    expect(suppressed.some((row) => row.kind === 'reset-code')).toBe(true);
  });

  it('lets two requests at once never slip past the cap together', async () => {
    const answers = await Promise.all(
      Array.from({ length: CAP * 2 }, () =>
        submit(t, 'sendInstantEmail', quoteBody({ passenger_email: 'busy@example.net' })),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const byMailbox = await delivered();
    expect(byMailbox.get('busy@example.net')).toHaveLength(CAP);
    expect(byMailbox.get(OPERATOR_EMAIL)).toHaveLength(CAP * 2);
  });

  it('holds a free test checkout confirmation to the cap like any other', async () => {
    const payer = 'tester@example.net';
    const sessionId = await checkoutForInboxAtCap(t, payer);
    const pay = await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode, pay.body).toBe(303);
    const received = (await delivered()).get(payer) ?? [];
    expect(received).toHaveLength(CAP);
    expect(received.some((m) => m.subject?.startsWith('Booking received'))).toBe(false);
  });

  it('counts only the last 24 hours', async () => {
    for (let i = 0; i < CAP; i += 1) {
      await submit(t, 'contactUs', contactBody({ email: 'daily@example.net' }));
    }
    await submit(t, 'contactUs', contactBody({ email: 'daily@example.net' }));
    expect((await delivered()).get('daily@example.net')).toHaveLength(CAP);

    // A day later the inbox may hear from us again.
    await sql`update outbox set created_at = created_at - interval '25 hours'`.execute(
      t.db.handle.db,
    );
    smtp.messages.length = 0;
    const res = await submit(t, 'contactUs', contactBody({ email: 'daily@example.net' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await delivered()).get('daily@example.net')).toHaveLength(1);
  });
});

describe.each(testDatabaseKinds())('acknowledgements on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await startTestApp(kind, {
      clock: fixedClock,
      env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '0' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  /** Everything a sender typed as text, each a phrase no template contains. */
  const typed = {
    name: 'Mallory Spamwright',
    pickup: 'Visit cheap-pills example shop',
    dropoff: 'Claim your prize at 0909 000 111',
    phone: '+44 909 8790000',
    comments: 'Your account is locked, click here',
    first: 'Zebediah',
    last: 'Notice from your bank',
    bookingNumber: '09098790000',
  };

  function expectNoTypedText(mail: ParsedMail | undefined) {
    expect(mail).toBeDefined();
    const bodies = `${mail?.subject ?? ''}\n${mail?.text ?? ''}\n${mail?.html || ''}`;
    for (const phrase of Object.values(typed)) expect(bodies).not.toContain(phrase);
  }

  it('a Quote Now acknowledgement echoes nothing the sender typed; the operator gets it all', async () => {
    smtp.messages.length = 0;
    const res = await submit(
      t,
      'sendInstantEmail',
      quoteBody({
        passenger_email: 'target@example.com',
        passenger_name: typed.name,
        pickup_address: typed.pickup,
        dropoff_address: typed.dropoff,
        passenger_phone: typed.phone,
        additional_info: typed.comments,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    await t.app.mailSender.drain();
    const acknowledgement = smtp.messages.find((m) => recipient(m) === 'target@example.com');
    expectNoTypedText(acknowledgement);
    expect(acknowledgement?.text).toContain('Saturday 28 November 2026 at 14:30');
    const operator = smtp.messages.find((m) => recipient(m) === OPERATOR_EMAIL);
    for (const phrase of [typed.name, typed.pickup, typed.dropoff, typed.phone, typed.comments]) {
      expect(operator?.text).toContain(phrase);
    }
  });

  it('a Contact Us acknowledgement echoes nothing the sender typed; the operator gets it all', async () => {
    smtp.messages.length = 0;
    const res = await submit(
      t,
      'contactUs',
      contactBody({
        email: 'target@example.com',
        firstName: typed.first,
        lastName: typed.last,
        telephone: typed.phone,
        bookingNumber: typed.bookingNumber,
        comments: typed.comments,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    await t.app.mailSender.drain();
    const acknowledgement = smtp.messages.find((m) => recipient(m) === 'target@example.com');
    expectNoTypedText(acknowledgement);
    expect(acknowledgement?.text).toContain('Query reason: Lost Item');
    const operator = smtp.messages.find((m) => recipient(m) === OPERATOR_EMAIL);
    for (const phrase of [typed.first, typed.last, typed.phone, typed.comments]) {
      expect(operator?.text).toContain(phrase);
    }
  });
});

describe.each(testDatabaseKinds())(
  'a card payment through Stripe and the mail cap on %s',
  (kind) => {
    let t: TestApp;
    let smtp: FakeSmtp;
    let stripe: FakeStripe;
    beforeAll(async () => {
      smtp = await startFakeSmtp();
      stripe = await startFakeStripe();
      t = await startTestApp(kind, {
        clock: fixedClock,
        env: {
          SMTP_URL: smtp.url,
          MAIL_POLL_INTERVAL_MS: '0',
          ...fakeStripeConfig(stripe, 'whsec_test_mail_cap'),
        },
      });
    });
    afterAll(async () => {
      await t?.close();
      await stripe?.close();
      await smtp?.stop();
    });

    it('always delivers the confirmation of a ride paid through Stripe, even to an inbox over the cap', async () => {
      const payer = 'payer@example.net';
      const sessionId = await checkoutForInboxAtCap(t, payer);
      stripe.pay(sessionId);
      const booked = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}${API_PATHS.booking}`,
        headers: { ...API_HEADERS, 'content-type': 'application/json' },
        payload: JSON.stringify({
          payment_method: 'card',
          stripe_session_id: sessionId,
          selectedVehicleData: {},
          bookingType: 'milleage',
        }),
        remoteAddress: freshAddress(),
      });
      expect(booked.statusCode, booked.body).toBe(200);

      await t.app.mailSender.drain();
      const received = smtp.messages.filter((m) => recipient(m) === payer);
      expect(received.filter((m) => m.subject?.startsWith('Booking received'))).toHaveLength(1);
      expect(received).toHaveLength(CAP + 1);
    });
  },
);
