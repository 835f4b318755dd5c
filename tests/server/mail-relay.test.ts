import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { amendResponseSchema, lookupResponseSchema } from '../../src/contract/manage-booking';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { createOutboxRepository } from '../../src/server/repositories/outbox-repository';
import {
  mailboxKey,
  RECIPIENT_DAILY_MAIL_CAP,
  withRecipientCap,
} from '../../src/server/services/mail/recipient-cap';
import { ATTEMPT_LIMITS } from '../../src/server/services/limits/attempt-counters';
import { addPassenger, ALICE, postAccount } from './accounts-fixtures';
import {
  bookingBody,
  clearBookings,
  guestRegistration,
  postApi,
  quoteFor,
} from './booking-fixtures';
import { API_HEADERS, startTestApp, tempDir, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { manageCall } from './manage-booking-fixtures';
import { dispatcherOf, consoleCall, signIn } from './operator-fixtures';
import { fixedClock, mileageForm, pence } from './quote-fixtures';
import {
  contactBody,
  freshAddress,
  OPERATOR_EMAIL,
  quoteBody,
  submit,
} from './submissions-fixtures';

/**
 * Issue 30, items 1, 2 and 11 (the calendar): a booking's changes cannot relay mail, an
 * address cannot be spelt past the caps, and a Pending booking's calendar entry is tentative.
 */

const CAP = RECIPIENT_DAILY_MAIL_CAP;
const CHANGES = ATTEMPT_LIMITS.bookingChange;

/** What an attacker types into a booking made in a victim's email. */
const ATTACKER_TEXT = {
  firstName: 'Refund-at-evil.example',
  surname: 'call 0906 555 0100',
  additionalInfo: 'Your refund is waiting at evil.example',
};

/** The three spellings of issue 30 that nodemailer delivers to victim@x.example. */
const DODGES = [
  'victim(1)@x.example',
  'victim(2)@x.example',
  'Refund-at-evil.example<victim@x.example>',
];

interface OutboxRow {
  kind: string;
  recipient: string;
  status: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: unknown;
  suppressed_reason: string | null;
}

describe.each(testDatabaseKinds())('mail relay and cap dodges (issue 30) on %s', (kind) => {
  let t: TestApp;
  let removeData: () => Promise<void>;
  beforeAll(async () => {
    const data = await tempDir('ridebook-mail-relay');
    removeData = data.remove;
    t = await startTestApp(kind, {
      clock: fixedClock,
      env: {
        DATA_DIR: data.dir,
        PAYMENT_PROVIDER: 'test',
        BOOKING_LIMIT_PER_EMAIL: '0',
        BOOKING_LIMIT_PER_ADDRESS: '0',
        MAIL_POLL_INTERVAL_MS: '0',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await removeData?.();
  });
  beforeEach(async () => {
    await clearBookings(t);
    await t.db.handle.db.deleteFrom('submissions').execute();
  });

  async function outbox(): Promise<OutboxRow[]> {
    return (await t.db.handle.db
      .selectFrom('outbox')
      .select([
        'kind',
        'recipient',
        'status',
        'subject',
        'text_body',
        'html_body',
        'attachments',
        'suppressed_reason',
      ])
      .orderBy('id')
      .execute()) as OutboxRow[];
  }

  /** Everything a mail carries that its reader sees. */
  function wholeMail(row: OutboxRow): string {
    return [row.subject, row.text_body, row.html_body, JSON.stringify(row.attachments)].join('\n');
  }

  /** A guest's pay-in-car booking; its number and the token of its mailed link. */
  async function guestBooking(registration: Record<string, unknown>) {
    const { quote, offer } = await quoteFor(t);
    const res = await postApi(
      t,
      'booking',
      bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id, detail: offer },
        registrationData: guestRegistration(registration),
        form: mileageForm({ pickup_fight_number: 'EVIL.EXAMPLE' }),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { booking_number: number, company_name: company } = (
      res.json() as { data: { booking: { booking_number: string; company_name: string } } }
    ).data.booking;
    // The link's token, as the mailed link or a lookup gives it (a held confirmation has none).
    const found = await manageCall(t, 'POST', '/lookup', {
      body: { booking_number: number, email: registration.email },
    });
    expect(found.statusCode, found.body).toBe(200);
    return { number, company, token: lookupResponseSchema.parse(found.json()).manage_token };
  }

  function amend(number: string, token: string, body: unknown, ip: string, key?: string) {
    return manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body,
      ip,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }

  describe('item 1: changing a booking relays no mail', () => {
    it('stops 60 quick changes at the limit with a 429 and Retry-After, caps the mails, and mails the victim none of the attacker’s text', async () => {
      const victim = 'victim@x.example';
      const { number, token } = await guestBooking({ ...ATTACKER_TEXT, email: victim });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        const res = await amend(number, token, { flight_no: `EVIL${i}` }, '198.51.100.61');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(res.json()).toEqual({ success: false, message: BOOKING_MESSAGES.tooManyChanges });
        } else {
          expect(res.statusCode, res.body).toBe(200);
        }
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(CHANGES.perEmail);
      expect(statuses.slice(CHANGES.perEmail).every((s) => s === 429)).toBe(true);

      const rows = await outbox();
      const toVictim = rows.filter((row) => row.recipient === victim);
      const toOperator = rows.filter((row) => row.recipient === OPERATOR_EMAIL);
      // The confirmation and one mail per change made, of which the daily cap sends at most CAP.
      expect(toVictim.filter((row) => row.kind === 'booking-changed')).toHaveLength(
        CHANGES.perEmail,
      );
      expect(toVictim.filter((row) => row.status !== 'suppressed')).toHaveLength(CAP);
      expect(toVictim.filter((row) => row.status === 'suppressed')).toHaveLength(
        CHANGES.perEmail + 1 - CAP,
      );
      expect(toOperator.filter((row) => row.kind === 'operator-booking-changed')).toHaveLength(
        CHANGES.perEmail,
      );

      // Not a word the attacker typed reaches the victim: no name, notes or travel number.
      for (const row of toVictim) {
        const text = wholeMail(row);
        // The number as typed, not '0906' alone: the calendar entry's DTSTAMP (the time the mail
        // was made, e.g. 20261207T090612Z) holds that at 09:06.
        for (const typed of ['Refund-at-evil', 'evil.example', 'EVIL', 'call 0906', '555 0100']) {
          expect(text, `${row.kind} holds "${typed}"`).not.toContain(typed);
        }
      }
      const changed = toVictim.find((row) => row.kind === 'booking-changed' && row.text_body);
      expect(changed?.text_body).toMatch(/^Hello,$/m);
      expect(changed?.text_body).toContain('flight / train / ferry number');
      // The operator's own record keeps what was typed.
      const notice = toOperator.find((row) => row.kind === 'operator-new-booking');
      expect(notice?.text_body).toContain('Refund-at-evil.example');
      expect(notice?.text_body).toContain('Your refund is waiting at evil.example');
      expect(notice?.text_body).toContain('EVIL.EXAMPLE');
    });

    it('counts changes per client address across bookings, and per mailbox across bookings', async () => {
      const bookings = [];
      for (let i = 0; i < 4; i += 1) {
        bookings.push(await guestBooking({ email: `owner${i}@example.org` }));
      }
      const ip = '198.51.100.62';
      let made = 0;
      for (const [b, booking] of bookings.entries()) {
        for (let i = 0; i < 8; i += 1) {
          const res = await amend(booking.number, booking.token, { flight_no: `BA${b}${i}` }, ip);
          if (made < CHANGES.perAddress) {
            expect(res.statusCode, res.body).toBe(200);
            made += 1;
          } else {
            expect(res.statusCode).toBe(429);
            expect(res.headers['retry-after']).toBeDefined();
          }
        }
      }
      expect(made).toBe(CHANGES.perAddress);
      // Another address may still change the last booking: the address was the limit.
      const last = bookings[3]!;
      const elsewhere = await amend(last.number, last.token, { flight_no: 'BA999' }, '192.0.2.62');
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);

      // Two bookings mailing one inbox share its allowance, whatever address asks.
      const first = await guestBooking({ email: 'family@example.org' });
      const second = await guestBooking({ email: 'Family@Example.org' });
      for (let i = 0; i < CHANGES.perEmail; i += 1) {
        const res = await amend(first.number, first.token, { flight_no: `LH${i}` }, freshAddress());
        expect(res.statusCode, res.body).toBe(200);
      }
      const refused = await amend(
        second.number,
        second.token,
        { flight_no: 'LH99' },
        freshAddress(),
      );
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(BOOKING_MESSAGES.tooManyChanges);
    });

    it('does not count a repeat of an answered Idempotency-Key, nor a refused change: neither changes nor mails anything', async () => {
      const { number, token } = await guestBooking({ email: 'repeat@example.org' });
      const ip = '198.51.100.63';
      for (let i = 0; i < CHANGES.perEmail + 5; i += 1) {
        const refused = await amend(number, token, { flight_no: 'EVIL.EXAMPLE' }, ip);
        expect(refused.statusCode, refused.body).toBe(400);
      }
      let last: unknown;
      for (let i = 0; i < CHANGES.perEmail; i += 1) {
        const res = await amend(number, token, { flight_no: `AF${i}` }, ip, `key-${i}`);
        expect(res.statusCode, res.body).toBe(200);
        last = amendResponseSchema.parse(res.json()).settlement;
      }
      const mailsBefore = (await outbox()).length;
      const replay = await amend(
        number,
        token,
        { flight_no: `AF${CHANGES.perEmail - 1}` },
        ip,
        `key-${CHANGES.perEmail - 1}`,
      );
      expect(replay.statusCode, replay.body).toBe(200);
      expect(amendResponseSchema.parse(replay.json()).settlement).toBe(last);
      expect((await outbox()).length).toBe(mailsBefore);
      const fresh = await amend(number, token, { flight_no: 'AF99' }, ip, 'key-new');
      expect(fresh.statusCode).toBe(429);
    });

    it('holds the passenger’s change and cancellation mails to an inbox at its daily cap; the operator still hears', async () => {
      const victim = 'capped@example.org';
      for (let i = 0; i < CAP; i += 1) {
        expect((await submit(t, 'contactUs', contactBody({ email: victim }))).statusCode).toBe(200);
      }
      const { number, token } = await guestBooking({ email: victim });
      const changed = await amend(number, token, { flight_no: 'BA283' }, freshAddress());
      expect(changed.statusCode, changed.body).toBe(200);
      const cancelled = await manageCall(t, 'POST', `/${number}/cancel`, {
        token,
        body: {},
        ip: freshAddress(),
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);

      const rows = await outbox();
      const byKind = (k: string) => rows.filter((row) => row.kind === k);
      for (const k of [
        'booking-confirmation',
        'booking-changed',
        'booking-cancelled-by-passenger',
      ]) {
        expect(
          byKind(k).map((row) => row.status),
          k,
        ).toEqual(['suppressed']);
        expect(byKind(k)[0]?.suppressed_reason).toMatch(/daily cap/);
      }
      for (const k of [
        'operator-new-booking',
        'operator-booking-changed',
        'operator-booking-cancelled',
      ]) {
        expect(
          byKind(k).map((row) => row.status),
          k,
        ).toEqual(['pending']);
      }
    });
  });

  describe('item 2: one plain mailbox, counted as delivered', () => {
    it('refuses each spelling that reaches another mailbox, everywhere an email is taken, with a 400 naming the field', async () => {
      await addPassenger(t, ALICE);
      for (const email of DODGES) {
        const { quote, offer } = await quoteFor(t);
        const selected = { quote_id: quote.quote_id, detail: offer };
        const checks: [string, Promise<{ statusCode: number; json(): unknown }>][] = [
          [
            'registrationData.email',
            postApi(
              t,
              'booking',
              bookingBody({
                selectedVehicleData: selected,
                registrationData: guestRegistration({ email }),
              }),
            ),
          ],
          [
            'registrationData.passengerEmail',
            postApi(
              t,
              'booking',
              bookingBody({
                selectedVehicleData: selected,
                registrationData: guestRegistration({
                  passengerDetails: 'yes',
                  passengerName: 'Bob',
                  passengerEmail: email,
                }),
              }),
            ),
          ],
          [
            'registrationData.email',
            postApi(t, 'createCheckoutSession', {
              ...bookingBody({
                selectedVehicleData: selected,
                registrationData: guestRegistration({ email }),
              }),
              payment_method: undefined,
              amount: pence(quote.final_price),
              frontend_url: 'http://localhost',
            }),
          ],
          ['passenger_email', submit(t, 'sendInstantEmail', quoteBody({ passenger_email: email }))],
          ['email', submit(t, 'contactUs', contactBody({ email }))],
          ['email', postAccount(t, 'forgotPassword', { email }, freshAddress())],
          [
            'email',
            postAccount(t, 'checkPassengerEmail', { email, password: 'x' }, freshAddress()),
          ],
          [
            'email',
            postAccount(t, 'checkPassengerLogin', { email, password: 'x' }, freshAddress()),
          ],
          [
            'email',
            manageCall(t, 'POST', '/lookup', { body: { booking_number: '123456789', email } }),
          ],
        ];
        for (const [path, pending] of checks) {
          const res = await pending;
          expect(res.statusCode, `${path} ${email}`).toBe(400);
          const body = res.json() as { errors?: { path: string; message: string }[] };
          expect(
            body.errors?.map((issue) => issue.path),
            `${path} ${email}`,
          ).toContain(path);
        }
      }
      // A signed-in passenger's new email and an operator's phone booking: the same rule.
      const login = await postApi(t, 'checkPassengerLogin', ALICE);
      expect(login.statusCode, login.body).toBe(200);
      const { access_token: bearer, passenger } = login.json() as {
        access_token: string;
        passenger: { passenger_id: number };
      };
      const update = await t.app.inject({
        method: 'PATCH',
        url: `${API_BASE}${API_PATHS.updatePassenger}`,
        headers: {
          ...API_HEADERS,
          'content-type': 'application/json',
          authorization: `Bearer ${bearer}`,
        },
        payload: JSON.stringify({
          passenger_id: passenger.passenger_id,
          name: 'Alice',
          email: DODGES[2],
          current_password: ALICE.password,
        }),
      });
      expect(update.statusCode, update.body).toBe(400);
      expect(update.json().errors[0].path).toBe('email');
      const dispatcher = dispatcherOf('Heathrow Executive Cars');
      const session = await signIn(t, dispatcher);
      const phoned = await consoleCall(t, 'POST', '/operator/bookings', {
        session,
        body: {
          booking_type: 'milleage',
          form: {},
          selected_vehicle: { tbms_vid: 1, company_id: 1 },
          passenger: { name: 'Ada', email: DODGES[0], phone: '07700 900123' },
          payment_method: 'car',
        },
      });
      expect(phoned.statusCode, phoned.body).toBe(400);
      expect(phoned.json().errors.map((e: { path: string }) => e.path)).toContain(
        'passenger.email',
      );

      const rows = await outbox();
      expect(rows.filter((row) => /victim/i.test(row.recipient))).toEqual([]);
      const booked = await t.db.handle.db.selectFrom('bookings').select('id').execute();
      expect(booked).toEqual([]);
    });

    it('counts the daily cap by the mailbox a recipient is delivered to', async () => {
      expect(DODGES.map(mailboxKey)).toEqual(DODGES.map(() => 'victim@x.example'));
      expect(mailboxKey('  VICTIM+rides@X.Example ')).toBe('victim@x.example');

      // Mail queued to older rows' spellings still counts as the one inbox it reaches.
      const warnings: string[] = [];
      const logger = { warn: (_: unknown, message: string) => warnings.push(message) };
      const capped = withRecipientCap(createOutboxRepository(t.db.handle.db), {
        perDay: 3,
        logger: logger as unknown as FastifyBaseLogger,
      });
      const mail = (to: string) => ({
        kind: 'test-capped',
        to,
        subject: 's',
        text: 't',
        html: 'h',
      });
      for (const to of [...DODGES, 'victim@x.example', 'a@x.example, victim@x.example']) {
        await capped.enqueue(mail(to));
      }
      const rows = (await outbox()).filter((row) => row.kind === 'test-capped');
      expect(rows.map((row) => row.status)).toEqual([
        'pending',
        'pending',
        'pending',
        'suppressed',
        'suppressed',
      ]);
      expect(rows[3]?.suppressed_reason).toMatch(/daily cap of 3/);
      expect(rows[4]?.suppressed_reason).toMatch(/more than one mailbox/);
      expect(warnings).toHaveLength(2);
    });
  });

  describe('item 11: a Pending booking’s calendar entry', () => {
    it('is TENTATIVE until the operator confirms; the Confirmed mail’s entry, same UID and a higher SEQUENCE, says CONFIRMED', async () => {
      const { number, company } = await guestBooking({ email: 'calendar@example.org' });
      const session = await signIn(t, dispatcherOf(company));
      const confirmed = await consoleCall(t, 'POST', `/operator/bookings/${number}/status`, {
        session,
        body: { status: 'confirmed' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      const rows = await outbox();
      const ics = (k: string) =>
        ((rows.find((row) => row.kind === k)?.attachments ?? []) as { content: string }[])[0]
          ?.content ?? '';
      const first = ics('booking-confirmation');
      const update = ics('booking-status-confirmed');
      expect(first).toContain('STATUS:TENTATIVE');
      expect(first).not.toContain('STATUS:CONFIRMED');
      expect(first).toContain('SEQUENCE:0');
      expect(update).toContain('STATUS:CONFIRMED');
      expect(update).not.toContain('STATUS:TENTATIVE');
      const uid = /UID:(\S+)/.exec(first)?.[1];
      expect(uid).toBe(`${number}@ridebook.example`);
      expect(/UID:(\S+)/.exec(update)?.[1]).toBe(uid);
      expect(Number(/SEQUENCE:(\d+)/.exec(update)?.[1])).toBeGreaterThan(0);
    });
  });
});
