import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operatorBookingResponseSchema } from '../../src/contract/operator';
import { createTextMessagesRepository } from '../../src/server/repositories/text-messages-repository';
import { startBookingApp } from './booking-fixtures';
import { seededDriver } from './driver-fixtures';
import { dispatch } from './driver-job-fixtures';
import { HEATHROW, MOBILE_E164, mobileBooker } from './text-fixtures';
import { tempDir, testDatabaseKinds, type TestApp } from './helpers';
import { consoleCall, dispatcherOf, signIn } from './operator-fixtures';

describe.each(testDatabaseKinds())("the console's booking shows its texts on %s", (kind) => {
  let t: TestApp;
  let data: Awaited<ReturnType<typeof tempDir>>;
  let heathrow: string;
  let james: { id: number; registration: string };
  const book = mobileBooker(() => t);

  /** GET /operator/bookings/{n}: the answer as sent, and its texts as the contract reads them. */
  async function consoleBooking(number: string) {
    const res = await consoleCall(t, 'GET', `/operator/bookings/${number}`, { session: heathrow });
    expect(res.statusCode, res.body).toBe(200);
    return { raw: res.body, texts: operatorBookingResponseSchema.parse(res.json()).data.texts };
  }

  /** The provider ids of a booking's texts, by event, once every one is sent. */
  async function sentIds(number: string, events: string[]) {
    const ids = new Map<string, string>();
    await vi.waitFor(
      async () => {
        const rows = await t.db.handle.db
          .selectFrom('text_messages')
          .innerJoin('bookings', 'bookings.id', 'text_messages.booking_id')
          .select(['text_messages.event', 'text_messages.status', 'text_messages.provider_id'])
          .where('bookings.booking_number', '=', number)
          .execute();
        for (const event of events) {
          const row = rows.find((each) => each.event === event);
          expect(row?.status, `${event}: ${JSON.stringify(rows)}`).toBe('sent');
          ids.set(event, row?.provider_id ?? '');
        }
      },
      { timeout: 15_000, interval: 100 },
    );
    return ids;
  }

  beforeAll(async () => {
    data = await tempDir('ridebook-console-texts');
    t = await startBookingApp(kind, { DATA_DIR: data.dir, MAIL_POLL_INTERVAL_MS: '0' });
    heathrow = await signIn(t, dispatcherOf(HEATHROW));
    james = { id: (await seededDriver(t, 'James Okafor')).id, registration: 'LB71 XKE' };
  });
  afterAll(async () => {
    await t?.close();
    await data?.remove();
  });

  it('lists each text, oldest first, with its status and error, and never its words', async () => {
    const number = await book();
    await dispatch(t, heathrow, number, james);
    const events = ['booking_received', 'booking_confirmed', 'driver_assigned'];
    const ids = await sentIds(number, events);
    // The provider's report that the driver's text never reached the handset.
    const reportedAt = new Date('2026-12-07T10:00:00.000Z');
    await createTextMessagesRepository(t.db.handle.db).updateStatus(
      ids.get('driver_assigned') ?? '',
      'undelivered',
      'Unreachable destination handset (30003)',
      reportedAt,
    );

    const { raw, texts } = await consoleBooking(number);
    expect(texts).toMatchObject({ wanted: true, number: MOBILE_E164, problem: null });
    expect(
      texts.messages.map(({ event, label, leg, to, status, status_label, error }) => ({
        event,
        label,
        leg,
        to,
        status,
        status_label,
        error,
      })),
    ).toEqual([
      {
        event: 'booking_received',
        label: 'Booking received',
        leg: 'outward',
        to: MOBILE_E164,
        status: 'sent',
        status_label: 'Sent',
        error: null,
      },
      {
        event: 'booking_confirmed',
        label: 'Booking confirmed',
        leg: 'outward',
        to: MOBILE_E164,
        status: 'sent',
        status_label: 'Sent',
        error: null,
      },
      {
        event: 'driver_assigned',
        label: 'Driver assigned',
        leg: 'outward',
        to: MOBILE_E164,
        status: 'undelivered',
        status_label: 'Not delivered',
        error: 'Unreachable destination handset (30003)',
      },
    ]);
    for (const message of texts.messages) {
      expect(Date.parse(message.created_at)).not.toBeNaN();
      expect(message.sent_at).not.toBeNull();
    }
    expect(texts.messages[2]?.status_at).toBe(reportedAt.toISOString());
    // The words are not the console's to read: a text may carry the manage link.
    const rawTexts = JSON.parse(raw).data.texts as { messages: Record<string, unknown>[] };
    for (const message of rawTexts.messages) expect(message).not.toHaveProperty('body');
    expect(raw).not.toContain('we have your booking');
    expect(raw).not.toContain('token=');
  });

  it('says the passenger turned texts off, with no texts', async () => {
    const number = await book({ textMe: false });
    await dispatch(t, heathrow, number, james);
    const { texts } = await consoleBooking(number);
    expect(texts).toEqual({ wanted: false, number: MOBILE_E164, problem: null, messages: [] });
  });

  it("says why the passenger's number cannot take texts", async () => {
    const number = await book({ number: '020 7946 0000' });
    const { texts } = await consoleBooking(number);
    expect(texts).toEqual({
      wanted: true,
      number: null,
      problem: 'We cannot send texts to 020 7946 0000: it is not a mobile number.',
      messages: [],
    });
  });
});
