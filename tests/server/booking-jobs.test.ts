import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amendPreviewResponseSchema,
  amendResponseSchema,
  cancelResponseSchema,
} from '../../src/contract/manage-booking';
import {
  jobsBoardResponseSchema,
  operatorBookingResponseSchema,
} from '../../src/contract/operator';
import { driversResponseSchema } from '../../src/contract/operator-drivers';
import type { BookingStatus } from '../../src/domain/booking-lifecycle';
import { startBookingApp } from './booking-fixtures';
import type { TestApp } from './helpers';
import { testDatabaseKinds } from './helpers';
import { cardBooking, carBooking, ledger, manageCall, view } from './manage-booking-fixtures';
import { dispatcherOf, consoleCall, pickupPassed, signIn } from './operator-fixtures';
import { mileageForm, PLAIN_DAY } from './quote-fixtures';

const RETURN_DAY = '2026-11-27';

/** Heathrow → Gatwick on PLAIN_DAY, back on RETURN_DAY at 18:30. */
const returnTrip = () =>
  mileageForm({
    select_option: 'return',
    return_date: RETURN_DAY,
    return_hour: '6pm',
    return_min: '30',
  });

/** The mails written about a booking, oldest first. */
async function mailsAbout(t: TestApp, number: string) {
  return t.db.handle.db
    .selectFrom('outbox')
    .select(['kind', 'subject', 'text_body'])
    .where('subject', 'like', `%${number}%`)
    .orderBy('id')
    .execute();
}

/** The operator company a booking was made with. */
async function companyName(t: TestApp, number: string) {
  const row = await t.db.handle.db
    .selectFrom('bookings')
    .innerJoin('companies', 'companies.id', 'bookings.company_id')
    .select(['companies.name'])
    .where('booking_number', '=', number)
    .executeTakeFirstOrThrow();
  return row.name;
}

/**
 * Issue 32: each leg of a booking is a job — listed under its own date, given its own driver,
 * moved on its own — and the booking's status follows from its jobs'.
 */
describe.each(testDatabaseKinds())('jobs in the console API on %s', (kind) => {
  let t: TestApp;
  let session: string;

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
  });
  afterAll(() => t.close());

  const companyOf = (number: string) => companyName(t, number);

  async function dispatcherFor(number: string) {
    session = await signIn(t, dispatcherOf(await companyOf(number)));
    return session;
  }

  async function jobsBoard(query: string) {
    const res = await consoleCall(t, 'GET', `/operator/jobs?${query}`, { session });
    expect(res.statusCode, res.body).toBe(200);
    return jobsBoardResponseSchema.parse(res.json());
  }

  async function job(ref: string) {
    const res = await consoleCall(t, 'GET', `/operator/jobs/${ref}`, { session });
    expect(res.statusCode, res.body).toBe(200);
    return operatorBookingResponseSchema.parse(res.json()).data;
  }

  function move(ref: string, status: BookingStatus, note?: string) {
    return consoleCall(t, 'POST', `/operator/jobs/${ref}/status`, {
      session,
      body: { status, ...(note === undefined ? {} : { note }) },
    });
  }

  async function moveOk(ref: string, status: BookingStatus, note?: string) {
    const res = await move(ref, status, note);
    expect(res.statusCode, res.body).toBe(200);
    return operatorBookingResponseSchema.parse(res.json()).data;
  }

  async function twoDrivers() {
    const res = await consoleCall(t, 'GET', '/operator/drivers', { session });
    const usable = driversResponseSchema
      .parse(res.json())
      .data.filter((d) => d.active && d.licence_state !== 'expired');
    expect(usable.length).toBeGreaterThanOrEqual(2);
    return [usable[0]!, usable[1]!] as const;
  }

  function assign(ref: string, driver: { id: number; vehicle_registration: string }) {
    return consoleCall(t, 'POST', `/operator/jobs/${ref}/assign`, {
      session,
      body: { driver_id: driver.id, vehicle_registration: driver.vehicle_registration },
    });
  }

  it('lists a return booking as two jobs, each under its own date, and filters on the leg', async () => {
    const { number } = await carBooking(t, returnTrip());
    await dispatcherFor(number);
    const both = await jobsBoard(`q=${number}`);
    expect(both.total).toBe(2);
    expect(both.data.map((row) => [row.job_ref, row.leg, row.pick_up_date, row.status])).toEqual([
      [number, 'outward', PLAIN_DAY, 'pending'],
      [`${number}-R`, 'return', RETURN_DAY, 'pending'],
    ]);
    // The return leg starts where the outward one ended.
    expect(both.data[1]!.pick_up_address).toBe(both.data[0]!.drop_off_address);
    expect(both.data[1]!.pick_up_time).toBe('18:30');
    const returnDay = await jobsBoard(`q=${number}&from=${RETURN_DAY}&to=${RETURN_DAY}`);
    expect(returnDay.data.map((row) => row.job_ref)).toEqual([`${number}-R`]);
    // The bookings board still lists the booking once.
    const bookings = await consoleCall(t, 'GET', `/operator/bookings?q=${number}`, { session });
    expect(bookings.json().total).toBe(1);
  });

  it('gives each leg its own driver and walks the outward leg to Completed while the return waits', async () => {
    const { number } = await carBooking(t, returnTrip());
    await dispatcherFor(number);
    await moveOk(number, 'confirmed');
    const afterReturnConfirmed = await moveOk(`${number}-R`, 'confirmed');
    expect(afterReturnConfirmed.status).toBe('confirmed');
    const [first, second] = await twoDrivers();
    expect((await assign(number, first)).statusCode).toBe(200);
    expect((await assign(`${number}-R`, second)).statusCode).toBe(200);
    for (const status of ['en_route', 'arrived', 'on_board', 'completed'] as const) {
      await moveOk(number, status);
    }
    const detail = await job(`${number}-R`);
    expect(detail.jobs.map((each) => [each.job_ref, each.status, each.driver?.id])).toEqual([
      [number, 'completed', first.id],
      [`${number}-R`, 'driver_assigned', second.id],
    ]);
    // The booking reads as its next ride; its page offers that leg's moves per leg.
    expect(detail.status).toBe('driver_assigned');
    expect(detail.jobs[0]!.next_statuses).toEqual([]);
    expect(detail.jobs[1]!.next_statuses).toContain('en_route');
    // History names the leg of each move.
    const returnMoves = detail.history.filter((entry) => entry.leg === 'return');
    expect(returnMoves.map((entry) => entry.to_status)).toEqual(['confirmed', 'driver_assigned']);
    const board = await jobsBoard(`q=${number}`);
    expect(board.data.map((row) => [row.leg, row.status, row.driver_name])).toEqual([
      ['outward', 'completed', first.name],
      ['return', 'driver_assigned', second.name],
    ]);
    // The mails name the journey; the thanks and receipt wait until the booking is over.
    const mails = await mailsAbout(t, number);
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        `Your outward journey (booking ${number}) is confirmed`,
        `Your return journey (booking ${number}) is confirmed`,
        `Your driver for your return journey (booking ${number}): ${second.name.split(' ')[0]}`,
      ]),
    );
    expect(mails.filter((mail) => mail.kind === 'booking-status-completed')).toEqual([]);
    // A leg that is over moves no more, and says so.
    const refused = await move(number, 'en_route');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A booking that is Completed cannot become On the way');
  });

  it("cancels the return leg alone, refunding that leg's share, and the booking ends Completed", async () => {
    const { number, totalPence } = await cardBooking(t, returnTrip());
    await dispatcherFor(number);
    await moveOk(number, 'confirmed');
    const [driver] = await twoDrivers();
    expect((await assign(number, driver)).statusCode).toBe(200);
    for (const status of ['en_route', 'arrived', 'on_board', 'completed'] as const) {
      await moveOk(number, status);
    }
    const before = await ledger(t, number);
    const cancelled = await moveOk(`${number}-R`, 'cancelled', 'Flight home cancelled');
    expect(cancelled.jobs.map((each) => each.status)).toEqual(['completed', 'cancelled']);
    expect(cancelled.status).toBe('completed');
    const after = await ledger(t, number);
    const mails = await mailsAbout(t, number);
    const cancelMail = mails.find((mail) => mail.kind === 'booking-status-cancelled')!;
    expect(cancelMail.subject).toBe(
      `Your return journey on Friday 27 November 2026 is cancelled (booking ${number})`,
    );
    expect(cancelMail.text_body).toContain('Your other journey is unchanged.');
    // Every journey over, one of them ridden: now the thanks, with the receipt.
    expect(mails.filter((mail) => mail.kind === 'booking-status-completed')).toHaveLength(1);
    // The return's share: half the price, the outward leg keeping the odd penny.
    expect(before.booking.paid_pence - after.booking.paid_pence).toBe(Math.floor(totalPence / 2));
    expect(after.balanced).toBe(true);
  });

  it('cancels by the booking only the legs not yet ridden, refunding their share', async () => {
    const { number, totalPence } = await cardBooking(t, returnTrip());
    await dispatcherFor(number);
    await moveOk(number, 'confirmed');
    await moveOk(`${number}-R`, 'confirmed');
    const [driver] = await twoDrivers();
    expect((await assign(number, driver)).statusCode).toBe(200);
    // The pickup time has come: a No-show may be recorded only after it.
    await pickupPassed(t, number);
    for (const status of ['en_route', 'arrived', 'no_show'] as const) await moveOk(number, status);
    const res = await consoleCall(t, 'POST', `/operator/bookings/${number}/status`, {
      session,
      body: { status: 'cancelled', note: 'Passenger never came' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = operatorBookingResponseSchema.parse(res.json()).data;
    expect(data.jobs.map((each) => each.status)).toEqual(['no_show', 'cancelled']);
    expect(data.status).toBe('no_show');
    const money = await ledger(t, number);
    expect(totalPence - money.booking.paid_pence).toBe(Math.floor(totalPence / 2));
    expect(money.balanced).toBe(true);
  });

  it("keeps the booking's own endpoints working on the outward job", async () => {
    const { number } = await carBooking(t, returnTrip());
    await dispatcherFor(number);
    const res = await consoleCall(t, 'POST', `/operator/bookings/${number}/status`, {
      session,
      body: { status: 'confirmed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = operatorBookingResponseSchema.parse(res.json()).data;
    expect(data.jobs.map((each) => each.status)).toEqual(['confirmed', 'pending']);
    const [driver] = await twoDrivers();
    const assigned = await consoleCall(t, 'POST', `/operator/bookings/${number}/assign`, {
      session,
      body: { driver_id: driver.id, vehicle_registration: driver.vehicle_registration },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const after = operatorBookingResponseSchema.parse(assigned.json()).data;
    expect(after.jobs.map((each) => [each.status, each.driver?.id ?? null])).toEqual([
      ['driver_assigned', driver.id],
      ['pending', null],
    ]);
    // The booking's driver is the outward job's, as before jobs.
    expect(after.driver?.id).toBe(driver.id);
  });

  it('takes presses on the two legs at once, each judged on its own leg', async () => {
    const { number } = await carBooking(t, returnTrip());
    await dispatcherFor(number);
    const [outward, back] = await Promise.all([
      move(number, 'confirmed'),
      move(`${number}-R`, 'confirmed'),
    ]);
    expect([outward.statusCode, back.statusCode]).toEqual([200, 200]);
    const detail = await job(number);
    expect(detail.jobs.map((each) => each.status)).toEqual(['confirmed', 'confirmed']);
    expect(detail.status).toBe('confirmed');
    expect(detail.history.filter((entry) => entry.to_status === 'confirmed')).toHaveLength(2);
    // The same leg pressed twice at once: one moves, the other is judged on the result.
    const [a, b] = await Promise.all([
      move(number, 'cancelled', 'x'),
      move(number, 'cancelled', 'y'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('answers 404 for a return leg of a one-way booking, a bad reference or another company’s job', async () => {
    const { number } = await carBooking(t);
    await dispatcherFor(number);
    expect(
      (await consoleCall(t, 'GET', `/operator/jobs/${number}-R`, { session })).statusCode,
    ).toBe(404);
    expect((await move(`${number}-R`, 'confirmed')).statusCode).toBe(404);
    expect((await consoleCall(t, 'GET', '/operator/jobs/%27-R', { session })).statusCode).toBe(404);
    const company = await companyOf(number);
    const other = ['Heathrow Executive Cars', 'Thames Valley Private Hire'].find(
      (name) => name !== company,
    )!;
    const otherSession = await signIn(t, dispatcherOf(other));
    const res = await consoleCall(t, 'GET', `/operator/jobs/${number}`, { session: otherSession });
    expect(res.statusCode).toBe(404);
  });
});

/** Issue 32: the passenger sees each leg and may cancel the return leg alone. */
describe.each(testDatabaseKinds())("the passenger's legs on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
  });
  afterAll(() => t.close());

  it('lists each leg with its own status and pickup, and states the return share before cancelling it', async () => {
    const { number, token, totalPence } = await cardBooking(t, returnTrip());
    const booking = await view(t, number, token);
    expect(booking.jobs.map((job) => [job.job_ref, job.leg, job.status, job.pick_up_date])).toEqual(
      [
        [number, 'outward', 'pending', PLAIN_DAY],
        [`${number}-R`, 'return', 'pending', RETURN_DAY],
      ],
    );
    expect(booking.jobs[1]!.pick_up_time).toBe('18:30');
    // Each leg's own extras and steps.
    expect(booking.jobs.map((job) => job.extras)).toEqual([
      booking.booking.legExtras.outward,
      booking.booking.legExtras.return,
    ]);
    expect(booking.jobs[0]!.timeline.map((entry) => entry.to_status)).toEqual(['pending']);
    expect(booking.jobs[1]!.timeline).toEqual([]);
    const share = Math.floor(totalPence / 2) / 100;
    expect(booking.return_cancellation).toMatchObject({ kind: 'free', refund: share });
    expect(booking.cancellation).toMatchObject({ kind: 'free', refund: totalPence / 100 });

    const res = await manageCall(t, 'POST', `/${number}/cancel`, {
      token,
      body: { leg: 'return', reason: 'Staying on', expected_refund: share },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = cancelResponseSchema.parse(res.json());
    expect(after.refund.amount).toBe(share);
    expect(after.booking.jobs.map((job) => job.status)).toEqual(['pending', 'cancelled']);
    expect(after.booking.status).toBe('pending');
    // Only the outward leg is left: cancelling the return alone is no longer offered.
    expect(after.booking.return_cancellation).toBeNull();
    expect(after.booking.cancellation?.refund).toBe(
      (totalPence - Math.floor(totalPence / 2)) / 100,
    );
    const money = await ledger(t, number);
    expect(money.refunds).toBe(Math.floor(totalPence / 2));
    expect(money.balanced).toBe(true);
    const history = after.booking.history.filter((entry) => entry.to_status === 'cancelled');
    expect(history.map((entry) => [entry.leg, entry.actor])).toEqual([['return', 'passenger']]);
    const mail = await t.db.handle.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('kind', '=', 'booking-return-cancelled-by-passenger')
      .where('text_body', 'like', `%${number}%`)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(
      `Your return journey on Friday 27 November 2026 is cancelled (booking ${number})`,
    );
    expect(mail.text_body).toContain('Your outward journey is unchanged.');
    const operatorMail = await t.db.handle.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('kind', '=', 'operator-booking-cancelled')
      .where('subject', 'like', `%${number}%`)
      .executeTakeFirstOrThrow();
    expect(operatorMail.subject).toBe(
      `Return journey of booking ${number} cancelled by the passenger`,
    );
    expect(operatorMail.text_body).toContain('The outward journey stands.');

    // A second press finds nothing to cancel on its own; the booking can still be cancelled.
    const again = await manageCall(t, 'POST', `/${number}/cancel`, {
      token,
      body: { leg: 'return' },
    });
    expect(again.statusCode).toBe(409);
    const whole = await manageCall(t, 'POST', `/${number}/cancel`, { token, body: {} });
    expect(whole.statusCode, whole.body).toBe(200);
    const end = await ledger(t, number);
    expect(end.booking.paid_pence).toBe(0);
    expect(end.booking.status).toBe('cancelled');
  });

  it('changes the return leg alone, priced again, sending only it back to Pending', async () => {
    const { number, token } = await carBooking(t, returnTrip());
    const session = await signIn(t, dispatcherOf(await companyName(t, number)));
    for (const ref of [number, `${number}-R`]) {
      const res = await consoleCall(t, 'POST', `/operator/jobs/${ref}/status`, {
        session,
        body: { status: 'confirmed' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await view(t, number, token);
    const preview = await manageCall(t, 'POST', `/${number}/amend-preview`, {
      token,
      body: { leg: 'return', pick_up_time: '21:00', luggages: 1 },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const planned = amendPreviewResponseSchema.parse(preview.json()).data;
    expect(planned.old_total).toBe(before.booking.booking.total_booking_amount);

    const res = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { leg: 'return', pick_up_time: '21:00', luggages: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = amendResponseSchema.parse(res.json()).booking;
    expect(after.booking.booking.total_booking_amount).toBe(planned.new_total);
    expect(after.booking.booking.return_time).toBe('21:00');
    expect(after.booking.booking.pick_up_time).toBe(before.booking.booking.pick_up_time);
    expect(after.booking.legExtras.return?.luggages).toBe(1);
    expect(after.booking.legExtras.outward.luggages).toBe(
      before.booking.legExtras.outward.luggages,
    );
    // Only the moved leg goes back to the operator; the outward one stays confirmed.
    expect(after.jobs.map((job) => [job.leg, job.status, job.pick_up_time])).toEqual([
      ['outward', 'confirmed', before.jobs[0]!.pick_up_time],
      ['return', 'pending', '21:00'],
    ]);
    const last = after.history.at(-1)!;
    expect(last).toMatchObject({ leg: 'return', from_status: 'confirmed', to_status: 'pending' });
    expect(last.note).toContain('return pickup time');
  });

  it('refuses a change of the return leg of a one-way booking, naming the field', async () => {
    const { number, token } = await carBooking(t);
    const res = await manageCall(t, 'POST', `/${number}/amend-preview`, {
      token,
      body: { leg: 'return', pick_up_time: '21:00' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('leg');
  });

  it('refuses leg "return" on a one-way booking and any other leg, naming the field', async () => {
    const { number, token } = await cardBooking(t);
    const oneWay = await manageCall(t, 'POST', `/${number}/cancel`, {
      token,
      body: { leg: 'return' },
    });
    expect(oneWay.statusCode).toBe(409);
    const bad = await manageCall(t, 'POST', `/${number}/cancel`, {
      token,
      body: { leg: 'outward' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('leg');
    expect((await view(t, number, token)).status).toBe('pending');
  });
});
