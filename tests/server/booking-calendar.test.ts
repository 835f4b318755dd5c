import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingConfirmationMail } from '../../src/server/services/mail/booking-mails';
import {
  bookingCancelledMail,
  bookingConfirmedMail,
} from '../../src/server/services/mail/lifecycle-mails';
import {
  bookingChangedMail,
  passengerReturnCancelledMail,
} from '../../src/server/services/mail/manage-mails';
import type { OutgoingMail } from '../../src/server/services/mail/outgoing-mail';
import { startBookingApp } from './booking-fixtures';
import type { TestApp } from './helpers';
import { testDatabaseKinds } from './helpers';
import { carBooking, manageCall } from './manage-booking-fixtures';
import { returnBookingMailData } from './mail-fixtures';
import { consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { mileageForm } from './quote-fixtures';

/** A calendar file read back: its METHOD and each VEVENT's properties (values unescaped). */
interface Calendar {
  method: string | undefined;
  events: Record<string, string>[];
}

/** Reads an iCalendar text as a calendar program would: folded lines joined, escapes undone. */
function parseIcs(text: string): Calendar {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const calendar: Calendar = { method: undefined, events: [] };
  let event: Record<string, string> | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') event = {};
    else if (line === 'END:VEVENT' && event) {
      calendar.events.push(event);
      event = undefined;
    } else {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).split(';')[0]!;
      const value = line
        .slice(colon + 1)
        .replace(/\\([,;\\])/g, '$1')
        .replace(/\\n/gi, '\n');
      if (event) event[name] = value;
      else if (name === 'METHOD') calendar.method = value;
    }
  }
  return calendar;
}

/** The calendar a mail carries, with its Content-Type. */
function calendarOf(mail: Pick<OutgoingMail, 'attachments'>) {
  const ics = mail.attachments?.find((file) => file.filename.endsWith('.ics'));
  expect(ics, 'a calendar attachment').toBeDefined();
  return { contentType: ics!.contentType, ...parseIcs(ics!.content) };
}

const byUid = (events: Record<string, string>[]) =>
  Object.fromEntries(events.map((event) => [event.UID, event]));

/**
 * Issue 32: each leg of a booking is a job, and each job's calendar entry is its own event —
 * its own UID from the job's reference, its own pickup time, summary and place — so a mail
 * about one leg moves or cancels that leg's entry and leaves the other's alone.
 */
describe('a return booking’s calendar: one event per job', () => {
  const input = returnBookingMailData();

  it('carries the outward and the return journey, each with its own UID, start, summary and place', () => {
    const calendar = calendarOf(bookingConfirmationMail(input));
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.events).toHaveLength(2);
    const events = byUid(calendar.events);
    expect(Object.keys(events)).toEqual([
      'RB7K4Q9M@ridebook.example',
      'RB7K4Q9M-R@ridebook.example',
    ]);
    const outward = events['RB7K4Q9M@ridebook.example']!;
    const back = events['RB7K4Q9M-R@ridebook.example']!;
    // 14:30 on 28 November and 09:05 on 5 December in London (GMT): the same in UTC.
    expect(outward.DTSTART).toBe('20261128T143000Z');
    expect(back.DTSTART).toBe('20261205T090500Z');
    expect(outward.SUMMARY).toBe('Outward journey: taxi pickup, booking RB7K4Q9M');
    expect(back.SUMMARY).toBe('Return journey: taxi pickup, booking RB7K4Q9M');
    expect(outward.LOCATION).toBe('Heathrow Airport Terminal 5, TW6 2GA');
    expect(back.LOCATION).toBe('Charing Cross Station, London WC2N 5HF');
    expect(back.DESCRIPTION).toContain(
      'From Charing Cross Station, London WC2N 5HF to Heathrow Airport Terminal 5, TW6 2GA.',
    );
    expect(calendar.events.map((event) => event.SEQUENCE)).toEqual(['0', '0']);
  });

  it('keeps a one-way booking’s single event as it was: the booking number its UID', () => {
    const oneWay = returnBookingMailData({
      journey_type: 'one_way',
      return_pickup_address: null,
      return_dropoff_address: null,
      return_date: null,
      return_time: null,
    });
    const calendar = calendarOf(bookingConfirmationMail({ ...oneWay, returnAt: null }));
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({
      UID: 'RB7K4Q9M@ridebook.example',
      SUMMARY: 'Taxi pickup, booking RB7K4Q9M',
      DTSTART: '20261128T143000Z',
      LOCATION: 'Heathrow Airport Terminal 5, TW6 2GA',
    });
  });

  it('cancels only the return’s event when the operator cancels the return journey alone', () => {
    const mail = bookingCancelledMail(
      { ...returnBookingMailData({ status: 'confirmed' }), sequence: 4 },
      'Flight home cancelled',
      undefined,
      'return',
    );
    const calendar = calendarOf(mail);
    expect(calendar.contentType).toContain('method=CANCEL');
    expect(calendar.method).toBe('CANCEL');
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({
      UID: 'RB7K4Q9M-R@ridebook.example',
      STATUS: 'CANCELLED',
      SEQUENCE: '4',
      DTSTART: '20261205T090500Z',
    });
    expect(mail.text).toContain(
      'The attached calendar update removes the pickup from your calendar.',
    );
  });

  it('cancels only the return’s event when the passenger cancels the return journey alone', () => {
    const mail = passengerReturnCancelledMail(
      { ...returnBookingMailData(), sequence: 2 },
      { date: '2026-12-05', time: '09:05' },
      'Nothing was paid by card, so there is nothing to refund.',
    );
    const calendar = calendarOf(mail);
    expect(calendar.method).toBe('CANCEL');
    expect(calendar.events.map((event) => [event.UID, event.STATUS, event.SEQUENCE])).toEqual([
      ['RB7K4Q9M-R@ridebook.example', 'CANCELLED', '2'],
    ]);
  });

  it('cancels both events when the whole booking is cancelled', () => {
    const mail = bookingCancelledMail({ ...returnBookingMailData(), sequence: 3 }, 'No cars');
    const calendar = calendarOf(mail);
    expect(calendar.method).toBe('CANCEL');
    expect(calendar.events.map((event) => [event.UID, event.STATUS])).toEqual([
      ['RB7K4Q9M@ridebook.example', 'CANCELLED'],
      ['RB7K4Q9M-R@ridebook.example', 'CANCELLED'],
    ]);
  });

  it('confirms only the leg the operator confirmed, even while the booking still reads Pending', () => {
    // The outward leg still waits, so the booking's own status is Pending.
    const mail = bookingConfirmedMail(
      { ...returnBookingMailData({ status: 'pending' }), sequence: 1 },
      'return',
    );
    const calendar = calendarOf(mail);
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.events.map((event) => [event.UID, event.STATUS, event.SEQUENCE])).toEqual([
      ['RB7K4Q9M-R@ridebook.example', 'CONFIRMED', '1'],
    ]);
  });

  it('moves only the changed journey’s event when the passenger changes one leg', () => {
    const mail = bookingChangedMail(
      { ...returnBookingMailData({ status: 'pending' }), sequence: 5 },
      {
        summary: ['return time'],
        money: 'The price does not change.',
        timesMoved: true,
        backToPending: true,
        journey: 'return',
      },
    );
    const calendar = calendarOf(mail);
    expect(calendar.events.map((event) => [event.UID, event.STATUS, event.SEQUENCE])).toEqual([
      ['RB7K4Q9M-R@ridebook.example', 'TENTATIVE', '5'],
    ]);
  });

  it('gives each event its own job’s status in a copy of both, so a cancelled leg stays cancelled', () => {
    const mail = bookingConfirmedMail({
      ...returnBookingMailData({ status: 'confirmed' }),
      legStatuses: { outward: 'confirmed', return: 'cancelled' },
      sequence: 6,
    });
    const events = byUid(calendarOf(mail).events);
    expect(events['RB7K4Q9M@ridebook.example']?.STATUS).toBe('CONFIRMED');
    expect(events['RB7K4Q9M-R@ridebook.example']?.STATUS).toBe('CANCELLED');
  });
});

describe.each(testDatabaseKinds())('calendar entries of a booked return trip on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
  });
  afterAll(() => t.close());

  /** The calendar of the latest mail of this kind about the booking. */
  async function mailedCalendar(number: string, mailKind: string) {
    const rows = await t.db.handle.db
      .selectFrom('outbox')
      .select(['attachments', 'text_body'])
      .where('kind', '=', mailKind)
      .where('text_body', 'like', `%${number}%`)
      .orderBy('id', 'desc')
      .execute();
    expect(rows.length, `a ${mailKind} mail about ${number}`).toBeGreaterThan(0);
    return calendarOf({ attachments: rows[0]!.attachments as OutgoingMail['attachments'] });
  }

  it('books two events at each leg’s London pickup, then cancels and confirms each on its own', async () => {
    // Out on 24 November (GMT); back on 6 April 2027 at 18:30, British Summer Time.
    const { number, token } = await carBooking(
      t,
      mileageForm({
        select_option: 'return',
        return_date: '2027-04-06',
        return_hour: '6pm',
        return_min: '30',
      }),
    );
    const first = await mailedCalendar(number, 'booking-confirmation');
    const domain = /@(\S+)$/.exec(first.events[0]!.UID!)?.[1];
    expect(first.events.map((event) => [event.UID, event.STATUS])).toEqual([
      [`${number}@${domain}`, 'TENTATIVE'],
      [`${number}-R@${domain}`, 'TENTATIVE'],
    ]);
    // 18:30 in London in April is 17:30 UTC.
    expect(first.events[1]!.DTSTART).toBe('20270406T173000Z');
    expect(first.events[1]!.SUMMARY).toBe(`Return journey: taxi pickup, booking ${number}`);
    expect(first.events[0]!.SUMMARY).toBe(`Outward journey: taxi pickup, booking ${number}`);

    const cancelled = await manageCall(t, 'POST', `/${number}/cancel`, {
      token,
      body: { leg: 'return', reason: 'Staying on' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancel = await mailedCalendar(number, 'booking-return-cancelled-by-passenger');
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.events).toHaveLength(1);
    expect(cancel.events[0]).toMatchObject({
      UID: `${number}-R@${domain}`,
      STATUS: 'CANCELLED',
      DTSTART: '20270406T173000Z',
    });
    expect(Number(cancel.events[0]!.SEQUENCE)).toBeGreaterThan(0);

    const row = await t.db.handle.db
      .selectFrom('bookings')
      .innerJoin('companies', 'companies.id', 'bookings.company_id')
      .select(['companies.name'])
      .where('booking_number', '=', number)
      .executeTakeFirstOrThrow();
    const session = await signIn(t, dispatcherOf(row.name));
    const confirmed = await consoleCall(t, 'POST', `/operator/jobs/${number}/status`, {
      session,
      body: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const confirm = await mailedCalendar(number, 'booking-status-confirmed');
    expect(confirm.method).toBe('PUBLISH');
    expect(confirm.events.map((event) => [event.UID, event.STATUS])).toEqual([
      [`${number}@${domain}`, 'CONFIRMED'],
    ]);
    expect(Number(confirm.events[0]!.SEQUENCE)).toBeGreaterThan(Number(cancel.events[0]!.SEQUENCE));
  });
});
