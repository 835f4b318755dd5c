import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_SESSION_COOKIE } from '../../src/contract/driver';
import { offerAnswerResponseSchema } from '../../src/contract/job-offers';
import { API_BASE, OPERATOR_SESSION_COOKIE } from '../../src/contract/paths';
import { operatorBookingResponseSchema } from '../../src/contract/operator';
import { buildApp } from '../../src/server/app';
import type { DriverIdentity } from '../../src/server/services/driver/driver-auth-service';
import { DRIVER_PASSWORD, driverCall, driverSignIn, giveDriverLogin } from './driver-fixtures';
import { testConfig, testDatabaseKinds } from './helpers';
import { openEvents, type EventReader } from './live-fixtures';
import type { TestApp } from './helpers';
import {
  confirmedJob,
  driverNamed,
  historyOf,
  HEATHROW,
  jobRow,
  needsAction,
  offerCall,
  startOfferApp,
  vehicleOf,
} from './offer-fixtures';
import { dispatcherOf, signIn } from './operator-fixtures';
import { FIXED_NOW } from './quote-fixtures';

const SECOND = 1000;

/**
 * Issue 34: the console offers a job to a driver with a vehicle; the driver accepts (Driver
 * assigned, the passenger mailed) or declines with a reason; an offer unanswered for
 * OFFER_TIMEOUT_SECONDS times out. A declined or timed-out job is back in Needs action with a
 * history row; an open one waits on its driver.
 */
describe.each(testDatabaseKinds())(
  'job offers on %s',
  (kind) => {
    let t: TestApp & { dataDir: string };
    let now = FIXED_NOW;
    let session: string;
    let james: DriverIdentity;
    let sophie: DriverIdentity;
    let car: number;

    beforeAll(async () => {
      t = await startOfferApp(kind, () => now, { env: { OFFER_TIMEOUT_SECONDS: '120' } });
      session = await signIn(t, dispatcherOf(HEATHROW));
      james = await driverNamed(t, 'James Okafor');
      sophie = await driverNamed(t, 'Sophie Turner');
      car = await vehicleOf(t, HEATHROW, 'LB71 XKE');
      for (const driver of [james, sophie]) {
        const email = `${driver.name.toLowerCase().replace(' ', '.')}@offers.example`;
        drivers[driver.name] = await driverSignIn(t, await giveDriverLogin(t, driver.id, email));
      }
    });
    afterAll(() => t?.close());

    const drivers: Record<string, string> = {};

    /** A driver's answer from the app: accept, or decline with a reason. */
    function answer(who: DriverIdentity, number: string, reason?: string) {
      const path = `/driver/jobs/${number}/${reason === undefined ? 'accept' : 'decline'}`;
      const body = reason === undefined ? undefined : { reason };
      return driverCall(t, 'POST', path, { session: drivers[who.name], body });
    }

    async function accepted(who: DriverIdentity, number: string) {
      const res = await answer(who, number);
      expect(res.statusCode, res.body).toBe(200);
      return offerAnswerResponseSchema.parse(res.json()).data;
    }

    async function refusal(res: Awaited<ReturnType<typeof answer>>) {
      return { status: res.statusCode, message: (res.json() as { message: string }).message };
    }

    async function offered(number: string, driver = james) {
      const res = await offerCall(t, session, number, { driver_id: driver.id, vehicle_id: car });
      expect(res.statusCode, res.body).toBe(200);
      return operatorBookingResponseSchema.parse(res.json()).data;
    }

    it('offer, then accept: Driver assigned by the driver, with the passenger mailed', async () => {
      now = FIXED_NOW;
      const number = await confirmedJob(t, session);
      const booking = await offered(number);
      expect(booking.jobs[0]!.status).toBe('confirmed');
      let job = await jobRow(t, number);
      expect(job.offered_driver_id).toBe(james.id);
      expect(job.offered_vehicle_id).toBe(car);
      expect(new Date(job.offer_expires_at!).getTime()).toBe(FIXED_NOW.getTime() + 120 * SECOND);
      const dispatcher = job.dispatched_by_operator_id;
      expect(dispatcher).not.toBeNull();
      // Waiting on its driver, not on the office.
      expect(await needsAction(t, session)).not.toContain(number);

      now = new Date(FIXED_NOW.getTime() + 60 * SECOND);
      expect(await accepted(james, number)).toEqual({ job_ref: number, status: 'driver_assigned' });
      job = await jobRow(t, number);
      expect(job.status).toBe('driver_assigned');
      expect(job.driver_id).toBe(james.id);
      expect(job.vehicle_registration).toBe('LB71 XKE');
      expect(job.offered_driver_id).toBeNull();
      expect(job.offer_expires_at).toBeNull();
      // Who dispatched it stays the console account that offered it.
      expect(job.dispatched_by_operator_id).toBe(dispatcher);
      expect(job.vehicle_id).toBe(car);
      const history = await historyOf(t, number);
      expect(history.slice(-2)).toMatchObject([
        { actor: 'operator', note: 'Offered to James Okafor', to_status: 'confirmed' },
        {
          actor: 'driver',
          actor_name: 'James Okafor',
          driver_id: james.id,
          from_status: 'confirmed',
          to_status: 'driver_assigned',
          note: 'Driver: James Okafor, LB71 XKE',
        },
      ]);
      const mail = await t.db.handle.db
        .selectFrom('outbox')
        .select('kind')
        .where('subject', 'like', `%${number}%`)
        .where('kind', '=', 'booking-status-driver-assigned')
        .execute();
      expect(mail).toHaveLength(1);
      const activity = await t.db.handle.db
        .selectFrom('console_activity')
        .select('summary')
        .where('subject', '=', number)
        .execute();
      expect(activity.map((row) => row.summary)).toContain('Offered to James Okafor');

      // A second tap changes nothing; another driver of the company is told it is not theirs.
      await accepted(james, number);
      expect(await refusal(await answer(sophie, number))).toMatchObject({
        status: 404,
      });
      expect(await historyOf(t, number)).toHaveLength(history.length);
    });

    it('decline with a reason: back in Needs action with a history row', async () => {
      now = FIXED_NOW;
      const number = await confirmedJob(t, session);
      await offered(number);
      // Three days before the pickup, a Confirmed job without an offer waits on nobody yet.
      expect(await needsAction(t, session)).not.toContain(number);
      const declined = await answer(james, number, 'Car in for service');
      expect(declined.statusCode, declined.body).toBe(200);
      expect(offerAnswerResponseSchema.parse(declined.json()).data).toEqual({
        job_ref: number,
        status: 'confirmed',
      });
      const job = await jobRow(t, number);
      expect(job).toMatchObject({ status: 'confirmed', offered_driver_id: null, driver_id: null });
      expect((await historyOf(t, number)).at(-1)).toMatchObject({
        actor: 'driver',
        driver_id: james.id,
        note: 'Declined by James Okafor: Car in for service',
        from_status: 'confirmed',
        to_status: 'confirmed',
      });
      expect(await needsAction(t, session)).toContain(number);
      // The declined offer cannot be taken back; a new one, accepted, clears Needs action.
      expect(await refusal(await answer(james, number))).toMatchObject({
        status: 404,
      });
      await offered(number, sophie);
      expect(await needsAction(t, session)).not.toContain(number);
      await accepted(sophie, number);
      expect(await needsAction(t, session)).not.toContain(number);
    });

    it('an open offer waits on its driver, even within a day of the pickup', async () => {
      // Twelve hours before the demo pickup (24 November, 10:15): a Confirmed job with no
      // driver is waiting on the office, unless it is offered.
      now = new Date('2026-11-23T22:15:00Z');
      const office = await signIn(t, dispatcherOf(HEATHROW));
      const app = await driverSignIn(t, {
        email: 'james.okafor@offers.example',
        password: DRIVER_PASSWORD,
      });
      const number = await confirmedJob(t, office);
      expect(await needsAction(t, office)).toContain(number);
      const res = await offerCall(t, office, number, { driver_id: james.id, vehicle_id: car });
      expect(res.statusCode, res.body).toBe(200);
      expect(await needsAction(t, office)).not.toContain(number);
      const declined = await driverCall(t, 'POST', `/driver/jobs/${number}/decline`, {
        session: app,
        body: { reason: 'Stuck on the M25' },
      });
      expect(declined.statusCode, declined.body).toBe(200);
      expect(await needsAction(t, office)).toContain(number);
    });

    it('a new offer replaces an open one', async () => {
      now = FIXED_NOW;
      const number = await confirmedJob(t, session);
      await offered(number, james);
      await offered(number, sophie);
      expect((await jobRow(t, number)).offered_driver_id).toBe(sophie.id);
      expect(await refusal(await answer(james, number))).toMatchObject({
        status: 404,
      });
      expect(await refusal(await answer(james, number, 'No'))).toMatchObject({
        status: 404,
      });
    });

    it("is the offered driver's only: 404 to another company's, 401 signed out, 400 naming the reason", async () => {
      now = FIXED_NOW;
      const number = await confirmedJob(t, session);
      await offered(number);
      const callum = await driverNamed(t, 'Callum Fraser');
      drivers[callum.name] = await driverSignIn(
        t,
        await giveDriverLogin(t, callum.id, 'callum.fraser@offers.example'),
      );
      expect(await refusal(await answer(callum, number))).toMatchObject({ status: 404 });
      expect(await refusal(await answer(callum, number, 'Too far'))).toMatchObject({ status: 404 });
      expect(await refusal(await answer(sophie, `${number}-R`))).toMatchObject({ status: 404 });
      const signedOut = await driverCall(t, 'POST', `/driver/jobs/${number}/accept`);
      expect(signedOut.statusCode).toBe(401);
      const noReason = await driverCall(t, 'POST', `/driver/jobs/${number}/decline`, {
        session: drivers[james.name],
        body: { reason: '  ' },
      });
      expect(noReason.statusCode, noReason.body).toBe(400);
      expect((noReason.json() as { errors: { path: string }[] }).errors[0]!.path).toBe('reason');
      expect((await jobRow(t, number)).offered_driver_id).toBe(james.id);
    });

    it('is heard at once on the live streams: the drivers concerned and the console', async () => {
      now = FIXED_NOW;
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const streams: EventReader[] = [];
      const open = async (path: string, cookie: string) => {
        const reader = await openEvents(`${base}${API_BASE}${path}`, { cookie });
        streams.push(reader);
        return reader;
      };
      try {
        const number = await confirmedJob(t, session);
        const office = await open('/operator/events', `${OPERATOR_SESSION_COOKIE}=${session}`);
        const jamesApp = await open(
          '/driver/events',
          `${DRIVER_SESSION_COOKIE}=${drivers[james.name]}`,
        );
        const sophieApp = await open(
          '/driver/events',
          `${DRIVER_SESSION_COOKIE}=${drivers[sophie.name]}`,
        );
        const heard = { type: 'offer', job_ref: number };
        await offered(number, james);
        expect(await jamesApp.next((e) => e.type === 'offer')).toEqual(heard);
        expect(await office.next((e) => e.type === 'offer')).toEqual(heard);
        // Offered to Sophie instead: James hears his offer is gone.
        jamesApp.events.length = 0;
        await offered(number, sophie);
        expect(await sophieApp.next((e) => e.type === 'offer')).toEqual(heard);
        expect(await jamesApp.next((e) => e.type === 'offer')).toEqual(heard);
        // Declined: the console hears the job is back with it.
        office.events.length = 0;
        expect((await answer(sophie, number, 'Off sick')).statusCode).toBe(200);
        expect(await office.next((e) => e.type === 'offer')).toEqual(heard);
      } finally {
        for (const reader of streams) reader.close();
      }
    });

    it('times out once, by the system, however many sweeps race for it', async () => {
      now = FIXED_NOW;
      const numbers: string[] = [];
      for (let i = 0; i < 4; i += 1) numbers.push(await confirmedJob(t, session));
      for (const number of numbers) await offered(number);
      const [answered, ...unanswered] = numbers as [string, ...string[]];
      // A second API process on the same database, sweeping with the same clock.
      const other = await buildApp({
        config: testConfig({ DATA_DIR: t.dataDir, OFFER_SWEEP_INTERVAL_MS: '0' }),
        db: t.db.handle,
        clock: () => now,
      });
      await other.ready();
      try {
        now = new Date(FIXED_NOW.getTime() + 119 * SECOND);
        expect(await t.app.jobOffers.sweeper.runOnce()).toBe(0);
        await accepted(james, answered);

        now = new Date(FIXED_NOW.getTime() + 120 * SECOND);
        // Past its time and not yet swept: the offer has ended.
        expect(await refusal(await answer(james, unanswered[0]!))).toEqual({
          status: 409,
          message: 'This offer has ended',
        });
        const due = await t.db.handle.db
          .selectFrom('booking_jobs')
          .select('booking_id')
          .where('offered_driver_id', 'is not', null)
          .where('offer_expires_at', '<=', now)
          .execute();
        const ended = await Promise.all([
          t.app.jobOffers.sweeper.runOnce(),
          other.jobOffers.sweeper.runOnce(),
          t.app.jobOffers.sweeper.runOnce(),
          other.jobOffers.sweeper.runOnce(),
        ]);
        expect(ended.reduce((sum, n) => sum + n, 0)).toBe(due.length);
        expect(due.length).toBeGreaterThanOrEqual(unanswered.length);
      } finally {
        await other.close();
      }
      for (const number of unanswered) {
        const timedOut = (await historyOf(t, number)).filter((row) => row.actor === 'system');
        expect(timedOut).toEqual([
          expect.objectContaining({
            actor_name: 'System',
            note: 'Offer to James Okafor timed out',
            from_status: 'confirmed',
            to_status: 'confirmed',
          }),
        ]);
        expect(await jobRow(t, number)).toMatchObject({
          offered_driver_id: null,
          status: 'confirmed',
        });
      }
      const listed = await needsAction(t, session);
      for (const number of unanswered) expect(listed).toContain(number);
      expect(listed).not.toContain(answered);
      // Swept, the job is no longer offered to them: not theirs.
      expect(await refusal(await answer(james, unanswered[0]!))).toMatchObject({
        status: 404,
      });
    });
  },
  60_000,
);
