import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  requestResponseSchema,
  requestsResponseSchema,
  type ConsoleRequest,
} from '../../src/contract/operator-requests';
import { manualBookingResponseSchema } from '../../src/contract/phone-booking';
import { REQUEST_MESSAGES } from '../../src/domain/console-requests';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { offersFor, startBookingApp } from './booking-fixtures';
import type { TestApp } from './helpers';
import { testDatabaseKinds } from './helpers';
import { ADMIN, consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { mileageForm } from './quote-fixtures';
import { contactBody, quoteBody, submit } from './submissions-fixtures';

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
const DISPATCHER = dispatcherOf(MANAGER.company!);

/**
 * The console's Requests (issue 33): Quote Now requests and Contact Us messages with their
 * state, a reply mailed through the outbox and kept on the request, Close and Reopen, and
 * Book this linking a phone booking to its request.
 */
describe.each(testDatabaseKinds())('the console’s Requests on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let dispatcher: string;

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    [admin, manager, dispatcher] = [
      await signIn(t, ADMIN),
      await signIn(t, MANAGER),
      await signIn(t, DISPATCHER),
    ];
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    const db = t.db.handle.db;
    await db.deleteFrom('submission_replies').execute();
    await db.deleteFrom('submissions').execute();
    await db.deleteFrom('outbox').where('kind', '=', 'request-reply').execute();
    await db.deleteFrom('idempotency_keys').execute();
  });

  /** Sends a form on the public site and returns the id it was stored under. */
  async function sent(form: 'contactUs' | 'sendInstantEmail', body: Record<string, unknown>) {
    const res = await submit(t, form, body);
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.handle.db
      .selectFrom('submissions')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function list(session: string, query = ''): Promise<ConsoleRequest[]> {
    const res = await consoleCall(t, 'GET', `/operator/requests${query}`, { session });
    expect(res.statusCode, res.body).toBe(200);
    return requestsResponseSchema.parse(res.json()).data;
  }

  async function one(session: string, id: number): Promise<ConsoleRequest> {
    const res = await consoleCall(t, 'GET', `/operator/requests/${id}`, { session });
    expect(res.statusCode, res.body).toBe(200);
    return requestResponseSchema.parse(res.json()).data;
  }

  function reply(session: string, id: number, body: unknown, key?: string) {
    return consoleCall(t, 'POST', `/operator/requests/${id}/reply`, {
      session,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }

  function activity(subject: string) {
    return t.db.handle.db
      .selectFrom('console_activity')
      .selectAll()
      .where('subject', '=', subject)
      .orderBy('id')
      .execute();
  }

  function replyMails() {
    return t.db.handle.db
      .selectFrom('outbox')
      .select(['id', 'recipient', 'subject', 'text_body', 'reply_to', 'status'])
      .where('kind', '=', 'request-reply')
      .orderBy('id')
      .execute();
  }

  /** A phone booking of `company`'s vehicle, Book this'd from `requestId` when given. */
  function phoneBooking(session: string, company: string, requestId?: number) {
    return (async () => {
      const form = mileageForm();
      const offer = (await offersFor(t, form)).find((o) => o.company_name === company);
      if (!offer) throw new Error(`No offer from ${company}`);
      return consoleCall(t, 'POST', '/operator/bookings', {
        session,
        body: {
          booking_type: 'milleage',
          form,
          selected_vehicle: { tbms_vid: offer.vehicle_id, company_id: offer.company_id },
          passenger: {
            name: 'Alice Smith',
            email: 'alice.smith@example.co.uk',
            phone: '07700 900123',
          },
          payment_method: 'car',
          ...(requestId === undefined ? {} : { request_id: requestId }),
        },
      });
    })();
  }

  it('refuses a dispatcher every call with a 403 naming the roles that may', async () => {
    const id = await sent('contactUs', contactBody());
    const calls = [
      consoleCall(t, 'GET', '/operator/requests', { session: dispatcher }),
      consoleCall(t, 'GET', `/operator/requests/${id}`, { session: dispatcher }),
      consoleCall(t, 'PATCH', `/operator/requests/${id}`, {
        session: dispatcher,
        body: { state: 'closed' },
      }),
      reply(dispatcher, id, { message: 'Hello' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Only an admin or a manager can do this');
    }
    expect(await replyMails()).toEqual([]);
  });

  it('lists Quote Now requests and Contact Us messages as New, newest first, with what was sent', async () => {
    const contact = await sent('contactUs', contactBody());
    const quote = await sent('sendInstantEmail', quoteBody());
    const [first, second, ...rest] = await list(admin);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      id: quote,
      kind: 'quote-now',
      state: 'new',
      name: 'Alice Smith',
      email: 'alice.smith@example.co.uk',
      phone: '+44 7700 900123',
      quote: {
        pickup_address: 'Heathrow Airport Terminal 5, TW6 2GA',
        dropoff_address: 'Charing Cross Station, London WC2N 5HF',
        pickup_date: '2026-11-28',
        pickup_time: '14:30',
        passengers: 3,
        luggages: 2,
      },
      contact: null,
      booked_as: null,
      replies: [],
    });
    expect(second).toMatchObject({
      id: contact,
      kind: 'contact-us',
      name: 'Bob Jones',
      contact: { query_reason: 'Lost Item', booking_number: '123456789' },
      quote: null,
    });
    expect((await list(admin, '?kind=contact-us')).map((r) => r.id)).toEqual([contact]);
    expect(await list(admin, '?state=replied')).toEqual([]);
    const bad = await consoleCall(t, 'GET', '/operator/requests?state=open', { session: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('state');
  });

  it('mails a reply through the outbox, keeps it on the request with who and when, and marks it Replied', async () => {
    const id = await sent('contactUs', contactBody());
    const res = await reply(
      admin,
      id,
      { message: 'We have your umbrella.\nCall in any day.' },
      'r-1',
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = requestResponseSchema.parse(res.json()).data;
    expect(answer.state).toBe('replied');
    expect(answer.replies).toEqual([
      {
        at: expect.any(String),
        operator_name: ADMIN.name,
        message: 'We have your umbrella.\nCall in any day.',
        mail_id: expect.any(Number),
      },
    ]);
    const [mail, ...more] = await replyMails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      id: answer.replies[0]!.mail_id,
      recipient: 'bob.jones@example.com',
      subject: 'Re: your message',
      reply_to: null,
      status: 'pending',
    });
    expect(mail!.text_body).toContain('We have your umbrella.');
    // The visitor's own words are not echoed back to whatever address they typed.
    expect(mail!.text_body).not.toContain('black umbrella');
    // The same press again sends nothing more.
    const again = await reply(
      admin,
      id,
      { message: 'We have your umbrella.\nCall in any day.' },
      'r-1',
    );
    expect(again.statusCode).toBe(200);
    expect(await replyMails()).toHaveLength(1);
    expect((await one(admin, id)).replies).toHaveLength(1);

    const [logged] = await activity(`Contact Us request ${id}`);
    expect(logged).toMatchObject({
      kind: 'requests',
      operator_name: ADMIN.name,
      before: { state: 'new' },
      after: { state: 'replied', reply: 'We have your umbrella.\nCall in any day.' },
    });
  });

  it('refuses an empty reply with a 400 naming message, and sends nothing', async () => {
    const id = await sent('contactUs', contactBody());
    for (const body of [{ message: '   ' }, {}]) {
      const res = await reply(admin, id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'message', message: REQUEST_MESSAGES.replyRequired },
      ]);
    }
    expect(await replyMails()).toEqual([]);
    expect((await one(admin, id)).state).toBe('new');
  });

  it('closes and reopens a request, each change logged with before and after', async () => {
    const id = await sent('sendInstantEmail', quoteBody());
    const patch = (state: string) =>
      consoleCall(t, 'PATCH', `/operator/requests/${id}`, { session: admin, body: { state } });
    const closed = await patch('closed');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(requestResponseSchema.parse(closed.json()).data.state).toBe('closed');
    // Replied only comes of a reply.
    const replied = await patch('replied');
    expect(replied.statusCode).toBe(409);
    expect(replied.json().message).toBe(REQUEST_MESSAGES.repliedWithoutReply);
    expect((await patch('new')).statusCode).toBe(200);
    const bad = await patch('done');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('state');
    const rows = await activity(`Quote Now request ${id}`);
    expect(rows.map((row) => [row.summary, row.before, row.after])).toEqual([
      ['Closed', { state: 'new' }, { state: 'closed' }],
      ['Reopened', { state: 'closed' }, { state: 'new' }],
    ]);
  });

  it('Book this links the phone booking to its Quote Now request, once', async () => {
    const id = await sent('sendInstantEmail', quoteBody());
    const res = await phoneBooking(admin, MANAGER.company!, id);
    expect(res.statusCode, res.body).toBe(201);
    const number = manualBookingResponseSchema.parse(res.json()).data.booking_number;
    const booked = await one(admin, id);
    expect(booked).toMatchObject({ booked_as: number, state: 'closed' });
    const stored = await t.db.handle.db
      .selectFrom('submissions')
      .innerJoin('bookings', 'bookings.id', 'submissions.booking_id')
      .select('bookings.booking_number')
      .where('submissions.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.booking_number).toBe(number);
    const [logged] = await activity(`Quote Now request ${id}`);
    expect(logged).toMatchObject({ summary: `Booked as ${number}`, after: { booking: number } });
    // The booking's page finds the request it was made from.
    expect((await list(admin, `?booking_number=${number}`)).map((r) => r.id)).toEqual([id]);

    // A second Book this of it books nothing.
    const count = async () =>
      Number(
        (
          await t.db.handle.db
            .selectFrom('bookings')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const twice = await phoneBooking(admin, MANAGER.company!, id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(REQUEST_MESSAGES.alreadyBooked(number));
    expect(await count()).toBe(before);

    const contact = await sent('contactUs', contactBody());
    const notQuote = await phoneBooking(admin, MANAGER.company!, contact);
    expect(notQuote.statusCode).toBe(400);
    expect(notQuote.json().errors[0].path).toBe('request_id');
  });

  it("shows a manager only its own company's requests; any other is a 404", async () => {
    const made = await phoneBooking(manager, MANAGER.company!);
    const ownNumber = manualBookingResponseSchema.parse(made.json()).data.booking_number;
    const about = await sent('contactUs', contactBody({ bookingNumber: ownNumber }));
    const other = await sent('contactUs', contactBody({ bookingNumber: '999999999' }));
    const unbooked = await sent('sendInstantEmail', quoteBody());
    const bookedHere = await sent('sendInstantEmail', quoteBody());
    expect((await phoneBooking(admin, MANAGER.company!, bookedHere)).statusCode).toBe(201);

    expect((await list(manager)).map((r) => r.id).sort()).toEqual([about, bookedHere].sort());
    expect((await list(admin)).length).toBe(4);
    for (const id of [other, unbooked]) {
      const res = await consoleCall(t, 'GET', `/operator/requests/${id}`, { session: manager });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REQUEST_MESSAGES.notFound);
      expect((await reply(manager, id, { message: 'Hello' })).statusCode).toBe(404);
    }
    // A reply about a company's booking gives that company's number to call.
    await t.db.handle.db
      .updateTable('companies')
      .set({ phone: '020 7946 0999' })
      .where('name', '=', MANAGER.company!)
      .execute();
    const replied = await reply(manager, about, { message: 'Your driver has it.' });
    expect(replied.statusCode, replied.body).toBe(200);
    const [mail] = await replyMails();
    expect(mail!.text_body).toContain('Phone: 020 7946 0999');
    const [logged] = await activity(`Contact Us request ${about}`);
    expect(logged?.operator_name).toBe(MANAGER.name);
    expect(logged?.company_id).not.toBeNull();
    const missing = await consoleCall(t, 'GET', '/operator/requests/abc', { session: admin });
    expect(missing.statusCode).toBe(404);
  });
});
