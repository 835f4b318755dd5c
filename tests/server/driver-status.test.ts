import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverJobResponseSchema } from '../../src/contract/driver';
import { operatorBookingResponseSchema } from '../../src/contract/operator';
import { DRIVER_MESSAGES } from '../../src/domain/driver-messages';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { DEMO_DRIVER_LOGINS } from '../../src/server/db/seed-data/operator-accounts';
import { startBookingApp } from './booking-fixtures';
import { driverSignIn, giveDriverLogin, seededDriver } from './driver-fixtures';
import {
  assign,
  bookWith,
  dispatch,
  historyOf,
  press,
  pressBody,
  todayForm,
} from './driver-job-fixtures';
import { testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { consoleCall, dispatcherOf, pickupPassed, signIn } from './operator-fixtures';
import { FIXED_NOW } from './quote-fixtures';

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(FIXED_NOW.getTime() - minutes * MINUTE);
const HEATHROW = 'Heathrow Executive Cars';

describe.each(testDatabaseKinds())("the driver's status presses on %s", (kind) => {
  let t: TestApp;
  let heathrow: string;
  let james: { id: number; registration: string; session: string };
  let sophie: { id: number; registration: string; session: string };
  let hour = 12;

  /** A new job today, assigned to `driver` through the console. */
  async function jobFor(driver: { id: number; registration: string }) {
    hour += 1;
    const number = await bookWith(t, HEATHROW, todayForm({ pickup_hour: `${hour - 12}pm` }));
    await dispatch(t, heathrow, number, driver);
    return number;
  }

  const statusOf = (res: { json(): unknown }) => driverJobResponseSchema.parse(res.json()).data;

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    heathrow = await signIn(t, dispatcherOf(HEATHROW));
    const jamesRow = await seededDriver(t, 'James Okafor');
    const sophieRow = await seededDriver(t, 'Sophie Turner');
    james = {
      id: jamesRow.id,
      registration: 'LB71 XKE',
      session: await driverSignIn(t, DEMO_DRIVER_LOGINS[0]!),
    };
    const login = await giveDriverLogin(
      t,
      sophieRow.id,
      'sophie.turner@heathrow-executive.example',
    );
    sophie = { id: sophieRow.id, registration: 'LC22 HRT', session: await driverSignIn(t, login) };
  }, 120_000);
  afterAll(async () => t?.close());

  it('steps a job On the way to Complete, the history naming the driver with both times and the place', async () => {
    const number = await jobFor(james);
    const steps = [
      { status: 'en_route', at: ago(9), next: ['arrived'] },
      { status: 'arrived', at: ago(6), next: ['on_board'] },
      { status: 'on_board', at: ago(3), next: ['completed'] },
      { status: 'completed', at: ago(1), next: [] },
    ] as const;
    for (const step of steps) {
      const res = await press(t, james.session, number, pressBody(step.status, step.at));
      expect(res.statusCode, res.body).toBe(200);
      expect(statusOf(res)).toMatchObject({ status: step.status, next_statuses: step.next });
    }
    const rows = (await historyOf(t, number)).filter((row) => row.actor === 'driver');
    expect(rows.map((row) => row.to_status)).toEqual(steps.map((step) => step.status));
    for (const [i, row] of rows.entries()) {
      expect(row).toMatchObject({
        actor_name: 'James Okafor',
        driver_id: james.id,
        lat: 51.47,
        lng: -0.4543,
        accuracy: 12,
      });
      expect(new Date(row.pressed_at!).getTime()).toBe(steps[i]!.at.getTime());
      expect(new Date(row.at).getTime()).toBe(FIXED_NOW.getTime());
    }
    // The console reads who pressed and when it was pressed.
    const page = await consoleCall(t, 'GET', `/operator/bookings/${number}`, { session: heathrow });
    const history = operatorBookingResponseSchema.parse(page.json()).data.history;
    expect(history.at(-1)).toMatchObject({
      actor: 'driver',
      actor_name: 'James Okafor',
      to_status: 'completed',
      pressed_at: ago(1).toISOString(),
    });
  });

  it('refuses No-show until the wait after Arrived is over, then records it', async () => {
    const number = await jobFor(james);
    await pickupPassed(t, number);
    expect((await press(t, james.session, number, pressBody('no_show', ago(1)))).statusCode).toBe(
      409,
    );
    await press(t, james.session, number, pressBody('en_route', ago(25)));
    const arrived = await press(t, james.session, number, pressBody('arrived', ago(10)));
    // Arrived at 09:50: No-show from 10:05, 15 minutes on.
    expect(statusOf(arrived)).toMatchObject({
      next_statuses: ['on_board'],
      no_show_from: ago(-5).toISOString(),
    });
    const early = await press(t, james.session, number, pressBody('no_show', FIXED_NOW));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      success: false,
      message: DRIVER_MESSAGES.noShowNotYet('10:05', 15),
    });

    const waited = await jobFor(james);
    await pickupPassed(t, waited);
    await press(t, james.session, waited, pressBody('en_route', ago(40)));
    const there = await press(t, james.session, waited, pressBody('arrived', ago(20)));
    expect(statusOf(there).next_statuses).toEqual(['on_board', 'no_show']);
    const noShow = await press(t, james.session, waited, pressBody('no_show', FIXED_NOW));
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect(statusOf(noShow).status).toBe('no_show');
    expect((await historyOf(t, waited)).at(-1)).toMatchObject({
      actor: 'driver',
      to_status: 'no_show',
    });
  });

  it('refuses a press older than 2 hours or ahead of our clock, and any step not the driver’s', async () => {
    const number = await jobFor(james);
    const before = (await historyOf(t, number)).length;
    for (const at of [ago(121), ago(-3)]) {
      const res = await press(t, james.session, number, pressBody('en_route', at));
      expect(res.statusCode).toBe(400);
      expect((res.json() as { errors: { path: string }[] }).errors[0]!.path).toBe('at');
    }
    for (const status of ['confirmed', 'cancelled', 'driver_assigned']) {
      const res = await press(t, james.session, number, { status, at: ago(1).toISOString() });
      expect(res.statusCode, status).toBe(400);
      expect((res.json() as { errors: { path: string }[] }).errors[0]!.path).toBe('status');
    }
    expect(await historyOf(t, number)).toHaveLength(before);
    const late = await press(t, james.session, number, pressBody('en_route', ago(119)));
    expect(late.statusCode, late.body).toBe(200);
  });

  it('records presses sent again from the offline outbox exactly once, in order, with their own times', async () => {
    const number = await jobFor(james);
    const outbox = [
      { key: `press-${number}-1`, body: pressBody('en_route', ago(30)) },
      { key: `press-${number}-2`, body: pressBody('arrived', ago(20)) },
      { key: `press-${number}-3`, body: pressBody('on_board', ago(10)) },
    ];
    const first = [];
    for (const item of outbox) {
      const res = await press(t, james.session, number, item.body, item.key);
      expect(res.statusCode, res.body).toBe(200);
      first.push(res.json());
    }
    // The signal came back mid-send: the whole outbox again, the last one twice at once.
    for (const [i, item] of outbox.entries()) {
      const again = await press(t, james.session, number, item.body, item.key);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first[i]);
    }
    const last = outbox[2]!;
    const twice = await Promise.all([
      press(t, james.session, number, last.body, last.key),
      press(t, james.session, number, last.body, last.key),
    ]);
    expect(twice.map((res) => res.statusCode)).toEqual([200, 200]);

    const rows = (await historyOf(t, number)).filter((row) => row.actor === 'driver');
    expect(rows.map((row) => row.to_status)).toEqual(['en_route', 'arrived', 'on_board']);
    expect(rows.map((row) => new Date(row.pressed_at!).getTime())).toEqual(
      outbox.map((item) => new Date(item.body.at).getTime()),
    );
    // The same key for another press is refused.
    const reused = await press(t, james.session, number, pressBody('completed', ago(1)), last.key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      success: false,
      message: BOOKING_MESSAGES.idempotencyKeyReused,
    });
  });

  it('tells the driver when the job was given to another driver or cancelled meanwhile', async () => {
    const reassigned = await jobFor(james);
    await assign(t, heathrow, reassigned, sophie);
    const mine = await press(t, james.session, reassigned, pressBody('en_route', ago(2)));
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toEqual({ success: false, message: DRIVER_MESSAGES.notYours });
    const hers = await press(t, sophie.session, reassigned, pressBody('en_route', ago(1)));
    expect(hers.statusCode, hers.body).toBe(200);

    const cancelled = await jobFor(james);
    const cancel = await consoleCall(t, 'POST', `/operator/jobs/${cancelled}/status`, {
      session: heathrow,
      body: { status: 'cancelled', note: 'The passenger called' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const gone = await press(t, james.session, cancelled, pressBody('en_route', ago(2)));
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({ success: false, message: DRIVER_MESSAGES.jobCancelled });

    // A job that was never theirs is not there for them.
    const sophies = await jobFor(sophie);
    const notTheirs = await press(t, james.session, sophies, pressBody('en_route', ago(1)));
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ success: false, message: DRIVER_MESSAGES.jobNotFound });
    expect(
      (await press(t, james.session, '999999999', pressBody('en_route', ago(1)))).statusCode,
    ).toBe(404);
  });
});
