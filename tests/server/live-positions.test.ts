import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  driverLocationResponseSchema,
  driverPositionsResponseSchema,
  jobTrailResponseSchema,
  passengerDriverResponseSchema,
} from '../../src/contract/live';
import { LIVE_MESSAGES } from '../../src/domain/live-tracking';
import { startBookingApp } from './booking-fixtures';
import { driverCall } from './driver-fixtures';
import { testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { bookingWithDriver, moveJob } from './live-fixtures';
import { manageCall } from './manage-booking-fixtures';
import { ADMIN, consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { FIXED_NOW } from './quote-fixtures';

/** jsdom's XML parser, the browser's own (the package ships no types). */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new () => { window: { DOMParser: typeof DOMParser } };
};

const MINUTE = 60_000;
/** Central London, well away from a Heathrow pickup; and beside Terminal 5. */
const LONDON = { lat: 51.5074, lng: -0.1278 };
const NEAR_T5 = { lat: 51.4723, lng: -0.4887 };
const minutesAgo = (n: number) => new Date(FIXED_NOW.getTime() - n * MINUTE).toISOString();

/**
 * The car on its way (issue 34): positions from the driver's phone, what the passenger sees of
 * them (only from On the way until Passenger on board), the console's map, a job's trail as
 * JSON and GPX (the evidence for a dispute), and the retention of positions outside a job.
 */
describe.each(testDatabaseKinds())('positions on %s', (kind) => {
  let t: TestApp;
  let job: Awaited<ReturnType<typeof bookingWithDriver>>;

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    job = await bookingWithDriver(t, 'positions@example.co.uk');
  });
  afterAll(async () => t?.close());

  const send = (body: Record<string, unknown>, session = job.driverSession) =>
    driverCall(t, 'POST', '/driver/location', { session, body });
  async function sendOk(where: { lat: number; lng: number }, at = FIXED_NOW.toISOString()) {
    const res = await send({ ...where, accuracy: 9, heading: 90, speed: 12.5, at });
    expect(res.statusCode, res.body).toBe(200);
    return driverLocationResponseSchema.parse(res.json()).data;
  }
  async function passengerView(query = '') {
    const res = await manageCall(t, 'GET', `/${job.number}/driver${query}`, { token: job.token });
    expect(res.statusCode, res.body).toBe(200);
    return passengerDriverResponseSchema.parse(res.json()).data;
  }
  const setDuty = (onDuty: boolean) =>
    t.db.handle.db
      .updateTable('drivers')
      .set({ on_duty: onDuty })
      .where('id', '=', job.driver.id)
      .execute();

  it('refuses a position no phone could take, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ lat: 91, lng: 0 }, 'lat'],
      [{ lat: 51.5, lng: -181 }, 'lng'],
      [{ lat: 51.5, lng: 0, at: new Date(FIXED_NOW.getTime() + 60 * MINUTE).toISOString() }, 'at'],
      [{ lat: 51.5, lng: 0, at: minutesAgo(3 * 60) }, 'at'],
      [{ lat: 51.5, lng: 0, speed: 500 }, 'speed'],
      [{ lat: 51.5, lng: 0, accuracy: 250_000 }, 'accuracy'],
      [{ lat: 51.5, lng: 0, heading: 400 }, 'heading'],
      [{ lat: 51.5, lng: 0, at: 'yesterday' }, 'at'],
    ];
    for (const [body, field] of cases) {
      const res = await send({ at: FIXED_NOW.toISOString(), ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([field]);
    }
    expect((await send({ lat: 51.5, lng: 0, at: FIXED_NOW.toISOString() }, '')).statusCode).toBe(
      401,
    );
    const foreign = await driverCall(t, 'POST', '/driver/location', {
      session: job.driverSession,
      origin: 'https://evil.example',
      body: { lat: 51.5, lng: 0, at: FIXED_NOW.toISOString() },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('keeps nothing of an off-duty driver with no job under way; on duty, a position of its own', async () => {
    await setDuty(false);
    expect(await sendOk(LONDON)).toEqual({ recorded: false, job_ref: null });
    await setDuty(true);
    expect(await sendOk(LONDON)).toEqual({ recorded: true, job_ref: null });
  });

  it('shows the passenger nothing of the car before On the way, even with positions sent', async () => {
    const view = await passengerView();
    expect(view).toMatchObject({
      job_ref: job.number,
      status: 'driver_assigned',
      driver_first_name: job.driver.name.split(' ')[0],
      registration: job.driver.registration,
      position: null,
      eta_minutes: null,
    });
    expect(view.driver_first_name).not.toContain(' ');
    expect(view.vehicle).toBeTruthy();
  });

  it('shows the car and how far it is from On the way, and 0 min once Arrived', async () => {
    await moveJob(t, job.office, job.number, 'en_route');
    expect(await passengerView()).toMatchObject({ status: 'en_route', position: null });
    expect(await sendOk(LONDON, minutesAgo(1))).toEqual({ recorded: true, job_ref: job.number });
    const far = await passengerView();
    expect(far.position).toEqual({ ...LONDON, at: minutesAgo(1) });
    expect(far.eta_minutes).toBeGreaterThan(15);

    await sendOk(NEAR_T5);
    const near = await passengerView();
    expect(near.position).toEqual({ ...NEAR_T5, at: FIXED_NOW.toISOString() });
    // The ETA is the job's for 15 s, whoever asks and however the car moved meanwhile.
    expect(near.eta_minutes).toBe(far.eta_minutes);

    await moveJob(t, job.office, job.number, 'arrived');
    expect(await passengerView()).toMatchObject({ status: 'arrived', eta_minutes: 0 });
  });

  it('hides the car from Passenger on board on, while the trail goes on', async () => {
    await moveJob(t, job.office, job.number, 'on_board');
    expect(await sendOk(LONDON)).toEqual({ recorded: true, job_ref: job.number });
    expect(await passengerView()).toMatchObject({
      status: 'on_board',
      position: null,
      eta_minutes: null,
    });
    // The driver's name and vehicle stay: the passenger is in the car.
    expect((await passengerView()).driver_first_name).toBeTruthy();
  });

  it('answers the passenger only with their token, and only for a journey the booking has', async () => {
    expect((await manageCall(t, 'GET', `/${job.number}/driver`)).statusCode).toBe(404);
    const foreign = await manageCall(t, 'GET', `/${job.number}/driver`, {
      token: 'A'.repeat(43),
    });
    expect(foreign.statusCode).toBe(404);
    const noReturn = await manageCall(t, 'GET', `/${job.number}/driver?leg=return`, {
      token: job.token,
    });
    expect(noReturn.statusCode).toBe(404);
    expect(noReturn.json().message).toBe(LIVE_MESSAGES.legNotFound);
    const badLeg = await manageCall(t, 'GET', `/${job.number}/driver?leg=sideways`, {
      token: job.token,
    });
    expect(badLeg.statusCode).toBe(400);
    expect(badLeg.json().errors[0].path).toBe('leg');
  });

  it("puts the company's drivers on duty or on a job on its map, and only its own", async () => {
    const map = async (session: string) => {
      const res = await consoleCall(t, 'GET', '/operator/drivers/positions', { session });
      expect(res.statusCode, res.body).toBe(200);
      return driverPositionsResponseSchema.parse(res.json()).data;
    };
    const own = await map(job.office);
    const mine = own.find((d) => d.driver_id === job.driver.id);
    expect(mine).toMatchObject({
      name: job.driver.name,
      on_duty: true,
      job: { job_ref: job.number, status: 'on_board' },
      position: { ...LONDON, accuracy: 9, heading: 90, speed: 12.5, at: FIXED_NOW.toISOString() },
    });
    expect(own.every((d) => d.company_id === job.booking.company_id)).toBe(true);
    const other = await signIn(t, dispatcherOf('Thames Valley Private Hire'));
    const theirs = await map(other);
    if (job.booking.company !== 'Thames Valley Private Hire') {
      expect(theirs.some((d) => d.driver_id === job.driver.id)).toBe(false);
    }
    const all = await map(await signIn(t, ADMIN));
    expect(all.some((d) => d.driver_id === job.driver.id)).toBe(true);
    // Off duty, the driver stays on the map while their job is under way.
    await setDuty(false);
    expect((await map(job.office)).some((d) => d.driver_id === job.driver.id)).toBe(true);
    const noSession = await consoleCall(t, 'GET', '/operator/drivers/positions');
    expect(noSession.statusCode).toBe(401);
  });

  it("gives the console a job's trail, with the presses stamped from the phone, as JSON and GPX", async () => {
    await moveJob(t, job.office, job.number, 'completed');
    // A press from the driver's phone, as the app records it: when and where it was pressed.
    await t.db.handle.db
      .insertInto('booking_status_history')
      .values({
        booking_id: job.booking.id,
        leg: 'outward',
        at: FIXED_NOW,
        actor: 'driver',
        actor_name: job.driver.name,
        driver_id: job.driver.id,
        from_status: 'completed',
        to_status: 'completed',
        note: '',
        pressed_at: minutesAgo(2),
        lat: NEAR_T5.lat,
        lng: NEAR_T5.lng,
        accuracy: 6,
      })
      .execute();
    const res = await consoleCall(t, 'GET', `/operator/jobs/${job.number}/trail`, {
      session: job.office,
    });
    expect(res.statusCode, res.body).toBe(200);
    const trail = jobTrailResponseSchema.parse(res.json()).data;
    expect(trail).toMatchObject({ job_ref: job.number, status: 'completed' });
    // Oldest first, and only what was sent while the job was under way.
    expect(trail.positions.map((p) => [p.lat, p.at])).toEqual([
      [LONDON.lat, minutesAgo(1)],
      [NEAR_T5.lat, FIXED_NOW.toISOString()],
      [LONDON.lat, FIXED_NOW.toISOString()],
    ]);
    expect(trail.presses.map((p) => p.to_status)).toEqual([
      'pending',
      'confirmed',
      'driver_assigned',
      'en_route',
      'arrived',
      'on_board',
      'completed',
      'completed',
    ]);
    const stamped = trail.presses.at(-1)!;
    expect(stamped).toMatchObject({
      actor: 'driver',
      actor_name: job.driver.name,
      pressed_at: minutesAgo(2),
      ...NEAR_T5,
      accuracy: 6,
    });
    expect(trail.presses[3]).toMatchObject({ actor: 'operator', pressed_at: null, lat: null });

    const file = await consoleCall(t, 'GET', `/operator/jobs/${job.number}/trail.gpx`, {
      session: job.office,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="trail-${job.number}.gpx"`,
    );
    const doc = new new JSDOM().window.DOMParser().parseFromString(file.body, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const gpx = doc.documentElement;
    expect([gpx.nodeName, gpx.getAttribute('version'), gpx.namespaceURI]).toEqual([
      'gpx',
      '1.1',
      'http://www.topografix.com/GPX/1/1',
    ]);
    const points = [...doc.getElementsByTagName('trkpt')];
    expect(points.map((p) => [Number(p.getAttribute('lat')), p.textContent])).toEqual(
      trail.positions.map((p) => [p.lat, p.at]),
    );
    const waypoints = [...doc.getElementsByTagName('wpt')];
    expect(waypoints).toHaveLength(1);
    expect(Number(waypoints[0]!.getAttribute('lon'))).toBe(NEAR_T5.lng);
    expect(waypoints[0]!.getElementsByTagName('time')[0]!.textContent).toBe(minutesAgo(2));
    expect(waypoints[0]!.getElementsByTagName('desc')[0]!.textContent).toContain(job.driver.name);
  });

  it("keeps another company's trail from the console: 404, and 401 without a session", async () => {
    const company =
      job.booking.company === 'Northern Star Chauffeurs'
        ? 'Heathrow Executive Cars'
        : 'Northern Star Chauffeurs';
    const other = await signIn(t, dispatcherOf(company));
    for (const path of ['trail', 'trail.gpx']) {
      const url = `/operator/jobs/${job.number}/${path}`;
      expect((await consoleCall(t, 'GET', url, { session: other })).statusCode).toBe(404);
      expect((await consoleCall(t, 'GET', url)).statusCode).toBe(401);
      const noLeg = `/operator/jobs/${job.number}-R/${path}`;
      expect((await consoleCall(t, 'GET', noLeg, { session: job.office })).statusCode).toBe(404);
    }
  });

  it('deletes positions sent outside a job after a day, and keeps every trail', async () => {
    const db = t.db.handle.db;
    const dayAndHour = new Date(FIXED_NOW.getTime() - 25 * 60 * MINUTE);
    const hourAgo = new Date(FIXED_NOW.getTime() - 60 * MINUTE);
    const base = { driver_id: job.driver.id, lat: 51.5, lng: -0.1 };
    await db
      .insertInto('driver_positions')
      .values([
        { ...base, at: dayAndHour, received_at: dayAndHour, lng: -0.11 },
        { ...base, at: hourAgo, received_at: hourAgo, lng: -0.12 },
        {
          ...base,
          booking_id: job.booking.id,
          leg: 'outward',
          at: dayAndHour,
          received_at: dayAndHour,
          lng: -0.13,
        },
      ])
      .execute();
    const result = await t.app.retention.runOnce();
    expect(result?.positions).toBe(1);
    const left = await db
      .selectFrom('driver_positions')
      .select('lng')
      .where('driver_id', '=', job.driver.id)
      .where('lng', 'in', [-0.11, -0.12, -0.13])
      .orderBy('lng', 'desc')
      .execute();
    expect(left.map((row) => row.lng)).toEqual([-0.12, -0.13]);
  });
});
