import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverJobsResponseSchema } from '../../src/contract/driver';
import { DRIVER_MESSAGES } from '../../src/domain/driver-messages';
import { DEMO_DRIVER_LOGINS } from '../../src/server/db/seed-data/operator-accounts';
import { startBookingApp } from './booking-fixtures';
import { driverCall, driverSignIn, giveDriverLogin, seededDriver } from './driver-fixtures';
import { bookWith, dispatch, driverJob, TODAY, todayForm } from './driver-job-fixtures';
import { testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { ADMIN, consoleCall, dispatcherOf, forceStatusOf, signIn } from './operator-fixtures';
import { FIXED_NOW, GATWICK_SOUTH, HEATHROW_T5, mileageForm } from './quote-fixtures';

const HEATHROW = 'Heathrow Executive Cars';
const NORTHERN = 'Northern Star Chauffeurs';

describe.each(testDatabaseKinds())("the driver's jobs on %s", (kind) => {
  let t: TestApp;
  let james: { id: number; registration: string; session: string };
  let sophie: { id: number; registration: string; session: string };
  let callum: { id: number; registration: string; session: string };
  let heathrow: string;
  const refs: Record<string, string> = {};

  async function driverOf(name: string, login: { email: string; password: string }) {
    const row = await seededDriver(t, name);
    const { vehicle_registration } = await t.db.handle.db
      .selectFrom('drivers')
      .select('vehicle_registration')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      registration: vehicle_registration,
      session: await driverSignIn(t, login),
    };
  }

  /** Puts a job on another day, in `status`. */
  async function movedTo(number: string, day: string, status: 'completed' | 'en_route') {
    await t.db.handle.db
      .updateTable('bookings')
      .set({ pick_up_date: day, pickup_at: new Date(`${day}T15:00:00Z`) })
      .where('booking_number', '=', number)
      .execute();
    await forceStatusOf(t, number, status);
  }

  /** Offers a confirmed job to a driver until `until`, as the console's Offer leaves it. */
  async function offered(number: string, driverId: number, until: Date) {
    const { id } = await t.db.handle.db
      .selectFrom('bookings')
      .select('id')
      .where('booking_number', '=', number)
      .executeTakeFirstOrThrow();
    await t.db.handle.db
      .updateTable('booking_jobs')
      .set({ offered_driver_id: driverId, offer_expires_at: until })
      .where('booking_id', '=', id)
      .execute();
  }

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    heathrow = await signIn(t, dispatcherOf(HEATHROW));
    const northern = await signIn(t, dispatcherOf(NORTHERN));
    james = await driverOf('James Okafor', DEMO_DRIVER_LOGINS[0]!);
    callum = await driverOf('Callum Fraser', DEMO_DRIVER_LOGINS[1]!);
    const sophieRow = await seededDriver(t, 'Sophie Turner');
    sophie = await driverOf(
      'Sophie Turner',
      await giveDriverLogin(t, sophieRow.id, 'sophie.turner@heathrow-executive.example'),
    );

    refs.today = await bookWith(
      t,
      HEATHROW,
      todayForm({
        pickup_fight_number: 'BA117',
        luggages: '2',
        meet_and_greet: 'yes',
        baby_seats: '1',
        stops: [{ street_name: 'Charing Cross station', number: '', postcode: 'WC2N 5HF' }],
      }),
    );
    await dispatch(t, heathrow, refs.today, james);
    refs.upcoming = await bookWith(t, HEATHROW, mileageForm());
    await dispatch(t, heathrow, refs.upcoming, james);
    refs.offer = await bookWith(t, HEATHROW, todayForm({ pickup_hour: '5pm' }));
    await forceStatusOf(t, refs.offer, 'confirmed');
    await offered(refs.offer, james.id, new Date(FIXED_NOW.getTime() + 120_000));
    refs.lapsedOffer = await bookWith(t, HEATHROW, todayForm({ pickup_hour: '6pm' }));
    await forceStatusOf(t, refs.lapsedOffer, 'confirmed');
    await offered(refs.lapsedOffer, james.id, new Date(FIXED_NOW.getTime() - 1_000));
    refs.yesterdayDone = await bookWith(t, HEATHROW, todayForm({ pickup_hour: '7pm' }));
    await dispatch(t, heathrow, refs.yesterdayDone, james);
    await movedTo(refs.yesterdayDone, '2026-11-20', 'completed');
    refs.yesterdayOpen = await bookWith(t, HEATHROW, todayForm({ pickup_hour: '8pm' }));
    await dispatch(t, heathrow, refs.yesterdayOpen, james);
    await movedTo(refs.yesterdayOpen, '2026-11-20', 'en_route');
    refs.sophies = await bookWith(t, HEATHROW, todayForm({ pickup_hour: '4pm' }));
    await dispatch(t, heathrow, refs.sophies, sophie);
    refs.callums = await bookWith(t, NORTHERN, todayForm());
    await dispatch(t, northern, refs.callums, callum);
  }, 240_000);
  afterAll(async () => t?.close());

  it('lists Today and Upcoming by UK date, offers first, without past days’ finished jobs', async () => {
    const res = await driverCall(t, 'GET', '/driver/jobs', { session: james.session });
    expect(res.statusCode, res.body).toBe(200);
    const { today, upcoming } = driverJobsResponseSchema.parse(res.json()).data;
    expect(today.map((job) => job.job_ref)).toEqual([refs.offer, refs.yesterdayOpen, refs.today]);
    expect(upcoming.map((job) => job.job_ref)).toEqual([refs.upcoming]);

    const [offer, , mine] = today;
    expect(offer!.offer_expires_at).toBe(new Date(FIXED_NOW.getTime() + 120_000).toISOString());
    expect(offer!.status).toBe('confirmed');
    const { total_pence } = await t.db.handle.db
      .selectFrom('bookings')
      .select('total_pence')
      .where('booking_number', '=', refs.today!)
      .executeTakeFirstOrThrow();
    expect(mine).toMatchObject({
      leg: 'outward',
      status: 'driver_assigned',
      pick_up_date: TODAY,
      pick_up_time: '15:00',
      pick_up_address: HEATHROW_T5,
      drop_off_address: GATWICK_SOUTH,
      passengers: 2,
      luggage: 2,
      travel_reference: 'BA117',
      offer_expires_at: null,
      collect: {
        kind: 'collect',
        amount_pence: total_pence,
        text: `Collect £${(total_pence / 100).toFixed(2)} in the car`,
      },
    });
    expect(mine!.vehicle).toMatch(/, LB71 XKE$/);
    expect(mine!.pickup_at).toBe('2026-11-21T15:00:00.000Z');
  });

  it('shows a job’s page: its points, extras, notes, the passenger’s first name and phone', async () => {
    const job = await driverJob(t, james.session, refs.today!);
    expect(job.points.map((point) => point.kind)).toEqual(['pickup', 'stop', 'dropoff']);
    expect(job.points[0]!.address).toBe(HEATHROW_T5);
    expect(job.points[1]!.address).toContain('Charing Cross');
    for (const point of job.points) {
      expect(point.lat).toEqual(expect.any(Number));
      expect(point.lng).toEqual(expect.any(Number));
    }
    expect(job.extras).toEqual(expect.arrayContaining(['Meet & Greet', 'Baby seats: 1']));
    expect(job.notes).toBe('Two large cases and a dog');
    expect(job.passenger_first_name).toBe('Priya');
    const { phone } = await t.db.handle.db
      .selectFrom('booking_passengers')
      .innerJoin('bookings', 'bookings.id', 'booking_passengers.booking_id')
      .select('booking_passengers.phone')
      .where('bookings.booking_number', '=', refs.today!)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({
      call_number: phone,
      call_label: 'Call Priya',
      next_statuses: ['en_route'],
      no_show_from: null,
    });
    // An offer is shown, with no steps until it is accepted.
    const offer = await driverJob(t, james.session, refs.offer!);
    expect(offer.next_statuses).toEqual([]);
    expect(offer.offer_expires_at).not.toBeNull();
  });

  it("gives the office's number instead when the admin switches the passenger's phone off", async () => {
    const admin = await signIn(t, ADMIN);
    const change = (value: string) =>
      consoleCall(t, 'PUT', '/operator/settings', {
        session: admin,
        body: { DRIVER_SEES_PASSENGER_PHONE: value },
      });
    const off = await change('no');
    expect(off.statusCode, off.body).toBe(200);
    try {
      const job = await driverJob(t, james.session, refs.today!);
      const me = await driverCall(t, 'GET', '/driver/me', { session: james.session });
      const office = (me.json() as { data: { company_phone: string } }).data.company_phone;
      expect(office).not.toBe('');
      expect(job).toMatchObject({ call_number: office, call_label: 'Call the office' });
    } finally {
      expect((await change('yes')).statusCode).toBe(200);
    }
  });

  it('says what to collect: Paid for a card booking, On account for an account one', async () => {
    const paymentOf = (method: 'card' | 'account') =>
      t.db.handle.db
        .updateTable('bookings')
        .set({ payment_method: method })
        .where('booking_number', '=', refs.upcoming!)
        .execute();
    await paymentOf('card');
    expect((await driverJob(t, james.session, refs.upcoming!)).collect).toEqual({
      kind: 'paid',
      amount_pence: 0,
      text: 'Paid',
    });
    await paymentOf('account');
    expect((await driverJob(t, james.session, refs.upcoming!)).collect).toEqual({
      kind: 'account',
      amount_pence: 0,
      text: 'On account',
    });
  });

  it("answers 404 for another driver's job, another company's, a lapsed offer and an unknown one", async () => {
    for (const ref of [refs.sophies, refs.callums, refs.lapsedOffer, '999999999', 'not-a-ref']) {
      const res = await driverCall(t, 'GET', `/driver/jobs/${ref}`, { session: james.session });
      expect(res.statusCode, ref).toBe(404);
      expect(res.json()).toEqual({ success: false, message: DRIVER_MESSAGES.jobNotFound });
    }
    // Each driver sees their own.
    expect((await driverJob(t, sophie.session, refs.sophies!)).job_ref).toBe(refs.sophies);
    expect((await driverJob(t, callum.session, refs.callums!)).job_ref).toBe(refs.callums);
    const callums = await driverCall(t, 'GET', '/driver/jobs', { session: callum.session });
    const list = driverJobsResponseSchema.parse(callums.json()).data;
    expect([...list.today, ...list.upcoming].map((job) => job.job_ref)).toEqual([refs.callums]);
    // Without a session, nothing.
    expect((await driverCall(t, 'GET', '/driver/jobs')).statusCode).toBe(401);
  });

  it('puts the driver on and off duty, answering as me', async () => {
    const on = await driverCall(t, 'POST', '/driver/duty', {
      session: sophie.session,
      body: { on_duty: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((on.json() as { data: { on_duty: boolean } }).data.on_duty).toBe(true);
    const row = await t.db.handle.db
      .selectFrom('drivers')
      .select(['on_duty', 'duty_changed_at'])
      .where('id', '=', sophie.id)
      .executeTakeFirstOrThrow();
    expect(row.on_duty).toBe(true);
    expect(new Date(row.duty_changed_at!).getTime()).toBe(FIXED_NOW.getTime());
    const bad = await driverCall(t, 'POST', '/driver/duty', {
      session: sophie.session,
      body: { on_duty: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: { path: string }[] }).errors[0]!.path).toBe('on_duty');
  });
});
