import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_SESSION_COOKIE } from '../../src/contract/driver';
import { API_BASE, MANAGE_TOKEN_HEADER, OPERATOR_SESSION_COOKIE } from '../../src/contract/paths';
import { startBookingApp } from './booking-fixtures';
import { DEMO_DRIVERS } from '../../src/server/db/seed-data/operator-accounts';
import { driverCall, driverSignIn, giveDriverLogin, seededDriver } from './driver-fixtures';
import { API_HEADERS, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { bookingWithDriver, moveJob, openEvents, type EventReader } from './live-fixtures';
import { carBooking, manageCall } from './manage-booking-fixtures';
import { ADMIN, consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { FIXED_NOW } from './quote-fixtures';

const OTHER_COMPANY: Record<string, string> = {
  'Heathrow Executive Cars': 'Northern Star Chauffeurs',
  'Thames Valley Private Hire': 'Northern Star Chauffeurs',
  'Northern Star Chauffeurs': 'Heathrow Executive Cars',
};

/**
 * Live updates (issue 34): the console's, the driver's and the passenger's event streams over
 * real HTTP, fed by the bus every job move and position is published on. Events say what
 * changed, to whom it concerns; the streams need no API keys (EventSource sends no headers),
 * but each needs its own caller.
 */
describe.each(testDatabaseKinds())('live updates on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const open: EventReader[] = [];

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await t?.close();
  });

  async function stream(path: string, headers: Record<string, string> = {}) {
    const reader = await openEvents(`${base}${API_BASE}${path}`, headers);
    open.push(reader);
    return reader;
  }
  const asOperator = (session: string) => ({ cookie: `${OPERATOR_SESSION_COOKIE}=${session}` });
  const asDriver = (session: string) => ({ cookie: `${DRIVER_SESSION_COOKIE}=${session}` });
  /** Lets any stray event arrive before a test says none came. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('tells a job move to its company, the admin, its driver and its passenger, and no one else', async () => {
    const job = await bookingWithDriver(t, 'live.one@example.co.uk');
    const office = await stream('/operator/events', asOperator(job.office));
    const admin = await stream('/operator/events', asOperator(await signIn(t, ADMIN)));
    const elsewhere = await stream(
      '/operator/events',
      asOperator(await signIn(t, dispatcherOf(OTHER_COMPANY[job.booking.company]!))),
    );
    const driver = await stream('/driver/events', asDriver(job.driverSession));
    const passenger = await stream(`/manage-booking/${job.number}/events?token=${job.token}`);
    for (const reader of [office, driver, passenger]) {
      expect(reader.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(reader.response.headers.get('cache-control')).toBe('no-store');
      expect(reader.response.headers.get('x-request-id')).toBeTruthy();
      expect(reader.retryMs).toBeGreaterThanOrEqual(3_000);
    }

    await moveJob(t, job.office, job.number, 'en_route');
    const moved = { type: 'jobs', job_ref: job.number };
    for (const reader of [office, admin, driver, passenger]) {
      expect(await reader.next((e) => e.type === 'jobs')).toEqual(moved);
    }

    // The car moves: the console and the passenger hear it; the driver sent it.
    const sent = await driverCall(t, 'POST', '/driver/location', {
      session: job.driverSession,
      body: { lat: 51.4816, lng: -0.4305, accuracy: 8, at: FIXED_NOW.toISOString() },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const position = { type: 'position', job_ref: job.number };
    for (const reader of [office, admin, passenger]) {
      expect(await reader.next((e) => e.type === 'position')).toEqual(position);
    }
    await settle();
    expect(driver.events).toEqual([moved]);
    expect(elsewhere.events).toEqual([]);

    await moveJob(t, job.office, job.number, 'arrived');
    await moveJob(t, job.office, job.number, 'on_board');
    await moveJob(t, job.office, job.number, 'completed');
    await expect.poll(() => passenger.events.filter((e) => e.type === 'jobs').length).toBe(4);
  });

  it("tells the console of a new booking, and of a passenger's change that moves no job", async () => {
    const admin = await stream('/operator/events', asOperator(await signIn(t, ADMIN)));
    const { number, token } = await carBooking(t);
    const told = { type: 'jobs', job_ref: number };
    expect(await admin.next((e) => e.job_ref === number)).toEqual(told);
    const company = (
      await t.db.handle.db
        .selectFrom('bookings')
        .innerJoin('companies', 'companies.id', 'bookings.company_id')
        .select('companies.name')
        .where('booking_number', '=', number)
        .executeTakeFirstOrThrow()
    ).name;
    const elsewhere = await stream(
      '/operator/events',
      asOperator(await signIn(t, dispatcherOf(OTHER_COMPANY[company]!))),
    );
    const changed = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { additional_info: 'Two large suitcases' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect.poll(() => admin.events.filter((e) => e.job_ref === number).length).toBe(2);
    await settle();
    expect(elsewhere.events).toEqual([]);
  });

  it('tells the driver taken off a job, as well as the one put on it', async () => {
    const job = await bookingWithDriver(t, 'live.two@example.co.uk');
    const next = DEMO_DRIVERS.find(
      (d) => d.company === job.booking.company && d.expiresInDays > 0 && d.name !== job.driver.name,
    )!;
    const nextRow = await seededDriver(t, next.name);
    const nextSession = await driverSignIn(
      t,
      await giveDriverLogin(t, nextRow.id, 'live.three@example.co.uk'),
    );
    const taken = await stream('/driver/events', asDriver(job.driverSession));
    const given = await stream('/driver/events', asDriver(nextSession));
    const reassigned = await consoleCall(t, 'POST', `/operator/jobs/${job.number}/assign`, {
      session: job.office,
      body: { driver_id: nextRow.id, vehicle_registration: next.registration },
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    for (const reader of [taken, given]) {
      expect(await reader.next((e) => e.job_ref === job.number)).toEqual({
        type: 'jobs',
        job_ref: job.number,
      });
    }
  });

  it('opens a stream only for its own caller, and keeps the API keys on every other call', async () => {
    const { number, token } = await carBooking(t);
    const other = await carBooking(t);
    const refusals = await Promise.all([
      stream('/operator/events'),
      stream('/operator/events', asOperator('x'.repeat(43))),
      stream('/driver/events'),
      stream(`/manage-booking/${number}/events`),
      stream(`/manage-booking/${number}/events?token=${other.token}`),
      stream(`/manage-booking/${number}/events?token=short`),
    ]);
    expect(refusals.map((r) => r.response.status)).toEqual([401, 401, 401, 404, 404, 404]);
    for (const refused of refusals) {
      expect(refused.response.headers.get('content-type')).toContain('application/json');
    }
    // The header is taken too, with or without the keys.
    const byHeader = await stream(`/manage-booking/${number}/events`, {
      [MANAGE_TOKEN_HEADER]: token,
    });
    expect(byHeader.response.status).toBe(200);

    // Every other passenger call still needs the site's keys, and takes no token in the query.
    const noKeys = await fetch(`${base}${API_BASE}/manage-booking/${number}/driver`, {
      headers: { [MANAGE_TOKEN_HEADER]: token },
    });
    expect(noKeys.status).toBe(401);
    const queryToken = await fetch(
      `${base}${API_BASE}/manage-booking/${number}/driver?token=${token}`,
      {
        headers: API_HEADERS,
      },
    );
    expect(queryToken.status).toBe(404);
  });

  it('outlives the request and socket timeouts, and ends when the server closes without holding it up', async () => {
    const other = await startBookingApp(kind, {
      MAIL_POLL_INTERVAL_MS: '0',
      REQUEST_TIMEOUT_MS: '1000',
      CONNECTION_TIMEOUT_MS: '1000',
    });
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(other, ADMIN);
    const readers = await Promise.all(
      [1, 2, 3].map(() => openEvents(`${url}${API_BASE}/operator/events`, asOperator(admin))),
    );
    // Quiet for longer than either timeout: the stream is still there to carry the next event.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const { number } = await carBooking(other);
    const company = await other.db.handle.db
      .selectFrom('bookings')
      .innerJoin('companies', 'companies.id', 'bookings.company_id')
      .select('companies.name')
      .where('booking_number', '=', number)
      .executeTakeFirstOrThrow();
    await moveJob(other, await signIn(other, dispatcherOf(company.name)), number, 'confirmed');
    for (const reader of readers) await reader.next((e) => e.job_ref === number);

    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    await Promise.all(readers.map((reader) => reader.ended));
  });
});
