import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FLIGHT_TRACKING_OFF, flightNotFoundWarning } from '../../src/domain/flights';
import { addDays } from '../../src/domain/uk-time';
import { startBookingApp } from './booking-fixtures';
import { seededDriver } from './driver-fixtures';
import { bookWith, dispatch, TODAY, todayForm } from './driver-job-fixtures';
import { fakeFlight, startFakeAeroApi } from './fakes/aeroapi';
import { testDatabaseKinds, type TestApp } from './helpers';
import { mailedToken, manageCall, view } from './manage-booking-fixtures';
import { consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { HEATHROW, MOBILE } from './text-fixtures';

const KEY = 'aeroapi-test-key';
/** The tests' day (the app's clock is fixed at 10:00 on it) and the flight's landing. */
const LANDING = new Date('2026-11-21T14:15:00Z');
const minutes = (n: number) => new Date(LANDING.getTime() + n * 60_000).toISOString();

/** Books a 3pm Heathrow pickup on the tests' day, carrying `flight`, from a mobile. */
function bookFlight(t: TestApp, flight: string, hour = '3pm') {
  return bookWith(t, HEATHROW, todayForm({ pickup_hour: hour, pickup_fight_number: flight }), {
    number: MOBILE,
  });
}

async function textsOf(t: TestApp, number: string) {
  return t.db.handle.db
    .selectFrom('text_messages')
    .innerJoin('bookings', 'bookings.id', 'text_messages.booking_id')
    .select(['event', 'recipient', 'occurrence', 'to_number', 'body'])
    .where('bookings.booking_number', '=', number)
    .where('event', '=', 'pickup_moved')
    .orderBy('text_messages.id')
    .execute();
}

/** The flight looks queued for a booking and not yet taken by a worker. */
async function waitingLooks(t: TestApp, number: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from pgboss.job
    where name = 'flight-look' and state in ('created', 'retry')
      and (data->>'bookingId')::int = (select id from bookings where booking_number = ${number})
  `.execute(t.db.handle.db);
  return Number(rows[0]?.count ?? 0);
}

async function flightOf(t: TestApp, number: string) {
  const token = await mailedToken(t, number);
  return (await view(t, number, token)).flights[0];
}

describe.each(testDatabaseKinds())('flights tracked on %s', (kind) => {
  let t: TestApp;
  let aero: Awaited<ReturnType<typeof startFakeAeroApi>>;
  let heathrow: string;

  beforeAll(async () => {
    aero = await startFakeAeroApi(KEY);
    t = await startBookingApp(kind, {
      MAIL_POLL_INTERVAL_MS: '0',
      FLIGHTAWARE_API_KEY: KEY,
      FLIGHTAWARE_API_BASE_URL: aero.baseUrl,
      // The app's clock stands still at 10:00: every look is "far", one a second.
      FLIGHT_POLL_FAR_SECONDS: '1',
      FLIGHT_POLL_NEAR_SECONDS: '1',
    });
    heathrow = await signIn(t, dispatcherOf(HEATHROW));
  });
  afterAll(async () => {
    await t?.close();
    await aero?.close();
  });

  it('follows a delay: meet time, history, one text each to passenger and driver', async () => {
    aero.add(fakeFlight('BA117', 'LHR', LANDING));
    const number = await bookFlight(t, 'ba 117');
    await vi.waitFor(async () => expect((await flightOf(t, number))?.state).toBe('scheduled'), {
      timeout: 20_000,
      interval: 200,
    });
    expect(await flightOf(t, number)).toMatchObject({
      flight_number: 'BA 117',
      airport: 'Heathrow Airport (LHR)',
      label: 'Scheduled',
      scheduled_arrival: LANDING.toISOString(),
      meet_time: '15:00',
      warning: null,
    });
    const james = await seededDriver(t, 'James Okafor');
    await t.db.handle.db
      .updateTable('drivers')
      .set({ mobile: '07400 123456' })
      .where('id', '=', james.id)
      .execute();
    await dispatch(t, heathrow, number, { id: james.id, registration: 'LB71 XKE' });

    aero.update('BA117', { estimated_on: minutes(50), status: 'En Route / Delayed' });
    await vi.waitFor(async () => expect((await flightOf(t, number))?.meet_time).toBe('15:50'), {
      timeout: 20_000,
      interval: 200,
    });
    expect(await flightOf(t, number)).toMatchObject({ state: 'delayed', label: 'Delayed 50 min' });
    // A further 10 minutes is under the threshold: nothing moves, nobody is told again.
    aero.update('BA117', { estimated_on: minutes(60) });
    await vi.waitFor(
      async () => expect((await flightOf(t, number))?.label).toBe('Delayed 60 min'),
      {
        timeout: 20_000,
        interval: 200,
      },
    );
    expect((await flightOf(t, number))?.meet_time).toBe('15:50');

    const texts = await textsOf(t, number);
    expect(texts).toEqual([
      expect.objectContaining({
        recipient: 'passenger',
        occurrence: 1,
        body: expect.stringMatching(
          /^Your flight is now due at 15:05; your driver will meet you at 15:50\. http/,
        ),
      }),
      expect.objectContaining({
        recipient: 'driver',
        occurrence: 1,
        to_number: '+447400123456',
        body: `${number}: Flight BA 117 now due 15:05; meet at 15:50.`,
      }),
    ]);
    const page = await consoleCall(t, 'GET', `/operator/bookings/${number}`, { session: heathrow });
    const detail = page.json().data;
    expect(detail.flights[0]).toMatchObject({ label: 'Delayed 60 min', meet_time: '15:50' });
    expect(detail.history.map((row: { note: string }) => row.note)).toContainEqual(
      'Flight BA 117 now due 15:05; meet at 15:50 (was 15:00)',
    );
    const board = await consoleCall(t, 'GET', `/operator/bookings?q=${number}`, {
      session: heathrow,
    });
    expect(board.json().data[0].flight).toEqual({
      flight_number: 'BA 117',
      state: 'delayed',
      label: 'Delayed 60 min',
      meet_time: '15:50',
    });

    aero.update('BA117', { actual_on: minutes(58), status: 'Landed / Taxiing' });
    await vi.waitFor(async () => expect((await flightOf(t, number))?.label).toBe('Landed 15:13'), {
      timeout: 20_000,
      interval: 200,
    });
    const looks = aero.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // Landed: no more looks at it.
    expect(aero.requests.filter((r) => r.ident === 'BA117').length).toBe(
      aero.requests.slice(0, looks).filter((r) => r.ident === 'BA117').length,
    );
  });

  it('tracks the flight again when the passenger changes it or the pickup, one look at a time', async () => {
    aero.add(fakeFlight('BA119', 'LHR', LANDING));
    aero.add(fakeFlight('BA121', 'LHR', new Date(minutes(75))));
    aero.add(fakeFlight('BA123', 'LHR', new Date(minutes(5))));
    const number = await bookFlight(t, 'BA119');
    const token = await mailedToken(t, number);
    const meetTime = (time: string) =>
      vi.waitFor(async () => expect((await flightOf(t, number))?.meet_time).toBe(time), {
        timeout: 20_000,
        interval: 200,
      });
    const amend = async (body: Record<string, string>) => {
      const res = await manageCall(t, 'POST', `/${number}/amend`, { token, body });
      expect(res.statusCode, res.body).toBe(200);
    };
    /** Once the looks queued before a change have found themselves stale: one waiting, not two. */
    const oneLookWaiting = async () => {
      await vi.waitFor(async () => expect(await waitingLooks(t, number)).toBe(1), {
        timeout: 10_000,
        interval: 100,
      });
      for (let sample = 0; sample < 8; sample += 1) {
        expect(await waitingLooks(t, number)).toBeLessThanOrEqual(1);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    await vi.waitFor(async () => expect((await flightOf(t, number))?.state).toBe('scheduled'), {
      timeout: 20_000,
      interval: 200,
    });
    aero.update('BA119', { estimated_on: minutes(50) });
    await meetTime('15:50');

    // Another flight at the same pickup: its move is measured from the 15:50 already told, so
    // the passenger hears of 15:05 although it is within 15 minutes of the booked 15:00.
    await amend({ flight_no: 'BA123' });
    await meetTime('15:05');
    expect(await flightOf(t, number)).toMatchObject({
      flight_number: 'BA123',
      scheduled_arrival: minutes(5),
    });
    const told = (await textsOf(t, number)).map((text) => [text.occurrence, text.body]);
    expect(told).toEqual([
      [1, expect.stringMatching(/^Your flight is now due at 15:05; .* meet you at 15:50\./)],
      [2, expect.stringMatching(/^Your flight is now due at 14:20; .* meet you at 15:05\./)],
    ]);
    const asked = aero.requests.filter((r) => r.ident === 'BA119').length;

    // A pickup moved later than the landing and its buffer: met at the new pickup.
    await amend({ pick_up_time: '17:00' });
    await meetTime('17:00');
    await oneLookWaiting();
    expect(aero.requests.filter((r) => r.ident === 'BA119').length).toBe(asked);

    // Taken off, the flight is no longer shown; put back, it is tracked again, one chain still.
    await amend({ flight_no: '' });
    expect(await flightOf(t, number)).toBeUndefined();
    await amend({ flight_no: 'BA121' });
    await vi.waitFor(async () => expect((await flightOf(t, number))?.state).toBe('scheduled'), {
      timeout: 20_000,
      interval: 200,
    });
    expect(await flightOf(t, number)).toMatchObject({ flight_number: 'BA121', meet_time: '17:00' });
    await oneLookWaiting();
  });

  it('checks a flight days ahead against the timetable at booking, and warns of one it lacks', async () => {
    const day = addDays(TODAY, 5);
    const landing = new Date(LANDING.getTime() + 5 * 86_400_000);
    aero.add(fakeFlight('BA125', 'LHR', landing));
    const ahead = (flight: string, email: string) =>
      bookWith(t, HEATHROW, todayForm({ pickup_date: day, pickup_fight_number: flight }), {
        number: MOBILE,
        email,
      });

    const found = await ahead('BA125', 'timetable-1@example.com');
    await vi.waitFor(async () => expect((await flightOf(t, found))?.state).toBe('scheduled'), {
      timeout: 20_000,
      interval: 200,
    });
    // Due at the gate 14:25; the meet time stays the booked 15:00 until the flight is followed.
    expect(await flightOf(t, found)).toMatchObject({
      flight_number: 'BA125',
      label: 'Scheduled',
      scheduled_arrival: new Date(landing.getTime() + 10 * 60_000).toISOString(),
      meet_time: '15:00',
      warning: null,
    });
    expect(aero.timetableRequests).toContainEqual(
      expect.objectContaining({ airline: 'BA', number: '125', destination: 'LHR' }),
    );
    expect(aero.requests.filter((r) => r.ident === 'BA125')).toEqual([]);

    const missing = await ahead('BA999', 'timetable-2@example.com');
    await vi.waitFor(async () => expect((await flightOf(t, missing))?.warning).toBeTruthy(), {
      timeout: 20_000,
      interval: 200,
    });
    expect(await flightOf(t, missing)).toMatchObject({
      label: 'Checking',
      warning: flightNotFoundWarning('BA999', 'Heathrow Airport (LHR)', day),
    });

    // A number the timetable takes no question about (a letter after it) is not called wrong.
    const lettered = await ahead('BA125A', 'timetable-3@example.com');
    await vi.waitFor(
      async () => {
        const track = await t.db.handle.db
          .selectFrom('flight_tracks')
          .innerJoin('bookings', 'bookings.id', 'flight_tracks.booking_id')
          .select('checked_at')
          .where('bookings.booking_number', '=', lettered)
          .executeTakeFirst();
        expect(track?.checked_at).toBeTruthy();
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await flightOf(t, lettered)).toMatchObject({ label: 'Checking', warning: null });
    expect(aero.timetableRequests.filter((r) => r.number.startsWith('125A'))).toEqual([]);
  });

  it('flags a cancelled flight to Needs action, and moves nothing', async () => {
    aero.add(fakeFlight('VS4', 'LHR', LANDING));
    const number = await bookFlight(t, 'VS4', '4pm');
    await vi.waitFor(async () => expect((await flightOf(t, number))?.state).toBe('scheduled'), {
      timeout: 20_000,
      interval: 200,
    });
    aero.update('VS4', { cancelled: true, status: 'Cancelled' });
    await vi.waitFor(async () => expect((await flightOf(t, number))?.label).toBe('Cancelled'), {
      timeout: 20_000,
      interval: 200,
    });
    const needs = await consoleCall(t, 'GET', `/operator/bookings?view=needs_action&q=${number}`, {
      session: heathrow,
    });
    expect(needs.json().data.map((row: { booking_number: string }) => row.booking_number)).toEqual([
      number,
    ]);
    expect(await textsOf(t, number)).toEqual([]);
  });

  it('warns the passenger when the flight does not land there that day', async () => {
    aero.add(fakeFlight('AA100', 'JFK', LANDING));
    const number = await bookFlight(t, 'AA100', '5pm');
    await vi.waitFor(async () => expect((await flightOf(t, number))?.state).toBe('not_found'), {
      timeout: 20_000,
      interval: 200,
    });
    expect((await flightOf(t, number))?.warning).toBe(
      'We could not find flight AA100 landing at Heathrow Airport (LHR) on 21/11/2026. Please check the flight number: your driver follows the flight to meet you.',
    );
  });
});

describe.each(testDatabaseKinds())('flights without a provider key on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
  });
  afterAll(async () => t?.close());

  it('keeps the booked time and says flights are not tracked', async () => {
    const number = await bookFlight(t, 'BA117');
    expect(await flightOf(t, number)).toMatchObject({
      state: 'untracked',
      label: 'Not tracked',
      meet_time: '15:00',
      warning: FLIGHT_TRACKING_OFF,
    });
  });
});
