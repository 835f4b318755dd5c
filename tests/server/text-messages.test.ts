import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { smsOutboxDir } from '../../src/server/services/texts/sms-transport';
import { startBookingApp } from './booking-fixtures';
import { seededDriver } from './driver-fixtures';
import { dispatch } from './driver-job-fixtures';
import { HEATHROW, MOBILE_E164, mobileBooker } from './text-fixtures';
import { tempDir, testDatabaseKinds, type TestApp } from './helpers';
import { manageCall, mailedToken, view } from './manage-booking-fixtures';
import { consoleCall, dispatcherOf, signIn } from './operator-fixtures';

async function textsOf(t: TestApp, number: string) {
  return t.db.handle.db
    .selectFrom('text_messages')
    .innerJoin('bookings', 'bookings.id', 'text_messages.booking_id')
    .select(['text_messages.event', 'text_messages.status', 'text_messages.body'])
    .select(['text_messages.to_number', 'text_messages.error', 'text_messages.provider_id'])
    .where('bookings.booking_number', '=', number)
    .orderBy('text_messages.id')
    .execute();
}

async function passengerOf(t: TestApp, number: string) {
  return t.db.handle.db
    .selectFrom('booking_passengers')
    .innerJoin('bookings', 'bookings.id', 'booking_passengers.booking_id')
    .select(['texts_wanted', 'text_number', 'text_problem'])
    .where('bookings.booking_number', '=', number)
    .executeTakeFirstOrThrow();
}

/** The text files written for a booking's texts, by event, once each is sent. */
async function sentFiles(t: TestApp, dataDir: string, number: string, events: string[]) {
  const dir = smsOutboxDir(dataDir);
  const files = new Map<string, string>();
  await vi.waitFor(
    async () => {
      const rows = await textsOf(t, number);
      for (const event of events) {
        const row = rows.find((each) => each.event === event);
        expect(row?.status, `${event}: ${JSON.stringify(rows)}`).toBe('sent');
        files.set(event, await readFile(path.join(dir, row?.provider_id ?? ''), 'utf8'));
      }
    },
    { timeout: 15_000, interval: 100 },
  );
  return files;
}

describe.each(testDatabaseKinds())('texts to the passenger on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let data: Awaited<ReturnType<typeof tempDir>>;
  let heathrow: string;
  let james: { id: number; registration: string };
  const book = mobileBooker(() => t);

  beforeAll(async () => {
    data = await tempDir('ridebook-texts');
    dataDir = data.dir;
    t = await startBookingApp(kind, {
      DATA_DIR: dataDir,
      MAIL_POLL_INTERVAL_MS: '0',
      SMS_DAILY_CAP: '8',
    });
    heathrow = await signIn(t, dispatcherOf(HEATHROW));
    james = { id: (await seededDriver(t, 'James Okafor')).id, registration: 'LB71 XKE' };
  });
  afterAll(async () => {
    await t?.close();
    await data?.remove();
  });

  it('texts each step once, in the default wording, with the registration and the link', async () => {
    const number = await book();
    expect(await passengerOf(t, number)).toEqual({
      texts_wanted: true,
      text_number: MOBILE_E164,
      text_problem: null,
    });
    await dispatch(t, heathrow, number, james);
    for (const status of ['en_route', 'arrived'] as const) {
      const res = await consoleCall(t, 'POST', `/operator/jobs/${number}/status`, {
        session: heathrow,
        body: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const events = [
      'booking_received',
      'booking_confirmed',
      'driver_assigned',
      'driver_on_the_way',
      'driver_arrived',
    ];
    const files = await sentFiles(t, dataDir, number, events);
    expect((await textsOf(t, number)).map((row) => row.event)).toEqual(events);
    expect(files.get('booking_received')).toContain(`To: ${MOBILE_E164}`);
    expect(files.get('booking_received')).toContain(`we have your booking ${number}`);
    expect(files.get('driver_assigned')).toContain('registration LB71 XKE');
    for (const event of ['driver_on_the_way', 'driver_arrived']) {
      expect(files.get(event)).toContain('LB71 XKE');
      expect(files.get(event)).toMatch(new RegExp(`/manage-booking/${number}\\?token=[\\w-]{20,}`));
    }
    // The link's token is in the text sent, never in the copy kept.
    const kept = (await textsOf(t, number)).find((row) => row.event === 'driver_on_the_way');
    expect(kept?.body).toContain('token=(sent)');
  });

  it('lets the passenger turn texts off and on from the booking page', async () => {
    const number = await book();
    const token = await mailedToken(t, number);
    expect((await view(t, number, token)).texts).toEqual({ wanted: true, problem: null });
    const off = await manageCall(t, 'PUT', `/${number}/texts`, { token, body: { wanted: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await view(t, number, token)).texts.wanted).toBe(false);
    // Turned off: the next step is not texted.
    await dispatch(t, heathrow, number, james);
    expect((await textsOf(t, number)).map((row) => row.event)).toEqual(['booking_received']);

    const bad = await manageCall(t, 'PUT', `/${number}/texts`, { token, body: { wanted: 'no' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('wanted');
    const other = await book();
    const stranger = await manageCall(t, 'PUT', `/${other}/texts`, {
      token,
      body: { wanted: false },
    });
    expect(stranger.statusCode).toBe(404);
    const on = await manageCall(t, 'PUT', `/${number}/texts`, { token, body: { wanted: true } });
    expect(on.statusCode).toBe(200);
    expect((await view(t, number, token)).texts.wanted).toBe(true);
  });

  it('sends nothing when the passenger turned texts off at booking', async () => {
    const number = await book({ textMe: false });
    await dispatch(t, heathrow, number, james);
    expect((await passengerOf(t, number)).texts_wanted).toBe(false);
    expect(await textsOf(t, number)).toEqual([]);
  });

  it('reports a number that cannot take texts instead of sending to it', async () => {
    const number = await book({ number: '020 7946 0000' });
    const passenger = await passengerOf(t, number);
    expect(passenger.text_number).toBeNull();
    expect(passenger.text_problem).toBe(
      'We cannot send texts to 020 7946 0000: it is not a mobile number.',
    );
    expect(await textsOf(t, number)).toEqual([]);
  });

  it('holds texts back over the number’s daily cap, recorded with the reason', async () => {
    // Seven texts to this number above (five, then two bookings'); the cap is eight a day.
    const number = await book();
    await dispatch(t, heathrow, number, james);
    const rows = await textsOf(t, number);
    expect(rows.map((row) => [row.event, row.status])).toEqual([
      ['booking_received', expect.stringMatching(/queued|sending|sent/)],
      ['booking_confirmed', 'suppressed'],
      ['driver_assigned', 'suppressed'],
    ]);
    expect(rows[1]?.error).toBe("Not sent: over the number's daily cap of 8 texts");
  });
});
